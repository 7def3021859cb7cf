import { eq, sql } from 'drizzle-orm';
import { authenticator } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECOVERY_CODE_COUNT } from '@enlaza/contracts';
import { signInChallenges, twoFactorRecoveryCodes, twoFactorSecrets } from '../../src/db/schema/index.js';
import { bearer, createTestApp, insertUser, login, type TestContext } from '../helpers/test-app.js';

// An independent TOTP implementation (otplib) makes the codes the server must accept.
const codeAt = (secret: string, offsetSteps = 0) => authenticator.clone({ epoch: Date.now() + offsetSteps * 30_000 }).generate(secret);

let t: TestContext;
let required: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  required = await createTestApp({ ADMIN_REQUIRE_TWO_FACTOR: 'true' });
});
afterAll(async () => {
  await t.close();
  await required.close();
});

let address = 0;
const signIn = (ctx: TestContext, user: { email: string; password: string }) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: user.email, password: user.password },
    remoteAddress: `10.77.0.${++address % 250}`,
  });
const secondFactor = (ctx: TestContext, challenge: string, code: string, lang = 'en') =>
  ctx.app.inject({ method: 'POST', url: '/api/login/second-factor', payload: { challenge, code }, headers: { 'accept-language': lang } });

/** A user with two-factor on: its secret (from the setup answer) and recovery codes. */
async function enrolled(ctx = t) {
  const user = await insertUser(ctx.db);
  const auth = bearer(await login(ctx.app, user));
  const setup = await ctx.app.inject({ method: 'POST', url: '/api/two-factor/setup', headers: auth });
  expect(setup.statusCode).toBe(200);
  const { secret, otpauthUri, qrCode } = setup.json().data;
  expect(otpauthUri).toContain(`secret=${secret}`);
  expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
  // Not on until confirmed: sign-in still answers a session.
  expect((await signIn(ctx, user)).json().data.token).toBeTruthy();
  // A code one step old: the sign-in below uses the current one.
  const confirm = await ctx.app.inject({
    method: 'POST',
    url: '/api/two-factor/confirm',
    headers: auth,
    payload: { code: codeAt(secret, -1) },
  });
  expect(confirm.statusCode).toBe(200);
  const { recoveryCodes } = confirm.json().data as { recoveryCodes: string[] };
  return { user, auth, secret, recoveryCodes };
}

describe('two-factor sign-in', () => {
  it('answers the inherited shape exactly when two-factor is off', async () => {
    const user = await insertUser(t.db);
    const res = await signIn(t, user);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().data).sort()).toEqual(['token', 'user']);
  });

  it('enrols with a confirmed code, then signs in with the second step and a code from another implementation', async () => {
    const { user, secret, recoveryCodes } = await enrolled();
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    const [row] = await t.db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, user.id));
    // Stored encrypted, and the recovery codes only hashed.
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(row!.secretEncrypted).not.toContain(secret);
    const hashes = await t.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user.id));
    expect(hashes.some((h) => recoveryCodes.includes(h.codeHash))).toBe(false);

    const first = await signIn(t, user);
    expect(first.statusCode).toBe(200);
    const data = first.json().data;
    expect(data).toEqual({ secondFactor: 'totp', challenge: expect.any(String), expiresAt: expect.any(String) });
    expect(data.token).toBeUndefined();
    expect(new Date(data.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(5 * 60_000);
  });

  it('completes with a current code; refuses a wrong code and the same code again', async () => {
    const { user, secret, auth } = await enrolled();
    const { challenge } = (await signIn(t, user)).json().data;
    const wrong = await secondFactor(t, challenge, '000000', 'es');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ ok: 0, code: 'auth.second_factor_invalid' });
    expect(wrong.json().message).toMatch(/código/);
    const code = codeAt(secret);
    const ok = await secondFactor(t, challenge, code);
    expect(ok.statusCode).toBe(200);
    const token = ok.json().data.token as string;
    expect((await t.app.inject({ url: '/api/user', headers: bearer(token) })).json().email).toBe(user.email);
    // The challenge is spent, and the same code on a new challenge is a reuse.
    expect((await secondFactor(t, challenge, codeAt(secret, 1))).json().code).toBe('auth.second_factor_expired');
    const again = (await signIn(t, user)).json().data.challenge;
    expect((await secondFactor(t, again, code)).json().code).toBe('auth.second_factor_invalid');
    // The status shows it on.
    expect((await t.app.inject({ url: '/api/two-factor', headers: auth })).json().data).toEqual({
      enabled: true,
      recoveryCodesLeft: RECOVERY_CODE_COUNT,
      required: false,
    });
  });

  it('takes a recovery code once', async () => {
    const { user, recoveryCodes } = await enrolled();
    const recovery = recoveryCodes[0]!;
    const first = (await signIn(t, user)).json().data.challenge;
    expect((await secondFactor(t, first, recovery.toUpperCase())).statusCode).toBe(200);
    const second = (await signIn(t, user)).json().data.challenge;
    const reused = await secondFactor(t, second, recovery);
    expect(reused.statusCode).toBe(401);
    expect(reused.json().code).toBe('auth.second_factor_invalid');
    expect((await secondFactor(t, second, recoveryCodes[1]!)).statusCode).toBe(200);
  });

  it('refuses an expired challenge, and one that had too many wrong codes', async () => {
    const { user, secret } = await enrolled();
    const { challenge } = (await signIn(t, user)).json().data;
    await t.db
      .update(signInChallenges)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(signInChallenges.userId, user.id));
    const late = await secondFactor(t, challenge, codeAt(secret));
    expect(late.statusCode).toBe(401);
    expect(late.json().code).toBe('auth.second_factor_expired');

    const next = (await signIn(t, user)).json().data.challenge;
    for (let i = 0; i < 5; i++) expect((await secondFactor(t, next, '111111')).json().code).toBe('auth.second_factor_invalid');
    expect((await secondFactor(t, next, codeAt(secret))).json().code).toBe('auth.second_factor_expired');
    // The wrong codes counted as failed sign-ins from their address: no fresh challenges from there for now.
    const again = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: user.password } });
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('regenerates recovery codes (old ones stop working) and turns off with the password', async () => {
    const { user, auth, secret, recoveryCodes } = await enrolled();
    const fresh = await t.app.inject({
      method: 'POST',
      url: '/api/two-factor/recovery-codes',
      headers: auth,
      payload: { code: codeAt(secret) },
    });
    expect(fresh.statusCode).toBe(200);
    const challenge = (await signIn(t, user)).json().data.challenge;
    expect((await secondFactor(t, challenge, recoveryCodes[0]!)).statusCode).toBe(401);
    expect((await secondFactor(t, challenge, fresh.json().data.recoveryCodes[0])).statusCode).toBe(200);

    const refused = await t.app.inject({ method: 'POST', url: '/api/two-factor/disable', headers: auth, payload: { password: 'not-it' } });
    expect(refused.statusCode).toBe(422);
    const off = await t.app.inject({ method: 'POST', url: '/api/two-factor/disable', headers: auth, payload: { password: user.password } });
    expect(off.statusCode).toBe(200);
    expect(Object.keys((await signIn(t, user)).json().data).sort()).toEqual(['token', 'user']);
  });

  it('refuses a setup confirmation with a wrong code (422) and bad input clearly', async () => {
    const user = await insertUser(t.db);
    const auth = bearer(await login(t.app, user));
    await t.app.inject({ method: 'POST', url: '/api/two-factor/setup', headers: auth });
    const wrong = await t.app.inject({ method: 'POST', url: '/api/two-factor/confirm', headers: auth, payload: { code: '123' } });
    expect(wrong.statusCode).toBe(422);
    const bad = await t.app.inject({ method: 'POST', url: '/api/two-factor/confirm', headers: auth, payload: { code: '999999' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().code).toBe('two_factor.code_invalid');
  });
});

