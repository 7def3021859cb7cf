import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { activeSessionSchema } from '@enlaza/contracts';
import { sessions } from '../../src/db/schema/index.js';
import { sha256 } from '../../src/lib/crypto.js';
import { deviceOf } from '../../src/modules/auth/device.js';
import { bearer, createTestApp, insertUser, type TestContext } from '../helpers/test-app.js';

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let address = 0;
async function signIn(user: { email: string; password: string }, userAgent: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: user,
    headers: { 'user-agent': userAgent },
    remoteAddress: `10.44.0.${++address}`,
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { token: string } }>().data.token;
}
const list = (token: string) => t.app.inject({ url: '/api/sessions', headers: bearer(token) });
const me = async (token: string) => (await t.app.inject({ url: '/api/user', headers: bearer(token) })).statusCode;
const sessionIdOf = async (token: string) =>
  (
    await t.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(token)))
  )[0]!.id;

describe('reading the device from the User-Agent', () => {
  it('names the browser with its major version, the system and the kind of device', () => {
    expect(deviceOf(FIREFOX_WINDOWS)).toEqual({ browser: 'Firefox 132', os: 'Windows 10', type: 'desktop' });
    expect(deviceOf(SAFARI_IPHONE)).toEqual({ browser: 'Mobile Safari 17', os: 'iOS 17.5', type: 'mobile' });
    expect(deviceOf(CHROME_ANDROID)).toEqual({ browser: 'Chrome 131', os: 'Android 14', type: 'mobile' });
    expect(
      deviceOf('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'),
    ).toEqual({ browser: 'Chrome 131', os: 'macOS', type: 'desktop' });
    expect(
      deviceOf(
        'Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.0 Mobile/15E148 Safari/604.1',
      ).type,
    ).toBe('tablet');
  });

  it('says nothing it cannot read', () => {
    expect(deviceOf(null)).toEqual({ browser: null, os: null, type: 'other' });
    expect(deviceOf('curl/8.4.0')).toEqual({ browser: null, os: null, type: 'other' });
  });
});

