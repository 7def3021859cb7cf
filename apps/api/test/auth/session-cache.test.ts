import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/client.js';
import { createSessionCache } from '../../src/lib/session-cache.js';
import { createScratchDatabase, testDatabaseUrl } from '../helpers/database.js';
import { DEMO, bearer, login } from '../helpers/test-app.js';
import { seedIfEmpty } from '../../src/db/seed.js';

describe('session cache', () => {
  const value = (userId: string) => ({ userId, name: userId });

  it('serves nothing until invalidations are known to arrive, and empties when they stop', () => {
    const cache = createSessionCache<{ userId: string; name: string }>({ ttlMs: 1000, maxEntries: 10 });
    cache.set('a', value('u1'), cache.stamp());
    expect(cache.get('a')).toBeUndefined();
    cache.setEnabled(true);
    cache.set('a', value('u1'), cache.stamp());
    expect(cache.get('a')?.name).toBe('u1');
    cache.setEnabled(false);
    expect(cache.size).toBe(0);
    expect(cache.get('a')).toBeUndefined();
  });

  it('forgets every entry of a user, expires entries, and stays bounded', () => {
    const cache = createSessionCache<{ userId: string; name: string }>({ ttlMs: 1000, maxEntries: 3 });
    cache.setEnabled(true);
    cache.set('a', value('u1'), cache.stamp(), 0);
    cache.set('b', value('u1'), cache.stamp(), 0);
    cache.set('c', value('u2'), cache.stamp(), 0);
    cache.forgetUser('u1');
    expect([cache.get('a', 1), cache.get('b', 1), cache.get('c', 1)?.userId]).toEqual([undefined, undefined, 'u2']);
    expect(cache.get('c', 1001)).toBeUndefined();
    for (const key of ['d', 'e', 'f', 'g']) cache.set(key, value(key), cache.stamp(), 2000);
    expect(cache.size).toBe(3);
    expect(cache.get('d', 2001)).toBeUndefined();
    expect(cache.get('g', 2001)?.userId).toBe('g');
  });
});

it('does not keep a row read before an invalidation that happened meanwhile', () => {
  const cache = createSessionCache<{ userId: string; name: string }>({ ttlMs: 1000, maxEntries: 10 });
  cache.setEnabled(true);
  const stamp = cache.stamp(); // a request starts reading the session…
  cache.forgetUser('u1'); // …an admin suspends the user before it finishes
  cache.set('a', { userId: 'u1', name: 'stale' }, stamp);
  expect(cache.get('a')).toBeUndefined();
  cache.set('a', { userId: 'u1', name: 'fresh' }, cache.stamp());
  expect(cache.get('a')?.name).toBe('fresh');
});