describe('the sign-in page', () => {
  it('limits the guesses a signed-in session makes at turning it off or renewing the codes (429 with Retry-After)', async () => {
    const { auth } = await enrolled();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const disable = await t.app.inject({
        method: 'POST',
        url: '/api/two-factor/disable',
        headers: auth,
        payload: { password: 'not-the-password' },
      });
      const renew = await t.app.inject({
        method: 'POST',
        url: '/api/two-factor/recovery-codes',
        headers: auth,
        payload: { code: '000000' },
      });
      statuses.push(disable.statusCode, renew.statusCode);
    }
    // Ten proofs in 15 minutes, shared by both.
    expect(statuses.slice(0, 10).every((status) => status === 422)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    const limited = await t.app.inject({ method: 'POST', url: '/api/two-factor/disable', headers: auth, payload: { password: 'x' } });
    expect(limited.json().code).toBe('request.throttled');
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('carries the second step the page script drives (apps/web/src/login-page/second-factor.ts)', async () => {
    const res = await t.app.inject({ url: '/', headers: { 'accept-language': 'en' } });
    for (const id of [
      'lp-second',
      'lp-second-title',
      'lp-enrol',
      'lp-enrol-qr',
      'lp-enrol-secret',
      'lp-second-hint',
      'lp-code-label',
      'lp-code-error',
      'lp-second-submit',
      'lp-use-recovery',
      'lp-second-back',
      'lp-recovery',
      'lp-recovery-title',
      'lp-recovery-list',
      'lp-recovery-continue',
    ])
      expect(res.body).toContain(`id="${id}"`);
    expect(res.body).toMatch(/<input id="lp-code"[^>]*autocomplete="one-time-code"[^>]*inputmode="numeric"/);
    expect(res.body).toContain('Use a recovery code');
  });
});

describe('admins required to use two-factor (ADMIN_REQUIRE_TWO_FACTOR=true)', () => {
  it('sends an admin without it to enrol first, then signs them in', async () => {
    const admin = await insertUser(required.db, { role: 'admin' });
    const first = await signIn(required, admin);
    expect(first.json().data).toMatchObject({ secondFactor: 'enrol' });
    const { challenge } = first.json().data;
    // The enrol challenge is no way around the second factor.
    expect((await secondFactor(required, challenge, '123456')).json().code).toBe('auth.second_factor_expired');
    const setup = await required.app.inject({ method: 'POST', url: '/api/login/second-factor/setup', payload: { challenge } });
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json().data;
    const enrol = await required.app.inject({
      method: 'POST',
      url: '/api/login/second-factor/enrol',
      payload: { challenge, code: codeAt(secret, -1) },
    });
    expect(enrol.statusCode).toBe(200);
    expect(enrol.json().data.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    const auth = bearer(enrol.json().data.token);
    expect((await required.app.inject({ url: '/api/two-factor', headers: auth })).json().data).toMatchObject({
      enabled: true,
      required: true,
    });
    // Now a normal second step; and a required admin cannot turn it off.
    expect((await signIn(required, admin)).json().data.secondFactor).toBe('totp');
    const off = await required.app.inject({
      method: 'POST',
      url: '/api/two-factor/disable',
      headers: auth,
      payload: { password: admin.password },
    });
    expect(off.statusCode).toBe(403);
  });

  it('leaves users alone', async () => {
    const user = await insertUser(required.db);
    expect(Object.keys((await signIn(required, user)).json().data).sort()).toEqual(['token', 'user']);
  });
});