describe('GET /api/sessions', () => {
  it('lists my live sessions with device, start and last seen, marks the current one, and shows no address', async () => {
    const user = await insertUser(t.db);
    const laptop = await signIn(user, FIREFOX_WINDOWS);
    const phone = await signIn(user, SAFARI_IPHONE);
    const stranger = await insertUser(t.db);
    await signIn(stranger, CHROME_ANDROID);
    const res = await list(phone);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as unknown[];
    expect(data).toHaveLength(2);
    const items = data.map((item) => activeSessionSchema.strict().parse(item));
    expect(Object.keys(data[0] as object).sort()).toEqual(['createdAt', 'current', 'device', 'id', 'lastSeenAt']);
    const current = items.find((s) => s.current)!;
    expect(current.id).toBe(await sessionIdOf(phone));
    expect(current.device).toEqual({ browser: 'Mobile Safari 17', os: 'iOS 17.5', type: 'mobile' });
    const other = items.find((s) => !s.current)!;
    expect(other.id).toBe(await sessionIdOf(laptop));
    expect(other.device.browser).toBe('Firefox 132');
    expect(Date.now() - Date.parse(other.createdAt)).toBeLessThan(60_000);
    expect(Date.parse(other.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(other.createdAt) - 1000);
    expect(JSON.stringify(data)).not.toContain('10.44.0.');
  });

  it('leaves out sessions idle past the 30 days and needs a token', async () => {
    const user = await insertUser(t.db);
    const stale = await signIn(user, FIREFOX_WINDOWS);
    const fresh = await signIn(user, SAFARI_IPHONE);
    await t.db
      .update(sessions)
      .set({ lastUsedAt: sql`now() - interval '31 days'` })
      .where(eq(sessions.tokenHash, sha256(stale)));
    expect((await list(fresh)).json().data).toHaveLength(1);
    expect((await t.app.inject({ url: '/api/sessions' })).statusCode).toBe(401);
  });

  it('writes last seen at most once per 5 minutes per session, not on every request', async () => {
    const user = await insertUser(t.db);
    const token = await signIn(user, FIREFOX_WINDOWS);
    const lastUsed = async () =>
      (
        await t.db
          .select({ at: sessions.lastUsedAt })
          .from(sessions)
          .where(eq(sessions.tokenHash, sha256(token)))
      )[0]!.at.getTime();
    const signedInAt = await lastUsed();
    for (let i = 0; i < 3; i++) expect(await me(token)).toBe(200);
    expect(await lastUsed()).toBe(signedInAt);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 6 * 60_000 });
    try {
      expect(await me(token)).toBe(200); // six minutes later: one write
      const touched = await lastUsed();
      expect(touched).toBeGreaterThan(signedInAt);
      for (let i = 0; i < 3; i++) expect(await me(token)).toBe(200);
      expect(await lastUsed()).toBe(touched);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('signing out other sessions', () => {
  it('"sign out this one" ends that session at once, even while it is cached, and leaves the others', async () => {
    const user = await insertUser(t.db);
    const laptop = await signIn(user, FIREFOX_WINDOWS);
    const phone = await signIn(user, SAFARI_IPHONE);
    const tablet = await signIn(user, CHROME_ANDROID);
    // Both are in use: this process has them cached.
    expect(await me(phone)).toBe(200);
    expect(await me(tablet)).toBe(200);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/sessions/${await sessionIdOf(phone)}`, headers: bearer(laptop) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: 1, data: {} });
    expect(await me(phone)).toBe(401); // no wait: the cache forgot it with the delete
    expect(await me(tablet)).toBe(200);
    expect(await me(laptop)).toBe(200);
    expect((await list(laptop)).json().data).toHaveLength(2);
  });

  it('answers 404 for another user’s session (which keeps working), 404 for one already ended and 422 for a malformed id', async () => {
    const owner = await insertUser(t.db);
    const stranger = await insertUser(t.db);
    const ownerToken = await signIn(owner, FIREFOX_WINDOWS);
    const strangerToken = await signIn(stranger, SAFARI_IPHONE);
    const ownerSession = await sessionIdOf(ownerToken);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/sessions/${ownerSession}`,
      headers: { ...bearer(strangerToken), 'accept-language': 'es' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ ok: 0, code: 'record.not_found' });
    expect(await me(ownerToken)).toBe(200);

    const second = await signIn(owner, SAFARI_IPHONE);
    const gone = await sessionIdOf(second);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/sessions/${gone}`, headers: bearer(ownerToken) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/sessions/${gone}`, headers: bearer(ownerToken) })).statusCode).toBe(404);
    const malformed = await t.app.inject({ method: 'DELETE', url: '/api/sessions/not-an-id', headers: bearer(ownerToken) });
    expect(malformed.statusCode).toBe(422);
  });

  it('"sign out everywhere else" ends every other session at once and keeps this one', async () => {
    const user = await insertUser(t.db);
    const stranger = await insertUser(t.db);
    const strangerToken = await signIn(stranger, CHROME_ANDROID);
    const here = await signIn(user, FIREFOX_WINDOWS);
    const others = [await signIn(user, SAFARI_IPHONE), await signIn(user, CHROME_ANDROID)];
    for (const token of others) expect(await me(token)).toBe(200);
    const res = await t.app.inject({ method: 'POST', url: '/api/sessions/sign-out-others', headers: bearer(here) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: 1, data: { signedOut: 2 } });
    for (const token of others) expect(await me(token)).toBe(401);
    expect(await me(here)).toBe(200);
    expect(await me(strangerToken)).toBe(200);
    const left = (await list(here)).json().data as { current: boolean }[];
    expect(left).toEqual([expect.objectContaining({ current: true })]);
  });
});
