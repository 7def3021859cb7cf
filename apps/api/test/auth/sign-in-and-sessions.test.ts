import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentUserSchema } from '@enlaza/contracts';
import { sessions, users } from '../../src/db/schema/index.js';
import { sha256 } from '../../src/lib/crypto.js';
import { ADMIN, DEMO, bearer, createTestApp, insertUser, login, setUserStatus, type TestContext } from '../helpers/test-app.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Polls GET /api/user until it answers `wanted` or the time is up; returns the last status. */
async function statusWithin(token: string, wanted: number, ms: number): Promise<number> {
  const deadline = Date.now() + ms;
  let status = 0;
  do {
    status = (await t.app.inject({ url: '/api/user', headers: bearer(token) })).statusCode;
    if (status === wanted) return status;
    await new Promise((r) => setTimeout(r, 20));
  } while (Date.now() < deadline);
  return status;
}

const post = (payload: unknown, headers: Record<string, string> = {}, remoteAddress = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: payload as object, headers, remoteAddress });

describe('POST /api/login', () => {
  it('answers ok 1 with a token and exactly the inherited user fields', async () => {
    const res = await post(DEMO);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.ok).toBe(1);
    expect(body.data.token).toMatch(/^[\w-]{40,}$/);
    expect(Object.keys(body.data.user).sort()).toEqual(
      ['alias', 'codigo', 'created_at', 'email', 'id', 'name', 'perfil_id', 'roll'].sort(),
    );
    expect(currentUserSchema.parse(body.data.user)).toMatchObject({ email: DEMO.email, roll: 'user', alias: 'demo', name: 'Demo User' });
    expect(body.data.user.perfil_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.data.user.codigo).toMatch(/^EN-\d{6}$/);
  });

  it('accepts the email in any case and with spaces around it', async () => {
    expect((await post({ email: ` ${DEMO.email.toUpperCase()} `, password: DEMO.password }, {}, '10.0.0.50')).statusCode).toBe(200);
    expect((await post({ email: `\t${DEMO.email}\n`, password: DEMO.password }, {}, '10.0.0.50')).statusCode).toBe(200);
    expect((await post({ email: ` not an email `, password: DEMO.password }, {}, '10.0.0.50')).statusCode).toBe(422);
    expect((await post({ email: DEMO.email.toUpperCase(), password: DEMO.password }, {}, '10.0.0.50')).statusCode).toBe(200);
  });

  it('stores only the SHA-256 of the token', async () => {
    const token = await login(t.app, ADMIN);
    const rows = await t.db.select().from(sessions);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.some((r) => r.tokenHash === sha256(token))).toBe(true);
  });

  it('refuses a wrong password and an unknown email with the same 401 and translated message', async () => {
    const wrong = await post({ email: DEMO.email, password: 'not-the-password' }, { 'accept-language': 'es' }, '10.0.0.2');
    const unknown = await post({ email: 'nobody@test.example', password: 'whatever-123' }, { 'accept-language': 'es' }, '10.0.0.2');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ ok: 0, code: 'auth.invalid_credentials', message: 'El correo o la contraseña no son correctos.' });
    expect(unknown.json()).toEqual(wrong.json());
    const jp = await post({ email: DEMO.email, password: 'nope-nope' }, { 'accept-language': 'ja-JP,ja;q=0.9' }, '10.0.0.3');
    expect(jp.json().message).toBe('メールアドレスまたはパスワードが正しくありません。');
  });

  it('answers 422 with an error per field for invalid bodies', async () => {
    const res = await post({ email: 'not-an-email' }, { 'accept-language': 'en' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      ok: 0,
      code: 'validation.failed',
      errors: { email: ['Enter a valid email address.'], password: ['This field is required.'] },
    });
    const empty = await post({ email: DEMO.email, password: '' });
    expect(empty.json().errors).toEqual({ password: ['This field is required.'] });
    const wrongTypes = await post({ email: 42, password: ['x'] });
    expect(wrongTypes.statusCode).toBe(422);
    expect(Object.keys(wrongTypes.json().errors).sort()).toEqual(['email', 'password']);
  });

  it('answers 422, never 500, to a body that is not JSON or not an object', async () => {
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(broken.statusCode).toBe(422);
    expect(broken.json()).toMatchObject({ ok: 0, code: 'request.invalid_body' });
    const emptyBody = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(emptyBody.statusCode).toBe(422);
    const array = await t.app.inject({ method: 'POST', url: '/api/login', payload: [1, 2] });
    expect(array.statusCode).toBe(422);
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=x',
    });
    expect(form.statusCode).toBe(415);
    expect(form.json().ok).toBe(0);
  });

  it('throttles after 5 failures a minute for one email and address, with Retry-After', async () => {
    const victim = await insertUser(t.db);
    const address = '10.9.9.9';
    for (let i = 0; i < 5; i++) expect((await post({ email: victim.email, password: 'wrong-password' }, {}, address)).statusCode).toBe(401);
    const blocked = await post({ email: victim.email, password: victim.password }, { 'accept-language': 'en' }, address);
    expect(blocked.statusCode).toBe(429);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(blocked.json()).toMatchObject({ ok: 0, code: 'auth.throttled' });
    expect(blocked.json().message).toContain(`${retryAfter} seconds`);
    // Another address is not affected by this address's failures.
    expect((await post({ email: victim.email, password: victim.password }, {}, '10.9.9.10')).statusCode).toBe(200);
  });

  it('lets the user in again once the minute has passed', async () => {
    const user = await insertUser(t.db);
    const address = '10.8.8.8';
    for (let i = 0; i < 5; i++) await post({ email: user.email, password: 'wrong-password' }, {}, address);
    expect((await post({ email: user.email, password: user.password }, {}, address)).statusCode).toBe(429);
    await t.db.execute(sql`update rate_limit_events set created_at = created_at - interval '61 seconds'`);
    expect((await post({ email: user.email, password: user.password }, {}, address)).statusCode).toBe(200);
  });

  it('tells a suspended and an unverified account apart with 403', async () => {
    const suspended = await insertUser(t.db, { status: 'suspended' });
    const pending = await insertUser(t.db, { status: 'pending', emailVerifiedAt: null });
    const s = await post({ email: suspended.email, password: suspended.password }, { 'accept-language': 'en' }, '10.0.1.1');
    const p = await post({ email: pending.email, password: pending.password }, { 'accept-language': 'en' }, '10.0.1.1');
    expect(s.statusCode).toBe(403);
    expect(s.json()).toMatchObject({ code: 'auth.suspended', message: expect.stringContaining('suspended') as string });
    expect(p.statusCode).toBe(403);
    expect(p.json()).toMatchObject({ code: 'auth.unverified', message: expect.stringContaining('not been verified') as string });
    // Without the right password the state of the account is not revealed.
    expect((await post({ email: suspended.email, password: 'wrong-password' }, {}, '10.0.1.2')).statusCode).toBe(401);
  });
});

