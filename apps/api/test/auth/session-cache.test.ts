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

describe.runIf(testDatabaseUrl)('two API processes on one PostgreSQL', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('a logout on one process ends the session cached by the other within moments', async () => {
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
    const [a, b] = apps as [Awaited<ReturnType<typeof buildApp>>, Awaited<ReturnType<typeof buildApp>>];
    const token = await login(a, DEMO);
    expect((await b.inject({ url: '/api/user', headers: bearer(token) })).statusCode).toBe(200); // cached by b
    expect((await a.inject({ url: '/api/logout', headers: bearer(token) })).statusCode).toBe(200);
    const deadline = Date.now() + 2000;
    let status = 200;
    while (Date.now() < deadline && status === 200) {
      status = (await b.inject({ url: '/api/user', headers: bearer(token) })).statusCode;
      await new Promise((r) => setTimeout(r, 20)); // let the event loop read the NOTIFY, as it does between real requests
    }
    expect(status).toBe(401);
  });
});
