import { expect, test, type Browser } from '@playwright/test';
import { apiToken, bearer, login } from './support/session';

/** A visitor, signed out in a browser context of their own, writes through the public page's contact form. */
async function visitorWrites(browser: Browser, profileId: string, name: string, message: string) {
  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  await page.goto(`/link/demo/${profileId}`);
  await page.getByTestId('contact-name').fill(name);
  await page.getByTestId('contact-email').fill(`visitor-${Date.now()}@e2e.enlaza.test`);
  await page.getByTestId('contact-message').fill(message);
  await page.getByTestId('contact-submit').click();
  await expect(page.getByTestId('contact-form-success')).toBeVisible();
  await visitor.close();
}

test.describe('notifications', () => {
  test('a visitor’s message raises the owner’s bell without a reload; opening it marks it read', async ({ page, browser, request }) => {
    test.setTimeout(60_000);
    const stamp = Date.now().toString(36);
    const token = await apiToken(request, 'user');
    const created = await request.post('/api/profiles', {
      headers: bearer(token),
      data: { kind: 'card', card: { firstName: 'Bell', lastName: `Owner ${stamp}` } },
    });
    expect(created.status(), await created.text()).toBe(201);
    const profileId = ((await created.json()) as { data: { id: string } }).data.id;
    // Start from nothing unread, whatever other tests left.
    await request.post('/api/notifications/read-all', { headers: bearer(token) });

    await login(page, 'user');
    const bell = page.getByTestId('notification-bell');
    await expect(bell).toBeVisible();
    await expect(page.getByTestId('notification-count')).toHaveCount(0);

    await visitorWrites(browser, profileId, `Marta ${stamp}`, `Is the studio open on Saturday? ${stamp}`);
    await expect(page.getByTestId('notification-count')).toHaveText('1');
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread');

    await bell.click();
    const panel = page.getByTestId('notification-panel');
    await expect(panel).toBeVisible();
    const item = panel.getByTestId('notification-item').first();
    await expect(item).toContainText(`New message from Marta ${stamp}`);
    await expect(item).toContainText(`Is the studio open on Saturday? ${stamp}`);
    await item.click();
    await expect(page).toHaveURL(new RegExp(`/user/buzon/${profileId}\\?message=`));
    await expect(page.getByTestId('notification-count')).toHaveCount(0);

    // A second one, then the page: listed there, and "mark all read" clears the bell.
    await visitorWrites(browser, profileId, `Nico ${stamp}`, `Second message ${stamp}`);
    await expect(page.getByTestId('notification-count')).toHaveText('1');
    await page.goto('/user/notificaciones');
    const list = page.getByTestId('notifications-list');
    await expect(list.getByTestId('notification-item').first()).toContainText(`New message from Nico ${stamp}`);
    await expect(list.getByTestId('notification-item').first()).toHaveAttribute('data-unread', 'true');
    await page.getByTestId('notifications-mark-all').click();
    await expect(page.getByTestId('notification-count')).toHaveCount(0);
    await expect(list.getByTestId('notification-item').first()).not.toHaveAttribute('data-unread', 'true');
  });
});