describe('GET /api/user', () => {
  it('answers the bare user object for a valid token', async () => {
    const token = await login(t.app, DEMO);
    const res = await t.app.inject({ url: '/api/user', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const user = currentUserSchema.strict().parse(res.json());
    expect(user.email).toBe(DEMO.email);
  });

  it('answers 401 with no token, a malformed header or an unknown token', async () => {
    for (const headers of [{}, { authorization: 'Basic abc' }, { authorization: 'Bearer not-a-real-token' }]) {
      const res = await t.app.inject({ url: '/api/user', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ ok: 0, code: 'auth.unauthenticated' });
    }
  });

  it('refuses a token revoked by logout, and logout needs a token', async () => {
    const token = await login(t.app, DEMO);
    const out = await t.app.inject({ url: '/api/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ ok: 1 });
    expect((await t.app.inject({ url: '/api/user', headers: bearer(token) })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/logout', headers: bearer(token) })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/logout' })).statusCode).toBe(401);
  });

  it('expires a token unused for 30 days and keeps one used within them alive', async () => {
    const stale = await login(t.app, DEMO);
    const recent = await login(t.app, DEMO);
    await t.db
      .update(sessions)
      .set({ lastUsedAt: sql`now() - interval '30 days 1 minute'` })
      .where(eq(sessions.tokenHash, sha256(stale)));
    await t.db
      .update(sessions)
      .set({ lastUsedAt: sql`now() - interval '29 days'` })
      .where(eq(sessions.tokenHash, sha256(recent)));
    expect((await t.app.inject({ url: '/api/user', headers: bearer(stale) })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/user', headers: bearer(recent) })).statusCode).toBe(200);
    // Using it restarted its 30 days.
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(recent)));
    expect(Date.now() - (row?.lastUsedAt.getTime() ?? 0)).toBeLessThan(60_000);
  });

  it('cuts a cached session within moments when the user is suspended out of band (another process, or by hand)', async () => {
    const user = await insertUser(t.db);
    const token = await login(t.app, user);
    expect((await t.app.inject({ url: '/api/user', headers: bearer(token) })).statusCode).toBe(200); // now cached
    await setUserStatus(t.db, user.id, 'suspended'); // straight to the database: only the NOTIFY tells the app
    expect(await statusWithin(token, 403, 2000)).toBe(403);
  });

  it('reflects a change to the user made through the app on the very next call', async () => {
    const token = await login(t.app, DEMO);
    expect((await t.app.inject({ url: '/api/user', headers: bearer(token) })).json().name).toBe('Demo User');
    const renamed = await t.app.inject({
      method: 'PUT',
      url: '/api/account/personal',
      headers: bearer(token),
      payload: { name: 'Renamed Demo', phone: null, country: null },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/user', headers: bearer(token) })).json().name).toBe('Renamed Demo');
    await t.app.inject({
      method: 'PUT',
      url: '/api/account/personal',
      headers: bearer(token),
      payload: { name: 'Demo User', phone: null, country: null },
    });
  });

  it('reflects a change made out of band within moments', async () => {
    const token = await login(t.app, DEMO);
    expect((await t.app.inject({ url: '/api/user', headers: bearer(token) })).statusCode).toBe(200);
    await t.db.update(users).set({ alias: 'demo-by-hand' }).where(eq(users.email, DEMO.email));
    const deadline = Date.now() + 2000;
    let alias = '';
    while (Date.now() < deadline && alias !== 'demo-by-hand') {
      alias = (await t.app.inject({ url: '/api/user', headers: bearer(token) })).json().alias;
      await new Promise((r) => setTimeout(r, 20)); // let the event loop read the NOTIFY, as it does between real requests
    }
    expect(alias).toBe('demo-by-hand');
    await t.db.update(users).set({ alias: 'demo' }).where(eq(users.email, DEMO.email));
  });
});
