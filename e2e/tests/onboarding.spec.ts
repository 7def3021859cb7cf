import { E2E_BASE_URL } from '../accounts.mjs';
import { expect, test } from './support/fixtures';
import { message } from './support/locales';
import { waitForLink } from './support/mailbox';
import { readStorage } from './support/session';

// The guided start: the emailed link signs the new account in and opens the dashboard's checklist,
// whose steps are recorded where they are done and which, dismissed, stays away.
test.describe.configure({ timeout: 90_000 });

test('a new account: the verification link signs in on the dashboard with the checklist; dismissed, it stays away', async ({ page }) => {
  const stamp = `${Date.now().toString(36)}-${test.info().workerIndex}`;
  const visitor = {
    name: 'Olivia Start',
    alias: `olivia-${stamp}`,
    email: `olivia-${stamp}@e2e.enlaza.test`,
    password: 'Primera-clave-2024!',
  };
  await page.goto('/');
  await expect(page.getByTestId('login-tagline')).toHaveText(message('en', 'auth', 'login.tagline'));
  await page.goto('/register');
  await page.getByTestId('register-name').fill(visitor.name);
  await page.getByTestId('register-alias').fill(visitor.alias);
  await page.getByTestId('register-email').fill(visitor.email);
  await page.getByTestId('register-password').fill(visitor.password);
  await page.getByTestId('register-account-type').selectOption({ label: 'Personal' });
  await page.getByTestId('register-accept').check();
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('register-sent')).toBeVisible();

  // The emailed link: verified, then signed in with the one-time code, on the dashboard.
  const verifyLink = await waitForLink(visitor.email, `${E2E_BASE_URL}/register/verify/`);
  const exchanged = page.waitForResponse((r) => r.url().endsWith('/api/register/sign-in'));
  await page.goto(verifyLink);
  expect((await exchanged).status()).toBe(200);
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('en', 'dashboard', 'greeting', { name: visitor.name }));
  // The session is stored exactly as a sign-in leaves it.
  expect(await readStorage(page, 'access_token')).toMatch(/\S{20,}/);
  expect(await readStorage(page, 'roll')).toBe('user');
  expect(JSON.parse((await readStorage(page, 'user'))!)).toMatchObject({ email: visitor.email, alias: visitor.alias, roll: 'user' });

  // The checklist, three steps, none done; nothing says the Free plan's one card (made for them) is "used up".
  const checklist = page.getByTestId('onboarding-checklist');
  await expect(checklist).toBeVisible();
  await expect(checklist.getByRole('heading', { level: 2 })).toHaveText(message('en', 'dashboard', 'checklist.title'));
  await expect(checklist.getByRole('listitem')).toHaveCount(3);
  await expect(page.getByTestId('onboarding-progress')).toHaveText(
    message('en', 'dashboard', 'checklist.progress', { done: '0', total: '3' }),
  );
  await expect(page.getByText(message('en', 'admin', 'quotaPrompt.cardsTitle'))).toHaveCount(0);

  // A step's link leads to where it is done; opening the preview there is recorded.
  const recorded = page.waitForResponse((r) => r.url().endsWith('/api/onboarding/steps') && r.status() === 200);
  await page.getByTestId('onboarding-step-preview-link').click();
  await expect(page).toHaveURL(/\/user\/perfiles\/view\/[\w-]+$/);
  await recorded;
  await page.goBack();
  await expect(page.getByTestId('onboarding-step-preview')).toHaveAttribute('data-done', 'true');
  await expect(page.getByTestId('onboarding-progress')).toHaveText(
    message('en', 'dashboard', 'checklist.progress', { done: '1', total: '3' }),
  );

  // Copying the card's link from the dashboard (no visits yet) is sharing it.
  const shared = page.waitForResponse((r) => r.url().endsWith('/api/onboarding/steps') && r.status() === 200);
  await page.getByTestId('copy-main-profile-link').click();
  await shared;
  await expect(page.getByTestId('onboarding-step-share')).toHaveAttribute('data-done', 'true');
  await expect(page.getByTestId('onboarding-progress')).toHaveText(
    message('en', 'dashboard', 'checklist.progress', { done: '2', total: '3' }),
  );

  // Dismissed: gone, and focus is on the page's heading.
  const dismissed = page.waitForResponse((r) => r.url().endsWith('/api/onboarding/dismiss'));
  await page.getByTestId('onboarding-dismiss').click();
  expect((await dismissed).status()).toBe(200);
  await expect(checklist).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();

  // A reload asks the server again: it stays away.
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/onboarding') && r.request().method() === 'GET');
  await page.reload();
  expect((await (await answered).json()).data.visible).toBe(false);
  await expect(page.getByTestId('user-dashboard')).toBeVisible();
  await expect(page.getByTestId('onboarding-checklist')).toHaveCount(0);

  // The link again: already used; the page says so and offers to sign in (the account stays signed in).
  await page.goto(verifyLink);
  await expect(page.getByTestId('verify-result')).toHaveAttribute('data-state', 'error');
});
