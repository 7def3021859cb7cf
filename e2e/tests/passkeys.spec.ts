import { E2E_PORT } from '../accounts.mjs';
import { expect, test, visitorContext } from './support/fixtures';

// Passkeys in a real Chromium with its virtual authenticator (DevTools protocol, WebAuthn domain): a
// platform authenticator that keeps discoverable credentials and verifies its user, as a phone or a
// laptop with a fingerprint reader does. WebAuthn refuses IP addresses, so this spec uses localhost.
const SITE = `http://localhost:${E2E_PORT}`;

test('an owner adds a passkey in Opciones, signs out, and signs in with it alone', async ({ browser, user }) => {
  const context = await visitorContext(browser, { baseURL: SITE });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  await page.goto('/');
  await page.getByTestId('login-email').fill(user.email);
  await page.getByTestId('login-password').fill(user.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);

  await page.goto('/user/opciones');
  await expect(page.getByTestId('options-passkeys-empty')).toBeVisible();
  await page.getByTestId('options-passkeys-add').click();
  await page.getByTestId('passkey-name').fill('Test laptop');
  await page.getByTestId('passkey-submit').click();
  // Adding a passkey is a sensitive change: the session proves its owner again first.
  await page.getByTestId('fresh-proof-password').fill(user.password);
  await page.getByTestId('fresh-proof-submit').click();
  await expect(page.getByTestId('options-passkey-name')).toHaveText('Test laptop');
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);

  await page.getByTestId('logout-button').click();
  await expect(page.getByTestId('login-email')).toBeVisible();
  // No email, no password: the device offers the passkey it holds for this site.
  await page.getByTestId('login-passkey').click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await page.goto('/user/opciones');
  await expect(page.getByTestId('options-passkey')).toContainText(/last used/i);
  await context.close();
});

test('creating an access token asks for the password first, then works without asking again', async ({ page, user }) => {
  await page.goto('/');
  await page.getByTestId('login-email').fill(user.email);
  await page.getByTestId('login-password').fill(user.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);

  await page.goto('/user/opciones');
  await page.getByTestId('options-token-create').click();
  await page.getByTestId('options-token-name').fill('Nightly export');
  await page.getByTestId('options-token-scope-cards:read').check();
  await page.getByTestId('options-token-create-submit').click();

  const proof = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(proof).toBeVisible();
  await expect(page.getByTestId('fresh-proof-password')).toBeFocused();
  await page.getByTestId('fresh-proof-password').fill('not the password');
  await page.getByTestId('fresh-proof-submit').click();
  await expect(page.getByTestId('fresh-proof-error')).toBeVisible();
  await page.getByTestId('fresh-proof-password').fill(user.password);
  await page.getByTestId('fresh-proof-submit').click();
  await expect(proof).toBeHidden();
  await expect(page.getByTestId('options-token-secret')).toContainText('enl_pat_');

  // Within the next minutes the same session is not asked again.
  await page.getByTestId('options-token-secret-done').click();
  await page.getByTestId('options-token-create').click();
  await page.getByTestId('options-token-name').fill('Second script');
  await page.getByTestId('options-token-scope-audience').check();
  await page.getByTestId('options-token-create-submit').click();
  await expect(page.getByTestId('options-token-secret')).toContainText('enl_pat_');
  await expect(proof).toBeHidden();
});
