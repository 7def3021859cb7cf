import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { sessions } from '../../src/db/schema/index.js';
import { sha256 } from '../../src/lib/crypto.js';
import { bearer, createTestApp, insertUser, login, type TestContext } from '../helpers/test-app.js';

/** A session ends SESSION_MAX_AGE_DAYS (90 unless set) after its sign-in, however often it is used. */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A fresh session of a new user, started `age` ago (a Postgres interval) and used a minute ago. */
async function sessionStarted(age: string) {
  const token = await login(t.app, await insertUser(t.db));
  await t.db
    .update(sessions)
    .set({ createdAt: sql`now() - ${age}::interval`, lastUsedAt: sql`now() - interval '1 minute'` })
    .where(eq(sessions.tokenHash, sha256(token)));
  return token;
}

describe('the absolute lifetime of a session', () => {
  it('refuses a session started more than 90 days ago though it was used a minute ago, and keeps a younger one', async () => {
    const old = await sessionStarted('90 days 1 minute');
    const young = await sessionStarted('89 days');
    expect((await t.app.inject({ url: '/api/user', headers: bearer(old) })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/user', headers: bearer(young) })).statusCode).toBe(200);
    // Using it does not move its start: the lifetime is counted from the sign-in.
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(young)));
    expect(Date.now() - row!.createdAt.getTime()).toBeGreaterThan(88 * 86_400_000);
  });

  it('leaves a session past its lifetime out of the list of active sessions', async () => {
    const user = await insertUser(t.db);
    const current = await login(t.app, user);
    const other = await login(t.app, user);
    await t.db
      .update(sessions)
      .set({ createdAt: sql`now() - interval '91 days'` })
      .where(eq(sessions.tokenHash, sha256(other)));
    const listed = (await t.app.inject({ url: '/api/sessions', headers: bearer(current) })).json<{ data: unknown[] }>().data;
    expect(listed).toHaveLength(1);
  });

  it('takes the lifetime from SESSION_MAX_AGE_DAYS (90 by default) and refuses a value out of range', () => {
    const env = { NODE_ENV: 'test' };
    expect(loadConfig(env).sessionMaxAgeDays).toBe(90);
    expect(loadConfig({ ...env, SESSION_MAX_AGE_DAYS: '7' }).sessionMaxAgeDays).toBe(7);
    expect(() => loadConfig({ ...env, SESSION_MAX_AGE_DAYS: '0' })).toThrow(/SESSION_MAX_AGE_DAYS/);
  });
});
