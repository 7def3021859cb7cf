import { and, eq, sql } from 'drizzle-orm';
import { authenticator } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityEvents, emailTokens, users } from '../../src/db/schema/index.js';
import { SIGN_IN_CODE_TTL_MS } from '../../src/modules/registration/index.js';
import { linkIn, startMailbox, type Mailbox } from '../helpers/mailbox.js';
import { bearer, createTestApp, setUserStatus, type TestContext, queueIdle } from '../helpers/test-app.js';

const PUBLIC_URL = 'http://app.test';
let t: TestContext;
let mail: Mailbox;
let personalTypeId: string;
let n = 0;

beforeAll(async () => {
  mail = await startMailbox();
  t = await createTestApp({ ...mail.env, PUBLIC_URL });
  const types = (await t.app.inject({ url: '/api/account-types' })).json().data as { id: string; code: string }[];
  personalTypeId = types.find((x) => x.code === 'personal')!.id;
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

/** Registers a visitor (from an address of their own) and answers the code of the emailed link. */
async function registered() {
  n += 1;
  const visitor = {
    name: `Lucía Vera ${n}`,
    alias: `lucia-${n}-${Date.now() % 100000}`,
    email: `lucia${n}.${Date.now()}@visitor.test`,
    password: 'a-long-unusual-passphrase',
    accountTypeId: personalTypeId,
    acceptPolicy: true,
  };
  const res = await t.app.inject({ method: 'POST', url: '/api/register', payload: visitor, remoteAddress: `10.9.0.${n}` });
  expect(res.statusCode).toBe(201);
  const link = linkIn(await mail.next(visitor.email), `${PUBLIC_URL}/register/verify/`);
  return { visitor, code: link.split('/register/verify/')[1]! };
}

const verify = (code: string) => t.app.inject({ method: 'POST', url: '/api/register/verify', payload: { code } });
const exchange = (code: string, language = 'en') =>
  t.app.inject({ method: 'POST', url: '/api/register/sign-in', payload: { code }, headers: { 'accept-language': language } });

/** Registers and verifies; answers the visitor and the sign-in code the verification gave. */
async function verified() {
  const { visitor, code } = await registered();
  const res = await verify(code);
  expect(res.statusCode).toBe(200);
  const data = res.json().data as { email: string; kind: string; signInCode?: string };
  expect(data).toMatchObject({ email: visitor.email, kind: 'account' });
  expect(data.signInCode).toEqual(expect.any(String));
  return { visitor, signInCode: data.signInCode! };
}

describe('the verification link signs the new account in, once', () => {
  it('exchanges the code for a session shaped like the sign-in’s, which works on /api/user', async () => {
    const { visitor, signInCode } = await verified();
    const res = await exchange(signInCode);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // The inherited login answer: {ok: 1, data: {token, user}}.
    expect(Object.keys(body).sort()).toEqual(['data', 'ok']);
    expect(body.ok).toBe(1);
    expect(Object.keys(body.data).sort()).toEqual(['token', 'user']);
    expect(body.data.user).toMatchObject({ email: visitor.email, name: visitor.name, alias: visitor.alias, roll: 'user' });
    expect(body.data.user.perfil_id).toEqual(expect.any(String));

    const me = await t.app.inject({ url: '/api/user', headers: bearer(body.data.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(body.data.user);
    // The same session path as a sign-in: recorded as one.
    await queueIdle(t.app, 'event.');
    const signIns = await t.db
      .select()
      .from(activityEvents)
      .where(and(eq(activityEvents.userId, body.data.user.id), eq(activityEvents.action, 'auth.sign_in')));
    expect(signIns).toHaveLength(1);
  });

  it('keeps only the code’s hash, valid a few minutes', async () => {
    const { visitor, signInCode } = await verified();
    const [row] = await t.db
      .select()
      .from(emailTokens)
      .where(and(eq(emailTokens.email, visitor.email), eq(emailTokens.purpose, 'sign_in')));
    expect(row!.tokenHash).not.toBe(signInCode);
    const ttl = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(ttl).toBeLessThanOrEqual(SIGN_IN_CODE_TTL_MS + 5000);
    expect(SIGN_IN_CODE_TTL_MS).toBeLessThanOrEqual(10 * 60_000);
  });

  it('refuses a second exchange with a translated 401, and the first session keeps working', async () => {
    const { signInCode } = await verified();
    const first = await exchange(signInCode);
    expect(first.statusCode).toBe(200);
    const second = await exchange(signInCode, 'es');
    expect(second.statusCode).toBe(401);
    expect(second.json()).toMatchObject({
      ok: 0,
      code: 'auth.sign_in_code_invalid',
      message: 'Este acceso automático ya se ha usado o no es válido. Inicia sesión con tu correo y tu contraseña.',
    });
    expect((await t.app.inject({ url: '/api/user', headers: bearer(first.json().data.token) })).statusCode).toBe(200);
  });

  it('refuses an expired code with its own translated message', async () => {
    const { visitor, signInCode } = await verified();
    await t.db
      .update(emailTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(and(eq(emailTokens.email, visitor.email), eq(emailTokens.purpose, 'sign_in')));
    const res = await exchange(signInCode, 'jp');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      code: 'auth.sign_in_code_expired',
      message: 'この自動サインインは期限切れです。メールアドレスとパスワードでサインインしてください。',
    });
  });

  it('refuses a wrong code (401), the verification code itself (401) and a malformed body (422)', async () => {
    const { code } = await registered();
    expect((await verify(code)).statusCode).toBe(200);
    const wrong = await exchange('a-code-nobody-was-ever-given');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({
      code: 'auth.sign_in_code_invalid',
      message: 'This automatic sign-in has already been used or is not valid. Sign in with your email and password.',
    });
    // The emailed code is for verifying, never for signing in.
    expect((await exchange(code)).json().code).toBe('auth.sign_in_code_invalid');
    const malformed = await exchange('short');
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors.code).toEqual(['Use at least 10 characters.']);
  });

  it('signs in no suspended account', async () => {
    const { visitor, signInCode } = await verified();
    const [user] = await t.db.select().from(users).where(eq(users.email, visitor.email));
    await setUserStatus(t.db, user!.id, 'suspended');
    const res = await exchange(signInCode);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('auth.suspended');
  });

  it('gives no sign-in code for a confirmed email change', async () => {
    const { signInCode } = await verified();
    const token = (await exchange(signInCode)).json().data.token as string;
    const newEmail = `changed.${Date.now()}@visitor.test`;
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/account/email',
      headers: bearer(token),
      payload: { newEmail, password: 'a-long-unusual-passphrase' },
    });
    expect(change.statusCode).toBe(200);
    const code = linkIn(await mail.next(newEmail), `${PUBLIC_URL}/register/verify/`).split('/register/verify/')[1]!;
    const res = await verify(code);
    expect(res.json().data).toEqual({ email: newEmail, kind: 'email_change' });
  });

  it('gives no sign-in code when the account was activated another way since (a password reset)', async () => {
    const { visitor, code } = await registered();
    // The reset activates the account and sets a new password; the first link stays in the inbox.
    const forgot = await t.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { email: visitor.email } });
    expect(forgot.statusCode).toBe(200);
    const reset = linkIn(await mail.next(visitor.email), `${PUBLIC_URL}/reset-password/`).split('/reset-password/')[1]!;
    const [token, email] = reset.split('/');
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/password/reset',
      payload: { token, email: decodeURIComponent(email!), password: 'another-long-passphrase' },
    });
    expect(done.statusCode).toBe(200);
    const [user] = await t.db.select().from(users).where(eq(users.email, visitor.email));
    expect(user!.status).toBe('active');

    const res = await verify(code);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ email: visitor.email, kind: 'account' });
  });

  it('refuses the code of an account that turned two-factor on before using it', async () => {
    const { visitor, signInCode } = await verified();
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: visitor.email, password: visitor.password },
      remoteAddress: '10.9.1.1',
    });
    const auth = bearer(login.json().data.token as string);
    // Turning two-factor on is a sensitive change: the session proves its owner first.
    await t.app.inject({ method: 'POST', url: '/api/user/reauthenticate', headers: auth, payload: { password: visitor.password } });
    const { secret } = (await t.app.inject({ method: 'POST', url: '/api/two-factor/setup', headers: auth })).json().data as {
      secret: string;
    };
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/two-factor/confirm',
      headers: auth,
      payload: { code: authenticator.generate(secret) },
    });
    expect(confirm.statusCode).toBe(200);

    const res = await exchange(signInCode);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('auth.sign_in_code_invalid');
  });
});
