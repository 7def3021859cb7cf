import type { Page } from '@playwright/test';
import { ADMIN } from './support/accounts';
import { expect, test } from './support/fixtures';
import { emailsTo } from './support/mailbox';

/** The visible table rows (the phone card list is hidden at desktop width). */
const rows = (page: Page) => page.getByTestId('data-row');

test.describe('admin screens', () => {
  test.use({ signedIn: 'admin' });

  test('an admin invites another admin, sees them in the list, and the invitation email arrives', async ({ page }) => {
    const email = `invited-${Date.now()}@e2e.enlaza.test`;
    await page.goto('/admin/admins');
    // Their own row says "you" and offers no disable button.
    const own = rows(page).filter({ hasText: ADMIN.email });
    await expect(own.getByTestId('admin-you')).toBeVisible();
    await expect(own.getByTestId('admin-disable')).toHaveCount(0);

    await page.getByTestId('invite-admin').click();
    await page.getByTestId('invite-name').fill('Invited Admin');
    await page.getByTestId('invite-email').fill(email);
    await page.getByTestId('invite-submit').click();
    await expect(page.getByTestId('notification-success')).toBeVisible();
    const invited = rows(page).filter({ hasText: email });
    await expect(invited).toHaveCount(1);
    await expect(invited).toContainText('Invited Admin');
    await expect(invited.getByTestId('admin-disable')).toBeVisible();
    await expect.poll(async () => (await emailsTo(email)).length, { message: 'invitation email' }).toBeGreaterThan(0);
  });

  test('an admin filters users by search, and the filter survives a reload', async ({ page, users }) => {
    // Made now (not ahead, while another test ran): the list starts with the newest users, 25 a page.
    const user = await users.create({ name: `Ada Search ${Date.now().toString(36)}` });
    await page.goto('/admin/users');
    await expect(rows(page).filter({ hasText: user.email })).toHaveCount(1);
    await page.getByTestId('users-search').fill('no-such-user-xyz');
    await expect(page).toHaveURL(/search=no-such-user-xyz/);
    await expect(page.getByTestId('users-table-empty')).toBeVisible();
    await page.getByTestId('users-search').fill(user.email);
    await expect(page).toHaveURL((url) => url.searchParams.get('search') === user.email);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(user.name);
    await page.reload();
    await expect(page.getByTestId('users-search')).toHaveValue(user.email);
    await expect(rows(page)).toHaveCount(1);

    // Open the detail: counts, plan and the link to this user's history.
    await rows(page).first().getByTestId('user-open').click();
    const detail = page.getByTestId('user-detail');
    await expect(detail).toContainText(user.email);
    await expect(detail.getByTestId('user-plan')).toHaveText('Pro');
    await expect(page).toHaveURL(/user=/);
    await detail.getByTestId('user-history-link').click();
    await expect(page).toHaveURL(/\/admin\/historial\?userId=/);
  });
});
