import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser, SubscriptionData } from '@enlaza/contracts';
import { getSession, SESSION_KEYS, setSubscription, startSession } from '@/lib/session';
import { logout } from './logout';

const user: CurrentUser = {
  id: 'u1',
  name: 'Demo User',
  alias: 'demo',
  codigo: 'EN-000001',
  email: 'demo@example.com',
  roll: 'user',
  perfil_id: 'p1',
  created_at: '2026-01-01T00:00:00Z',
};
const limits = { profiles: 1, tags: 1, storageBytes: 1, sendsPerMonth: 100 };
const subscription: SubscriptionData = {
  id: 's1',
  status: 'active',
  plan: { id: 'pl', code: 'free', name: 'Free', limits },
  periodStart: null,
  periodEnd: null,
  cancelAtPeriodEnd: false,
  limits,
  usage: { profiles: 0, tags: 0, storageBytes: 0, sendsThisMonth: 0 },
  addOns: [],
};

function expectSignedOut() {
  for (const key of [SESSION_KEYS.token, SESSION_KEYS.user, SESSION_KEYS.subscription, SESSION_KEYS.role])
    expect(window.localStorage.getItem(key), key).toBeNull();
  expect(getSession()).toEqual({ token: null, user: null, subscription: null, role: null });
}

describe('signing out', () => {
  beforeEach(() => {
    startSession('tok-123', user);
    setSubscription(subscription);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('calls GET /api/logout with the token, then forgets the session', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValue(new Response(JSON.stringify({ ok: 1 }), { status: 200, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    await logout();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/logout');
    expect(init.method ?? 'GET').toBe('GET');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer tok-123');
    expectSignedOut();
  });

  it('forgets token, user and subscription data when the server answers an error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(
        new Response(JSON.stringify({ ok: 0, code: 'internal', message: 'Something went wrong' }), {
          status: 500,
          headers: { 'content-type': 'application/json' },
        }),
      ),
    );
    await logout();
    expectSignedOut();
  });

  it('forgets them too when the network fails', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await logout();
    expectSignedOut();
  });
});
