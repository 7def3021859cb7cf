import type { Page } from '@playwright/test';
import { E2E_BASE_URL } from '../accounts.mjs';
import { dataOf, expect, test } from './support/fixtures';
import { message } from './support/locales';
import { emailsTo, lastEmailId, waitForLink } from './support/mailbox';
import { answerCountryLookup } from './support/phone';
import { bearer, readStorage } from './support/session';

// The account life: a visitor registers through the form, verifies, signs in and sets preferences
// and a phone; a user resets a forgotten password; an admin suspends a user. Each step is long (several
// screens and emails), hence the longer limit.
test.describe.configure({ timeout: 90_000 });

const NEW_PASSWORD = 'Segunda-clave-2025!';

async function signIn(page: Page, email: string, password: string): Promise<number> {
  await page.goto('/');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/login'));
  await page.getByTestId('login-submit').click();
  return (await answer).status();
}

test('a visitor registers, is signed in by the emailed link, sets language and theme, and edits the phone', async ({ page, request }) => {
  const stamp = `${Date.now().toString(36)}-${test.info().workerIndex}`;
  const visitor = {
    name: 'Nueva Visitante',
    alias: `visitante-${stamp}`,
    email: `visitante-${stamp}@e2e.enlaza.test`,
    password: 'Primera-clave-2024!',
  };
  await page.goto('/register');
  await page.getByTestId('register-name').fill(visitor.name);
  await page.getByTestId('register-alias').fill(visitor.alias);
  await page.getByTestId('register-email').fill(visitor.email);
  await page.getByTestId('register-password').fill(visitor.password);
  await page.getByTestId('register-account-type').selectOption({ label: 'Personal' });
  await page.getByTestId('register-accept').check();
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('register-sent')).toBeVisible();

  // The emailed link verifies and signs in (onboarding.spec.ts follows that part further).
  const verifyLink = await waitForLink(visitor.email, `${E2E_BASE_URL}/register/verify/`);
  await page.goto(verifyLink);
  await expect(page).toHaveURL(/\/user\/dashboard$/);

  // Language and theme: applied at once, saved on the server, kept after a reload.
  await page.goto('/user/preferencias');
  const html = page.locator('html');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('en', 'pages', 'account.preferencias'));
  const schemeBefore = await html.getAttribute('data-mantine-color-scheme');
  const target = schemeBefore === 'dark' ? 'light' : 'dark';
  await page.getByTestId('pref-language').selectOption('es');
  await page
    .getByTestId('pref-theme')
    .getByText(message('es', 'account', `preferences.themes.${target}`), { exact: true })
    .click();
  await page.getByTestId('pref-save').click();
  await expect(page.getByTestId('pref-saved')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('es', 'pages', 'account.preferencias'));
  await expect(html).toHaveAttribute('data-mantine-color-scheme', target);
  await expect(html).toHaveAttribute('lang', 'es');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('es', 'pages', 'account.preferencias'));
  await expect(html).toHaveAttribute('data-mantine-color-scheme', target);
  const token = await readStorage(page, 'access_token');
  const stored = await request.get('/api/account/preferences', { headers: bearer(token!) });
  expect(stored.status()).toBe(200);
  expect((await stored.json()).data).toMatchObject({ locale: 'es', theme: target });

  // Personal information: a phone number typed, saved and still there after a reload.
  await answerCountryLookup(page, { body: '1;ES;ESP;Spain' });
  await page.goto('/user/personalinformation');
  await expect(page.getByTestId('phone-country-button')).toContainText('+34');
  const phone = page.getByTestId('phone-input');
  await phone.pressSequentially('612345678');
  await page.getByTestId('personal-save').click();
  await expect(page.getByTestId('personal-saved')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('phone-input')).toHaveValue('612 34 56 78');
  const personal = await request.get('/api/account/personal', { headers: bearer(token!) });
  expect((await personal.json()).data.phone).toBe('+34612345678');
});

test('forgot password: the emailed link sets a new password; the old one stops working', async ({ page, users }) => {
  const visitor = await users.create();
  const before = await lastEmailId(visitor.email);
  await page.goto('/');
  await page.getByTestId('forgot-password-link').click();
  await page.getByTestId('forgot-email').fill(visitor.email);
  await page.getByTestId('forgot-submit').click();
  await expect(page.getByTestId('forgot-sent')).toBeVisible();

  const resetLink = await waitForLink(visitor.email, `${E2E_BASE_URL}/reset-password/`, { after: before });
  await page.goto(resetLink);
  await page.getByTestId('reset-password').fill(NEW_PASSWORD);
  await page.getByTestId('reset-confirm').fill(NEW_PASSWORD);
  await page.getByTestId('reset-submit').click();
  await expect(page.getByTestId('reset-done')).toBeVisible();

  expect(await signIn(page, visitor.email, visitor.password)).toBe(401);
  await expect(page.getByTestId('login-error')).toBeVisible();
  expect(await signIn(page, visitor.email, NEW_PASSWORD)).toBe(200);
  await expect(page).toHaveURL(/\/user\/dashboard$/);
});

