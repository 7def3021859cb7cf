import type { Page } from '@playwright/test';
import { dataOf, expect, test, visitorContext } from './support/fixtures';

/** Selects the one card of that name in the list and moves it to the trash (with the confirmation). */
async function trashFromList(page: Page, name: string): Promise<void> {
  await page.goto(`/user/perfiles?search=${encodeURIComponent(name)}`);
  const tile = page.getByTestId('profile-tile').filter({ hasText: name });
  await expect(tile).toHaveCount(1);
  await tile.getByTestId('profile-select').check();
  await page.getByTestId('bulk-trash').click();
  await page.getByTestId('confirm-submit').click();
  await expect(page.getByTestId('profile-tile').filter({ hasText: name })).toHaveCount(0);
}

test.describe('the trash', () => {
  test.use({ signedIn: 'user' });

  test('a trashed card comes back with Undo, and again from the Papelera, with its public link working again', async ({
    page,
    request,
    browser,
    user,
  }) => {
    test.slow(); // several pages and a second browser context on a shared machine
    const name = `Trash ${Date.now().toString(36)}`;
    const { id } = await dataOf<{ id: string }>(
      await request.post('/api/profiles', { headers: user.headers, data: { kind: 'card', card: { firstName: name } } }),
      201,
    );

    // Undo, from the keyboard, right after the move to the trash.
    await trashFromList(page, name);
    const undo = page.getByTestId('notification-action');
    await expect(undo).toHaveText('Undo');
    await undo.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('profile-tile').filter({ hasText: name })).toHaveCount(1);

    // To the trash again: the public link answers "not available" (404) while it is there.
    await trashFromList(page, name);
    const publicUrl = `/link/${user.alias}/${id}`;
    expect((await request.get(`/api/public${publicUrl}`)).status()).toBe(404);
    const visitor = await visitorContext(browser);
    const publicPage = await visitor.newPage();
    await publicPage.goto(publicUrl);
    await expect(publicPage.getByTestId('public-profile-not-available')).toBeVisible();

    // The Papelera lists it with when it goes for good, and restores it.
    await page.goto('/user/papelera');
    const row = page.getByTestId('trash-item').filter({ hasText: name });
    await expect(row).toHaveAttribute('data-kind', 'card');
    await expect(row.getByTestId('trash-item-purge')).toHaveText(/in (29|30) days/);
    await page.getByTestId('trash-filter-file').click();
    await expect(page.getByTestId('trash-item').filter({ hasText: name })).toHaveCount(0);
    await page.getByTestId('trash-filter-card').click();
    await row.getByTestId('trash-restore').click();
    await expect(page.getByTestId('notification-success').filter({ hasText: name })).toBeVisible();
    await expect(page.getByTestId('trash-item').filter({ hasText: name })).toHaveCount(0);

    expect((await request.get(`/api/public${publicUrl}`)).status()).toBe(200);
    await publicPage.goto(publicUrl);
    await expect(publicPage.getByTestId('public-profile-view')).toBeVisible();
    await visitor.close();
  });
});
