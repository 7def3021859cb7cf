import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser, SubscriptionData } from '@enlaza/contracts';
import { queryClient } from '@/lib/query-client';
import { createGuardLoader } from './route-guard';
import { createRoutes } from './router';

const routes = createRoutes();
const loader = createGuardLoader(() => routes);
const run = (path: string) => loader({ request: new Request(`http://localhost${path}`) });

const user: CurrentUser = {
  id: 'u1',
  name: 'Demo User',
  alias: 'demo',
  codigo: 'C1',
  email: 'demo@example.com',
  roll: 'user',
  perfil_id: 'p1',
  created_at: '2026-01-01T00:00:00Z',
};
const subscription: SubscriptionData = {
  id: 's1',
  status: 'active',
  plan: null,
  periodStart: null,
  periodEnd: null,
  cancelAtPeriodEnd: false,
  limits: { profiles: 1, tags: 1, storageBytes: 1, sendsPerMonth: 100 },
  usage: { profiles: 0, tags: 0, storageBytes: 0, sendsThisMonth: 0 },
  addOns: [],
};
const quota = { periodStart: '2026-01-01', periodEnd: '2026-02-01', used: 0, limit: 100, remaining: 100 };

function api(answers: Record<string, { status: number; body: unknown }>) {
  const fn = vi.fn<typeof fetch>((input) => {
    const path = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const answer = answers[path] ?? { status: 404, body: { ok: 0, code: 'not_found', message: 'no' } };
    return Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status }));
  });
  vi.stubGlobal('fetch', fn);
  return (path: string) => fn.mock.calls.filter(([input]) => input === path).length;
}

function signIn(role: 'user' | 'admin', withSubscription = false) {
  localStorage.setItem('access_token', 'tok');
  localStorage.setItem('user', JSON.stringify({ ...user, roll: role }));
  localStorage.setItem('roll', role);
  if (withSubscription) localStorage.setItem('datasuscription', JSON.stringify(subscription));
}

const location = (result: Response | null) => result?.headers.get('Location') ?? null;

describe('guard loader', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    queryClient.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends a visitor to login without calling the API', async () => {
    const calls = api({});
    expect(location(await run('/user/dashboard'))).toBe('/');
    expect(calls('/api/user')).toBe(0);
  });

  it('makes the user call, stores the user, fetches the subscription once and logs envio/data', async () => {
    signIn('user');
    const calls = api({
      '/api/user': { status: 200, body: { ...user, name: 'Fresh Name' } },
      '/api/datasuscription': { status: 200, body: subscription },
      '/api/envio/data': { status: 200, body: quota },
    });
    expect(await run('/user/dashboard')).toBeNull();
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ name: 'Fresh Name' });
    expect(JSON.parse(localStorage.getItem('datasuscription') ?? 'null')).toEqual(subscription);
    await vi.waitFor(() => expect(console.log).toHaveBeenCalledWith('envio/data', quota));

    expect(await run('/user/nube')).toBeNull();
    expect(calls('/api/user')).toBe(2); // every route change
    expect(calls('/api/datasuscription')).toBe(1); // only while none is held
    expect(calls('/api/envio/data')).toBe(1); // once per app load
  });

  it('does not call datasuscription when subscription data is already held', async () => {
    signIn('user', true);
    const calls = api({ '/api/user': { status: 200, body: user }, '/api/envio/data': { status: 200, body: quota } });
    expect(await run('/account')).toBeNull();
    expect(calls('/api/datasuscription')).toBe(0);
  });

  it('clears the session and goes to login when the user call fails', async () => {
    signIn('user', true);
    api({ '/api/user': { status: 401, body: { ok: 0, code: 'auth.unauthenticated', message: 'Sign in' } } });
    expect(location(await run('/politica'))).toBe('/');
    for (const key of ['access_token', 'user', 'datasuscription', 'roll']) expect(localStorage.getItem(key)).toBeNull();
  });

  it('keeps the session when the user call got no answer once (a page left mid-call) and answers the second time', async () => {
    signIn('user', true);
    let attempts = 0;
    const fn = vi.fn<typeof fetch>((input) => {
      const path = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
      if (path === '/api/user' && ++attempts === 1) return Promise.reject(new TypeError('Failed to fetch'));
      const body = path === '/api/user' ? user : path === '/api/envio/data' ? quota : {};
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
    });
    vi.stubGlobal('fetch', fn);
    expect(await run('/user/dashboard')).toBeNull();
    expect(attempts).toBe(2);
    expect(localStorage.getItem('access_token')).toBe('tok');
  });

  it('clears the session and goes to login when the user call gets no answer twice', async () => {
    signIn('user', true);
    const fn = vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fn);
    expect(location(await run('/user/dashboard'))).toBe('/');
    expect(fn.mock.calls.filter(([input]) => input === '/api/user')).toHaveLength(2);
    for (const key of ['access_token', 'user', 'datasuscription', 'roll']) expect(localStorage.getItem(key)).toBeNull();
  });

  it('goes to /falta-permisos when the fresh role differs from the route', async () => {
    signIn('user');
    api({ '/api/user': { status: 200, body: { ...user, roll: 'admin' } }, '/api/datasuscription': { status: 200, body: subscription } });
    expect(location(await run('/user/dashboard'))).toBe('/falta-permisos');
    expect(localStorage.getItem('roll')).toBe('admin');
  });

  it('skips the user call on the public profile', async () => {
    signIn('user');
    const calls = api({});
    expect(await run('/link/demo/p1')).toBeNull();
    expect(calls('/api/user')).toBe(0);
  });
});
