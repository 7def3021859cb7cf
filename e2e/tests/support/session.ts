import { expect, type Page } from '@playwright/test';
import type { Account } from './accounts';

/**
 * Signs in through the login form and waits for the area's dashboard. Only for the specs whose
 * subject is the form or the session it leaves; the others start signed in (fixtures.ts, `signedIn`).
 */
export async function loginWithForm(
  page: Page,
  account: Pick<Account, 'email' | 'password'>,
  area: 'user' | 'admin' = 'user',
): Promise<void> {
  await page.goto('/');
  await page.getByTestId('login-email').fill(account.email);
  await page.getByTestId('login-password').fill(account.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(area === 'admin' ? /\/admin\/dashboard$/ : /\/user\/dashboard$/);
}

/** Headers of a direct API call with a bearer token (bearer requests need no CSRF token). */
export function bearer(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' };
}

export function readStorage(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => window.localStorage.getItem(k), key);
}
