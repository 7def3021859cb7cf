import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries } from '../../src/db/schema/index.js';
import { rateLimitEvents } from '../../src/platform/schema.js';
import { LOGIN_LIMITS } from '../../src/modules/auth/index.js';
import { createTestApp, insertUser, waitFor, type TestContext } from '../helpers/test-app.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const attempt = (email: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress });

describe('sign-in throttling that strangers cannot use to lock the owner out', () => {
  it('lets the owner in from their usual address after a stranger’s failures from many addresses, and tells them once', async () => {
    const owner = await insertUser(t.db);
    const home = '10.60.0.1';
    expect((await attempt(owner.email, owner.password, home)).statusCode).toBe(200);

    // A distributed guesser: one failure from each of many addresses, past the account's ceiling.
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_LIMITS.perAccount + 3; i++)
      statuses.push((await attempt(owner.email, 'guess-guess', `10.61.${i}.7`)).statusCode);
    expect(statuses.slice(0, LOGIN_LIMITS.perAccount).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(LOGIN_LIMITS.perAccount)).toEqual([429, 429, 429]);

    // A new address is held back by the ceiling too; the owner's usual one is not.
    const unknown = await attempt(owner.email, owner.password, '10.62.0.1');
    expect(unknown.statusCode).toBe(429);
    expect(Number(unknown.headers['retry-after'])).toBeGreaterThan(60);
    expect((await attempt(owner.email, owner.password, home)).statusCode).toBe(200);

    // One email to the owner about the failures, however many more there were.
    const rows = await waitFor(async () => {
      const found = await t.db.select().from(deliveries).where(eq(deliveries.toEmail, owner.email));
      return found.length ? found : undefined;
    }, 'the failed sign-ins email');
    // The notice is decided after each answer has gone: every one of them decided.
    await t.app.platform.background.drain();
    const all = await t.db.select().from(deliveries).where(eq(deliveries.toEmail, owner.email));
    expect(all).toHaveLength(1);
    expect(rows[0]!.subject).toBe('Failed sign-in attempts on your Enlaza account');
    expect(rows[0]!.bodyText).toMatch(/There were \d+ failed attempts/);
  }, 120_000);

  it('still throttles one account from one address tightly (429 with Retry-After), even a known one', async () => {
    const user = await insertUser(t.db);
    const address = '10.63.0.1';
    expect((await attempt(user.email, user.password, address)).statusCode).toBe(200);
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndAddress; i++)
      expect((await attempt(user.email, 'wrong-one', address)).statusCode).toBe(401);
    const blocked = await attempt(user.email, user.password, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('auth.throttled');
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('does not count attempts it refuses: trying on while throttled does not keep the account closed', async () => {
    const user = await insertUser(t.db);
    const address = '10.65.0.1';
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndAddress; i++)
      expect((await attempt(user.email, 'wrong-one', address)).statusCode).toBe(401);
    const events = async () => (await t.db.select({ n: count() }).from(rateLimitEvents))[0]!.n;
    const before = await events();
    for (let i = 0; i < 10; i++) expect((await attempt(user.email, 'wrong-one', address)).statusCode).toBe(429);
    expect(await events()).toBe(before);
    // A minute later (the failures moved back in time) the owner is let in, however often the guesser tried meanwhile.
    await t.db.update(rateLimitEvents).set({ createdAt: sql`${rateLimitEvents.createdAt} - interval '61 seconds'` });
    expect((await attempt(user.email, user.password, address)).statusCode).toBe(200);
  });

  it('sends no email for a few failures', async () => {
    const user = await insertUser(t.db);
    for (let i = 0; i < 3; i++) await attempt(user.email, 'wrong-one', `10.64.0.${i + 1}`);
    await t.app.platform.background.drain();
    expect(await t.db.select().from(deliveries).where(eq(deliveries.toEmail, user.email))).toHaveLength(0);
  });
});