describe('refresh ahead of expiry', () => {
  const refreshing = () => {
    const cache = createSessionCache<{ userId: string; name: string }>({
      ttlMs: 1000,
      maxEntries: 100,
      refreshAfterMs: 500,
      refreshJitterMs: 200,
    });
    cache.setEnabled(true);
    return cache;
  };

  it('is due once between its refresh point (spread by the jitter) and its expiry, and again only after a pause', () => {
    const cache = refreshing();
    cache.set('a', { userId: 'u1', name: 'old' }, cache.stamp(), 0);
    expect(cache.claimRefresh('a', 499)).toBe(false);
    expect(cache.claimRefresh('a', 700)).toBe(true); // 500 + at most 200
    expect(cache.claimRefresh('a', 701)).toBe(false); // claimed: one reload at a time
    expect(cache.get('a', 701)?.name).toBe('old'); // still served meanwhile
    expect(cache.claimRefresh('a', 701 + 2000)).toBe(false); // past its expiry: a miss, not a refresh
    cache.set('b', { userId: 'u1', name: 'old' }, cache.stamp(), 0);
    expect(cache.claimRefresh('b', 700)).toBe(true);
    expect(cache.claimRefresh('b', 999)).toBe(false); // the reload failed: claimable again 2 s later only
    cache.set('b', { userId: 'u1', name: 'new' }, cache.stamp(), 900);
    expect(cache.get('b', 1500)?.name).toBe('new'); // reloaded at 900: lives until 1900
    expect(cache.claimRefresh('b', 1399)).toBe(false);
    expect(cache.claimRefresh('b', 1600)).toBe(true);
  });

  it('spreads the refresh points of entries stored together', () => {
    const cache = refreshing();
    for (let i = 0; i < 50; i++) cache.set(`k${i}`, { userId: 'u', name: String(i) }, cache.stamp(), 0);
    const due = (at: number) => Array.from({ length: 50 }, (_, i) => `k${i}`).filter((key) => cache.claimRefresh(key, at)).length;
    const early = due(600);
    expect(early).toBeGreaterThan(0);
    expect(early).toBeLessThan(50);
    expect(early + due(700)).toBe(50);
  });

  it('never refreshes without refreshAfterMs, nor while invalidations are not known to arrive', () => {
    const plain = createSessionCache<{ userId: string; name: string }>({ ttlMs: 1000, maxEntries: 10 });
    plain.setEnabled(true);
    plain.set('a', { userId: 'u1', name: 'x' }, plain.stamp(), 0);
    expect(plain.claimRefresh('a', 999)).toBe(false);
    const cache = refreshing();
    cache.set('a', { userId: 'u1', name: 'x' }, cache.stamp(), 0);
    cache.setEnabled(false);
    expect(cache.claimRefresh('a', 800)).toBe(false);
  });

  it('does not keep a reload that an invalidation overtook; forget drops one entry and voids no other reload', () => {
    const cache = refreshing();
    cache.set('a', { userId: 'u1', name: 'old' }, cache.stamp(), 0);
    expect(cache.claimRefresh('a', 750)).toBe(true);
    const stamp = cache.stamp(); // the reload starts reading…
    cache.forgetUser('u1'); // …the owner changes the profile meanwhile
    cache.set('a', { userId: 'u1', name: 'read before the change' }, stamp, 760);
    expect(cache.get('a', 761)).toBeUndefined();
    cache.set('b', { userId: 'u2', name: 'b' }, cache.stamp(), 800);
    cache.set('c', { userId: 'u2', name: 'c' }, cache.stamp(), 800);
    const reloading = cache.stamp();
    cache.forget('b');
    expect(cache.get('b', 801)).toBeUndefined();
    cache.set('c', { userId: 'u2', name: 'c reloaded' }, reloading, 810);
    expect(cache.get('c', 811)?.name).toBe('c reloaded');
  });
});

describe.runIf(testDatabaseUrl)('two API processes on one PostgreSQL', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  type App = Awaited<ReturnType<typeof buildApp>>;

  /** Two API processes on one fresh scratch database, seeded once (closed after the file). */
  async function twoProcesses(): Promise<[App, App]> {
    const scratch = await createScratchDatabase(testDatabaseUrl!);
    cleanups.push(scratch.drop);
    const apps = [];
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 2 });
      if (i === 0) await seedIfEmpty(database.db, { admin: { email: 'a@two.test', password: 'two-admin-password' }, demo: DEMO });
      const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent' }), database });
      await app.ready();
      cleanups.push(async () => {
        await app.close();
        await database.close();
      });
      apps.push(app);
    }
    return apps as [App, App];
  }

  /** What `GET /api/user` answers on `app` once the other process's change reached it (2 s at most). */
  async function statusOnceSettled(app: App, token: string): Promise<number> {
    const deadline = Date.now() + 2000;
    let status = 200;
    while (Date.now() < deadline && status === 200) {
      status = (await app.inject({ url: '/api/user', headers: bearer(token) })).statusCode;
      await new Promise((r) => setTimeout(r, 20)); // let the event loop read the NOTIFY, as it does between real requests
    }
    return status;
  }

  it('a logout on one process ends the session cached by the other within moments', async () => {
    const [a, b] = await twoProcesses();
    const token = await login(a, DEMO);
    expect((await b.inject({ url: '/api/user', headers: bearer(token) })).statusCode).toBe(200); // cached by b
    expect((await a.inject({ url: '/api/logout', headers: bearer(token) })).statusCode).toBe(200);
    expect(await statusOnceSettled(b, token)).toBe(401);
  });

  it('"sign out everywhere else" on one process ends the sessions cached by the other within moments', async () => {
    const [a, b] = await twoProcesses();
    const here = await login(a, DEMO);
    const phone = await login(a, DEMO);
    expect((await b.inject({ url: '/api/user', headers: bearer(phone) })).statusCode).toBe(200); // cached by b
    const out = await a.inject({ method: 'POST', url: '/api/sessions/sign-out-others', headers: bearer(here) });
    expect(out.json()).toEqual({ ok: 1, data: { signedOut: 1 } });
    expect(await statusOnceSettled(b, phone)).toBe(401);
    expect((await b.inject({ url: '/api/user', headers: bearer(here) })).statusCode).toBe(200);
  });
});