test('an admin suspends the user from /admin/users; the user is sent to sign in on their next navigation', async ({
  browser,
  request,
  users,
  admin,
}) => {
  const visitor = await users.create();
  // The user reads Spanish (a saved preference): the reason must come in their language, not the browser's.
  const preferences = await dataOf<{ timeZone: string; theme: string }>(
    await request.get('/api/account/preferences', { headers: visitor.headers }),
  );
  await dataOf(await request.put('/api/account/preferences', { headers: visitor.headers, data: { ...preferences, locale: 'es' } }));
  const userContext = await browser.newContext({ storageState: visitor.state });
  const adminContext = await browser.newContext({ storageState: admin.state });
  try {
    const userPage = await userContext.newPage();
    await userPage.goto('/user/dashboard');
    await expect(userPage.locator('html')).toHaveAttribute('lang', 'es');

    const adminPage = await adminContext.newPage();
    await adminPage.goto(`/admin/users?search=${encodeURIComponent(visitor.email)}`);
    const row = adminPage.getByTestId('data-row').filter({ hasText: visitor.email });
    await expect(row).toHaveCount(1);
    await row.getByTestId('user-open').click();
    await adminPage.getByTestId('user-action-suspend').click();
    await adminPage.getByTestId('confirm-submit').click();
    await expect(adminPage.getByTestId('notification-success')).toBeVisible();
    await expect(adminPage.getByTestId('user-detail').getByTestId('user-status')).toHaveText(message('en', 'admin', 'status.suspended'));
    await expect(row.getByTestId('user-status')).toHaveText(message('en', 'admin', 'status.suspended'));

    // The user's open session: the next navigation's user call is refused → login page. Campaigns is
    // one of the menu's first places (the others are one level down, in groups that open).
    await userPage
      .getByRole('link', { name: message('es', 'pages', 'user.campanas') })
      .first()
      .click();
    await expect(userPage).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await expect(userPage.getByTestId('login-email')).toBeVisible();
    // …which says why, in the user's language (the API's auth.suspended message).
    await expect(userPage.getByTestId('login-signed-out-reason')).toContainText('Esta cuenta está suspendida.');
    expect(await readStorage(userPage, 'access_token')).toBeNull();
  } finally {
    await userContext.close();
    await adminContext.close();
  }
});

test('registering with an address that already has an account shows the same "check your email" and emails the owner', async ({
  page,
  users,
}) => {
  const owner = await users.create({ plan: 'free', locale: 'es' });
  const before = await lastEmailId(owner.email);
  const stamp = `${Date.now().toString(36)}-${test.info().workerIndex}`;
  await page.goto('/register');
  await page.getByTestId('register-name').fill('Otra Persona');
  await page.getByTestId('register-alias').fill(`otra-${stamp}`);
  await page.getByTestId('register-email').fill(owner.email);
  await page.getByTestId('register-password').fill('Otra-clave-larga-2025!');
  await page.getByTestId('register-account-type').selectOption({ label: 'Personal' });
  await page.getByTestId('register-accept').check();
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/register'));
  await page.getByTestId('register-submit').click();
  expect((await answer).status()).toBe(201);
  await expect(page.getByTestId('register-sent')).toBeVisible();
  await expect(page.getByTestId('register-sent-email')).toHaveText(owner.email);

  // The owner is told, in their language, with the way to sign in; no verification link is sent.
  expect(await waitForLink(owner.email, `${E2E_BASE_URL}/`, { after: before })).toBe(`${E2E_BASE_URL}/`);
  const notices = (await emailsTo(owner.email)).filter((email) => email.id > before);
  expect(notices.map((email) => email.subject)).toEqual(['Alguien ha intentado registrarse con tu correo']);
  expect(notices[0]!.text).not.toContain('/register/verify/');
});

test.describe('signed-in devices', () => {
  test.use({ signedIn: 'user' });

  test('Opciones lists the devices signed in and signs one out at once', async ({ page, api, user }) => {
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
    const phone = await dataOf<{ token: string }>(
      await api.post('/api/login', { data: { email: user.email, password: user.password }, headers: { 'User-Agent': iphone } }),
    );
    await page.goto('/user/opciones');
    const card = page.getByTestId('options-sessions');
    await expect(card.getByTestId('options-session')).toHaveCount(2);
    await expect(card.getByTestId('options-session-current')).toHaveCount(1);
    const phoneRow = card.getByTestId('options-session').filter({ hasText: 'Mobile Safari 17 on iOS 17.5' });
    await expect(phoneRow).toHaveCount(1);
    await phoneRow.getByTestId('options-session-sign-out').click();
    await expect(card.getByTestId('options-sessions-done')).toBeVisible();
    await expect(card.getByTestId('options-session')).toHaveCount(1);
    await expect(card.getByTestId('options-sessions-only-this')).toBeVisible();
    expect((await api.get('/api/user', { headers: bearer(phone.token) })).status()).toBe(401);
    expect((await api.get('/api/user', { headers: user.headers })).status()).toBe(200);
  });
});
