import type { Browser } from '@playwright/test';
import { expect, test, visitorContext } from './support/fixtures';

/** A visitor, signed out in a browser context of their own, writes through the public page's contact form. */
async function visitorWrites(browser: Browser, publicPath: string, name: string, message: string) {
  const visitor = await visitorContext(browser);
  const page = await visitor.newPage();
  await page.goto(publicPath);
  await page.getByTestId('contact-name').fill(name);
  await page.getByTestId('contact-email').fill(`visitor-${Date.now()}@e2e.enlaza.test`);
  await page.getByTestId('contact-message').fill(message);
  await page.getByTestId('contact-submit').click();
  await expect(page.getByTestId('contact-form-success')).toBeVisible();
  await visitor.close();
}

test.describe('notifications', () => {
  // On Free: no payment, so no invoice notice arrives (after commit, in the background) during the test.
  test.use({ signedIn: 'user', userPlan: 'free' });

  test('a visitor’s message raises the owner’s bell without a reload; opening it marks it read', async ({
    page,
    browser,
    request,
    user,
  }) => {
    const stamp = Date.now().toString(36);
    // The account's own card.
    const profileId = user.profileId;
    const publicPath = `/link/${user.alias}/${profileId}`;
    // Start from nothing unread (the new account's own notices, if any).
    await request.post('/api/notifications/read-all', { headers: user.headers });

    await page.goto('/user/dashboard');
    const bell = page.getByTestId('notification-bell');
    await expect(bell).toBeVisible();
    await expect(page.getByTestId('notification-count')).toHaveCount(0);

    await visitorWrites(browser, publicPath, `Marta ${stamp}`, `Is the studio open on Saturday? ${stamp}`);
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
    await visitorWrites(browser, publicPath, `Nico ${stamp}`, `Second message ${stamp}`);
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
