import { describe, expect, it, vi } from 'vitest';
import type { CurrentUser, SubscriptionData } from '@enlaza/contracts';
import { clearSession, getSession, getToken, isSignedIn, setSubscription, setUser, startSession, subscribeSession } from './session';

const user: CurrentUser = {
  id: 'u1',
  name: 'Demo User',
  alias: 'demo',
  codigo: 'C-1',
  email: 'demo@example.com',
  roll: 'user',
  perfil_id: 'p1',
  created_at: '2026-01-01T00:00:00Z',
};

const subscription: SubscriptionData = {
  id: 's1',
  status: 'active',
  plan: { id: 'pl', code: 'free', name: 'Free', limits: { profiles: 1, tags: 1, storageBytes: 1, sendsPerMonth: 100 } },
  periodStart: null,
  periodEnd: null,
  cancelAtPeriodEnd: false,
  limits: { profiles: 1, tags: 1, storageBytes: 1, sendsPerMonth: 100 },
  usage: { profiles: 0, tags: 0, storageBytes: 0, sendsThisMonth: 0 },
  addOns: [],
};

describe('session store', () => {
  it('stores token, user and role under the inherited keys', () => {
    startSession('tok', user);
    expect(window.localStorage.getItem('access_token')).toBe('tok');
    expect(JSON.parse(window.localStorage.getItem('user') ?? 'null')).toEqual(user);
    expect(window.localStorage.getItem('roll')).toBe('user');
    expect(isSignedIn()).toBe(true);
    expect(getSession()).toMatchObject({ token: 'tok', user, role: 'user' });
  });

  it('keeps a stable snapshot until something changes', () => {
    startSession('tok', user);
    const a = getSession();
    expect(getSession()).toBe(a);
    setSubscription(subscription);
    const b = getSession();
    expect(b).not.toBe(a);
    expect(b.subscription).toEqual(subscription);
    expect(window.localStorage.getItem('datasuscription')).toBe(JSON.stringify(subscription));
  });

  it('setUser updates the role too', () => {
    startSession('tok', user);
    setUser({ ...user, roll: 'admin' });
    expect(window.localStorage.getItem('roll')).toBe('admin');
    expect(getSession().role).toBe('admin');
  });

  it('clearSession removes token, user, subscription data and role, and notifies', () => {
    startSession('tok', user);
    setSubscription(subscription);
    window.localStorage.setItem('lang', 'es');
    const listener = vi.fn();
    const unsubscribe = subscribeSession(listener);
    clearSession();
    unsubscribe();
    expect(listener).toHaveBeenCalled();
    for (const key of ['access_token', 'user', 'datasuscription', 'roll']) expect(window.localStorage.getItem(key)).toBeNull();
    expect(window.localStorage.getItem('lang')).toBe('es');
    expect(isSignedIn()).toBe(false);
    expect(getSession()).toEqual({ token: null, user: null, subscription: null, role: null });
  });

  it('treats an empty stored token as signed out', () => {
    startSession('tok', user);
    expect(isSignedIn()).toBe(true);
    window.localStorage.setItem('access_token', '');
    expect(isSignedIn()).toBe(false);
    expect(getToken()).toBeNull();
    expect(getSession().token).toBeNull();
  });

  it('ignores a corrupt stored user or an unknown role', () => {
    window.localStorage.setItem('access_token', 'tok');
    window.localStorage.setItem('user', '{not json');
    window.localStorage.setItem('roll', 'root');
    expect(getSession()).toMatchObject({ token: 'tok', user: null, role: null });
  });
});
