import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { DataRouter } from 'react-router';
import type { CurrentUser } from '@enlaza/contracts';
import { clearSession, SESSION_KEYS, startSession } from '@/lib/session';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import VerifyPage from './verify-page';

const user: CurrentUser = {
  id: 'u1',
  name: 'Olivia Start',
  alias: 'olivia',
  codigo: 'EN-000042',
  email: 'olivia@example.com',
  roll: 'user',
  perfil_id: 'p1',
  created_at: '2026-01-01T00:00:00Z',
};
const limits = { profiles: 1, tags: 1, storageBytes: 1, sendsPerMonth: 100 };
const subscription = {
  id: 's1',
  status: 'active',
  plan: { id: 'pl', code: 'free', name: 'Free', limits },
  periodStart: null,
  periodEnd: null,
  cancelAtPeriodEnd: false,
  limits,
  usage: { profiles: 1, tags: 0, storageBytes: 0, sendsThisMonth: 0 },
  addOns: [],
};

let router: DataRouter;
/** The page at /register/verify/:code (each test its own code: the page's query cache is the app's). */
async function renderVerify(code: string) {
  const view = await render(<VerifyPage />, {
    path: '/register/verify/:code',
    routes: [{ path: '/user/dashboard', element: <p data-testid="dashboard">dashboard</p> }],
    route: `/register/verify/${code}`,
  });
  router = view.router;
  return view;
}

/** The API of a verification that activates an account; `signIn`: the exchange's answer. */
function api(signInCode: string, signIn: () => Response) {
  return mockApi((url) => {
    const { pathname } = new URL(url, 'http://x');
    if (pathname === '/api/register/verify') return json({ ok: 1, data: { email: user.email, kind: 'account', signInCode } });
    if (pathname === '/api/register/sign-in') return signIn();
    if (pathname === '/api/datasuscription') return json(subscription);
    throw new Error(`unexpected call ${pathname}`);
  });
}

describe('VerifyPage', () => {
  beforeEach(() => {
    clearSession();
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // no CSRF meta in jsdom
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    clearSession();
  });

  it('exchanges the one-time code, stores the session as a sign-in does and opens the dashboard', async () => {
    const { calls } = api('one-time-sign-in-code-1', () => json({ ok: 1, data: { token: 'session-token-1', user } }));
    await renderVerify('verify-code-ok-1');
    expect(await screen.findByTestId('dashboard')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/user/dashboard');
    expect(window.localStorage.getItem(SESSION_KEYS.token)).toBe('session-token-1');
    expect(window.localStorage.getItem(SESSION_KEYS.role)).toBe('user');
    expect(JSON.parse(window.localStorage.getItem(SESSION_KEYS.user)!)).toEqual(user);
    expect(JSON.parse(window.localStorage.getItem(SESSION_KEYS.subscription)!)).toMatchObject({ status: 'active' });
    const exchange = calls.find((c) => c.url.endsWith('/api/register/sign-in'));
    expect(JSON.parse(exchange?.init?.body as string)).toEqual({ code: 'one-time-sign-in-code-1' });
    expect(calls.filter((c) => c.url.endsWith('/api/register/sign-in'))).toHaveLength(1);
  });

  it('says why when the exchange is refused, and offers the sign-in form instead', async () => {
    const refused = 'This automatic sign-in has expired. Sign in with your email and password.';
    api('one-time-sign-in-code-2', () => json({ ok: 0, code: 'auth.sign_in_code_expired', message: refused }, 401));
    await renderVerify('verify-code-expired-2');
    const alert = await screen.findByTestId('verify-sign-in-failed');
    expect(alert.textContent).toContain(refused);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your account is active');
    expect(screen.getByTestId('verify-continue').getAttribute('href')).toBe('/');
    expect(window.localStorage.getItem(SESSION_KEYS.token)).toBeNull();
    expect(router.state.location.pathname).toBe('/register/verify/verify-code-expired-2');
  });

  it('keeps a session already held: no exchange', async () => {
    startSession('someone-elses-token', { ...user, id: 'u0', email: 'other@example.com' });
    const { calls } = api('one-time-sign-in-code-3', () => json({ ok: 1, data: { token: 'must-not-be-used', user } }));
    await renderVerify('verify-code-held-3');
    await waitFor(() => expect(screen.getByTestId('verify-continue').getAttribute('href')).toBe('/account'));
    expect(calls.some((c) => c.url.endsWith('/api/register/sign-in'))).toBe(false);
    expect(window.localStorage.getItem(SESSION_KEYS.token)).toBe('someone-elses-token');
  });
});
