import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, DEMO_USER, type Account } from './accounts';

export type Who = 'user' | 'admin';

export function accountOf(who: Who): Account {
  return who === 'admin' ? ADMIN : DEMO_USER;
}

/** Signs in through the login form and waits for the area's dashboard. */
export async function login(page: Page, who: Who): Promise<void> {
  const account = accountOf(who);
  await page.goto('/');
  await page.getByTestId('login-email').fill(account.email);
  await page.getByTestId('login-password').fill(account.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(who === 'admin' ? /\/admin\/dashboard$/ : /\/user\/dashboard$/);
}

/** A bearer token for direct API calls (bearer requests need no CSRF token). */
export async function apiToken(request: APIRequestContext, who: Who): Promise<string> {
  const account = accountOf(who);
  const response = await request.post('/api/login', {
    data: { email: account.email, password: account.password },
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { ok: number; data: { token: string } };
  return body.data.token;
}

export function bearer(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' };
}

export async function apiLogout(request: APIRequestContext, token: string): Promise<void> {
  await request.get('/api/logout', { headers: bearer(token) });
}

export function readStorage(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => window.localStorage.getItem(k), key);
}
