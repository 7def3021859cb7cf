import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityEvents, apiTokens, emailTokens, passkeys, plans, profiles, subscriptions, users } from '../../src/db/schema/index.js';
import { linkIn, startMailbox, type Mailbox } from '../helpers/mailbox.js';
import { PRODUCT_PASSWORD_HASH } from '../helpers/passwords.js';
import { bearer, createTestApp, login, queueIdle, settledDeliveries, type TestContext } from '../helpers/test-app.js';

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

const newVisitor = () => {
  n += 1;
  return {
    name: `María López ${n}`,
    alias: `maria-${n}-${Date.now() % 100000}`,
    email: `maria${n}.${Date.now()}@visitor.test`,
    password: 'a-long-unusual-passphrase',
    accountTypeId: personalTypeId,
    acceptPolicy: true,
  };
};
let visitorAddress = 0;
/** Each call comes from its own address: registration is limited to 10 an hour per address. */
const register = (body: object, language = 'en', remoteAddress = `10.1.${Math.floor(++visitorAddress / 250)}.${visitorAddress % 250}`) =>
  t.app.inject({ method: 'POST', url: '/api/register', payload: body, headers: { 'accept-language': language }, remoteAddress });
const codeFrom = (link: string) => link.split('/register/verify/')[1]!;
const verify = (code: string) => t.app.inject({ method: 'POST', url: '/api/register/verify', payload: { code } });

describe('account types and aliases', () => {
  it('lists the active account types for the form', async () => {
    const res = await t.app.inject({ url: '/api/account-types' });
    expect(
      res
        .json()
        .data.map((x: { code: string }) => x.code)
        .sort(),
    ).toEqual(['business', 'personal']);
    expect(res.json().data.find((x: { code: string }) => x.code === 'business').requiresTaxId).toBe(true);
  });

  it('checks an alias and suggests a free one', async () => {
    const taken = (await t.app.inject({ url: '/api/register/alias?alias=demo' })).json().data;
    expect(taken).toEqual({ alias: 'demo', valid: true, available: false, suggestion: 'demo-2' });
    const fromName = (await t.app.inject({ url: `/api/register/alias?name=${encodeURIComponent('José Núñez')}` })).json().data;
    expect(fromName).toMatchObject({ valid: false, available: false, suggestion: 'jose-nunez' });
    const invalid = (await t.app.inject({ url: '/api/register/alias?alias=No%20Spaces!' })).json().data;
    expect(invalid).toMatchObject({ valid: false, available: false, suggestion: 'no-spaces' });
  });
});

describe('register → verify → sign in', () => {
  it('sends a verification email in the visitor’s language whose link activates the account once', async () => {
    const visitor = newVisitor();
    const res = await register(visitor, 'es');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ ok: 1, data: { email: visitor.email } });
    const [stored] = await t.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.email, visitor.email));
    expect(stored?.passwordHash).toMatch(PRODUCT_PASSWORD_HASH);

    const email = await mail.next(visitor.email);
    expect(email.subject).toBe('Confirma tu cuenta de Enlaza');
    expect(email.text).toContain(`Hola, ${visitor.name}:`);
    expect(email.html).toContain('Confirmar mi correo');
    const link = linkIn(email, `${PUBLIC_URL}/register/verify/`);

    const early = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: visitor.email, password: visitor.password },
      headers: { 'accept-language': 'en' },
    });
    expect(early.statusCode).toBe(403);
    expect(early.json().code).toBe('auth.unverified');

    const verified = await verify(codeFrom(link));
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ ok: 1, data: { email: visitor.email, kind: 'account', signInCode: expect.any(String) } });

    const token = await login(t.app, visitor);
    const me = (await t.app.inject({ url: '/api/user', headers: bearer(token) })).json();
    expect(me).toMatchObject({ email: visitor.email, alias: visitor.alias, roll: 'user', name: visitor.name });
    expect(me.codigo).toMatch(/^EN-\d{6}$/);
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, me.perfil_id));
    expect(profile).toMatchObject({ userId: me.id, kind: 'card' });
    const [sub] = await t.db
      .select({ plan: plans.code, status: subscriptions.status })
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .where(eq(subscriptions.userId, me.id));
    expect(sub).toEqual({ plan: 'free', status: 'active' });

    // The code is single use.
    const again = await verify(codeFrom(link));
    expect(again.statusCode).toBe(422);
    expect(again.json().code).toBe('account.code_invalid');
  });

  it('keeps the language and time zone the browser sent, and no language when the browser speaks none of ours', async () => {
    const stored = async (email: string) =>
      (await t.db.select({ locale: users.locale, timeZone: users.timeZone }).from(users).where(eq(users.email, email)))[0];
    const madrid = newVisitor();
    expect((await register({ ...madrid, locale: 'es', timeZone: 'Europe/Madrid' }, 'es-ES')).statusCode).toBe(201);
    expect(await stored(madrid.email)).toEqual({ locale: 'es', timeZone: 'Europe/Madrid' });
    // Sent by neither form field: the Accept-Language, when it is one of ours.
    const tokyo = newVisitor();
    expect((await register({ ...tokyo, timeZone: 'Asia/Tokyo' }, 'ja-JP,ja;q=0.9')).statusCode).toBe(201);
    expect(await stored(tokyo.email)).toEqual({ locale: 'jp', timeZone: 'Asia/Tokyo' });
    // A French browser: no language kept (not the app's jp default, which its card's visitors would get); an unknown zone is not kept either.
    const paris = newVisitor();
    expect((await register({ ...paris, timeZone: 'Mars/Olympus_Mons' }, 'fr-FR,fr;q=0.9')).statusCode).toBe(201);
    expect(await stored(paris.email)).toEqual({ locale: null, timeZone: null });
  });

  it('splits the registered full name into the first card’s given and family names', async () => {
    for (const [name, card] of [
      ['María José Núñez', { firstName: 'María José', lastName: 'Núñez' }],
      ['Cher', { firstName: 'Cher', lastName: null }],
      ['Jean-Luc Picard', { firstName: 'Jean-Luc', lastName: 'Picard' }],
    ] as const) {
      const visitor = { ...newVisitor(), name };
      expect((await register(visitor)).statusCode).toBe(201);
      expect((await verify(codeFrom(linkIn(await mail.next(visitor.email), `${PUBLIC_URL}/register/verify/`)))).statusCode).toBe(200);
      const me = (await t.app.inject({ url: '/api/user', headers: bearer(await login(t.app, visitor)) })).json();
      const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, me.perfil_id));
      expect(profile?.card, name).toMatchObject(card);
      expect(profile?.name).toBe(name);
    }
  });

  it('stores the code only as a hash (not even in the sent-mail log) and refuses it after 24 hours', async () => {
    const visitor = newVisitor();
    await register(visitor);
    const code = codeFrom(linkIn(await mail.next(visitor.email), PUBLIC_URL));
    const rows = await t.db.select().from(emailTokens).where(eq(emailTokens.email, visitor.email));
    expect(rows.some((r) => r.tokenHash === code)).toBe(false);
    const [logged] = await settledDeliveries(t.db, visitor.email);
    expect(logged).toMatchObject({ status: 'sent', bodyText: null });
    const ttl = rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime();
    expect(Math.abs(ttl - 24 * 3600_000)).toBeLessThan(5000);
    await t.db
      .update(emailTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(emailTokens.email, visitor.email));
    const res = await verify(code);
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('account.code_expired');
    expect((await verify('an-unknown-code-of-some-length')).json().code).toBe('account.code_invalid');
  });

  it('gives each account a unique codigo', async () => {
    const a = newVisitor();
    const b = newVisitor();
    await Promise.all([register(a), register(b)]);
    const rows = await t.db.select({ codigo: users.codigo }).from(users);
    expect(new Set(rows.map((r) => r.codigo)).size).toBe(rows.length);
    await mail.next(a.email);
    await mail.next(b.email);
  });

  it('answers a taken email exactly as a new registration, and tells the account’s owner by email instead', async () => {
    const owner = newVisitor();
    await register(owner, 'es');
    await mail.next(owner.email); // the owner's own verification email
    const [before] = await t.db.select().from(users).where(eq(users.email, owner.email));

    const fresh = newVisitor();
    const asNew = await register(fresh);
    const asTaken = await register({ ...newVisitor(), email: owner.email.toUpperCase() });
    // Indistinguishable: the same status, the same body keys, the same content type, the same "check your email" data.
    expect(asTaken.statusCode).toBe(201);
    expect(asTaken.statusCode).toBe(asNew.statusCode);
    expect(asTaken.headers['content-type']).toBe(asNew.headers['content-type']);
    expect(Object.keys(asTaken.json()).sort()).toEqual(Object.keys(asNew.json()).sort());
    expect(Object.keys(asTaken.json().data).sort()).toEqual(Object.keys(asNew.json().data).sort());
    expect(asNew.json()).toEqual({ ok: 1, data: { email: fresh.email } });
    expect(asTaken.json()).toEqual({ ok: 1, data: { email: owner.email } });
    await mail.next(fresh.email);

    // The owner hears of it in their language, with the way to sign in; nothing of the account changed.
    const notice = await mail.next(owner.email);
    expect(notice.subject).toBe('Alguien ha intentado registrarse con tu correo');
    expect(notice.text).toContain(`Hola, ${owner.name}:`);
    expect(notice.text).toContain(owner.email);
    expect(notice.text).toContain('¿Olvidaste tu contraseña?');
    expect(notice.html).toContain('Iniciar sesión');
    expect(linkIn(notice, `${PUBLIC_URL}/`)).toBe(`${PUBLIC_URL}/`);
    expect(notice.text).not.toContain('/register/verify/');
    const rows = await t.db.select().from(users).where(eq(users.email, owner.email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: before!.id, name: before!.name, alias: before!.alias, passwordHash: before!.passwordHash });
  });

  it('emails an owner about taken-address registrations at most 3 times a day, answering the same every time', async () => {
    const owner = newVisitor();
    await register(owner);
    await mail.next(owner.email);
    for (let i = 0; i < 5; i++) {
      const res = await register({ ...newVisitor(), email: owner.email });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ ok: 1, data: { email: owner.email } });
    }
    await queueIdle(t.app);
    const notices = (await settledDeliveries(t.db, owner.email)).filter(
      (d) => d.subject === 'Someone tried to sign up with your email address',
    );
    expect(notices).toHaveLength(3);
    for (let i = 0; i < 3; i++) await mail.next(owner.email);
  });

  it('refuses a taken alias with 409 and a suggestion, whether or not the email has an account', async () => {
    const sameAlias = await register({ ...newVisitor(), alias: 'demo' }, 'jp');
    expect(sameAlias.statusCode).toBe(409);
    expect(sameAlias.json()).toMatchObject({
      code: 'account.alias_taken',
      errors: { alias: ['このエイリアスは使用されています。demo-2 はいかがですか。'] },
    });
    const owner = newVisitor();
    await register(owner);
    await mail.next(owner.email);
    const both = await register({ ...newVisitor(), alias: 'demo', email: owner.email }, 'jp');
    expect(both.statusCode).toBe(409);
    expect(both.json()).toEqual(sameAlias.json());
  });

  it('enforces the password, alias, policy and account type rules with translated field errors', async () => {
    const common = await register({ ...newVisitor(), password: 'qwertyuiop' });
    expect(common.statusCode).toBe(422);
    expect(common.json().errors).toEqual({ password: ['This password is among the most common ones. Choose another.'] });
    const short = await register({ ...newVisitor(), password: 'short' }, 'es');
    expect(short.json().errors.password).toEqual(['Usa al menos 10 caracteres.']);
    const many = await register({ name: 'X', alias: 'A!', email: 'nope', password: 'x', accountTypeId: 'not-a-uuid', acceptPolicy: false });
    expect(many.statusCode).toBe(422);
    expect(Object.keys(many.json().errors).sort()).toEqual(['acceptPolicy', 'accountTypeId', 'alias', 'email', 'name', 'password']);
    expect(many.json().errors.acceptPolicy).toEqual(['You must accept the privacy policy and terms.']);
    expect(many.json().errors.alias).toEqual(['Use 3 to 30 lowercase letters, digits or hyphens.']);
    const unknownType = await register({ ...newVisitor(), accountTypeId: '00000000-0000-4000-8000-000000000000' });
    expect(unknownType.statusCode).toBe(422);
    expect(unknownType.json().errors).toHaveProperty('accountTypeId');
  });

  it('resends a fresh code that replaces the old one, rate-limited, without telling whether the email exists', async () => {
    const visitor = newVisitor();
    await register(visitor);
    const first = codeFrom(linkIn(await mail.next(visitor.email), PUBLIC_URL));
    const resend = (email: string) =>
      t.app.inject({ method: 'POST', url: '/api/register/resend', payload: { email }, remoteAddress: '10.2.0.1' });
    const known = await resend(visitor.email);
    const unknown = await resend('nobody-here@visitor.test');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    const second = codeFrom(linkIn(await mail.next(visitor.email), PUBLIC_URL));
    expect(second).not.toBe(first);
    expect((await verify(first)).json().code).toBe('account.code_invalid');
    await resend(visitor.email);
    await resend(visitor.email);
    const limited = await resend(visitor.email);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await verify(second)).statusCode).toBe(422); // replaced by the later resends
  });
});

describe('forgot → reset', () => {
  async function activeUser() {
    const visitor = newVisitor();
    expect((await register(visitor)).statusCode).toBe(201);
    await verify(codeFrom(linkIn(await mail.next(visitor.email), PUBLIC_URL)));
    return visitor;
  }
  const forgot = (email: string, remoteAddress = '10.3.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { email }, remoteAddress });
  const reset = (token: string, email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/password/reset', payload: { token, email, password }, headers: { 'accept-language': 'en' } });
  const parseLink = (link: string) => {
    const [token, email] = link.slice(`${PUBLIC_URL}/reset-password/`.length).split('/');
    return { token: token!, email: decodeURIComponent(email!) };
  };

  it('answers the same whether or not the account exists', async () => {
    const user = await activeUser();
    const known = await forgot(user.email);
    const unknown = await forgot('ghost@visitor.test');
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ ok: 1, data: {} });
    await mail.next(user.email, (m) => m.subject.includes('Reset'));
    // Every email either request set going has been sent once the queue is idle.
    await queueIdle(t.app);
    expect(mail.count('ghost@visitor.test')).toBe(0);
  });

  it('resets once with the emailed link, ending every session, within 60 minutes', async () => {
    const user = await activeUser();
    const oldSession = await login(t.app, user);
    await forgot(user.email, '10.3.0.2');
    const link = linkIn(await mail.next(user.email, (m) => m.subject.includes('Reset')), `${PUBLIC_URL}/reset-password/`);
    const { token, email } = parseLink(link);
    expect(email).toBe(user.email);

    expect((await reset(token, email, 'password123')).json().errors).toEqual({
      password: ['This password is among the most common ones. Choose another.'],
    });
    const ok = await reset(token, email, 'a-brand-new-passphrase');
    expect(ok.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/user', headers: bearer(oldSession) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: user.password } })).statusCode).toBe(401);
    await login(t.app, { email, password: 'a-brand-new-passphrase' });
    const [stored] = await t.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.email, email));
    expect(stored?.passwordHash).toMatch(PRODUCT_PASSWORD_HASH);
    const notice = await mail.next(user.email, (m) => m.subject.includes('password was changed'));
    expect(notice.text).toContain('other sessions were closed');

    const reused = await reset(token, email, 'yet-another-passphrase');
    expect(reused.statusCode).toBe(422);
    expect(reused.json().code).toBe('account.reset_invalid');
  });

  it('also revokes every access token and removes every passkey, unless the page’s boxes are unticked', async () => {
    const resetWith = async (flags: { revokeApiTokens?: boolean; removePasskeys?: boolean }, address: string) => {
      const user = await activeUser();
      const session = await login(t.app, user);
      const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, user.email));
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/tokens',
        headers: bearer(session),
        payload: { name: 'left behind', scopes: ['billing:read'] },
      });
      expect(created.statusCode).toBe(201);
      await t.db.insert(passkeys).values({ userId: row!.id, name: 'left behind', credentialId: `cred-${row!.id}`, publicKey: 'x' });
      await forgot(user.email, address);
      const { token, email } = parseLink(
        linkIn(await mail.next(user.email, (m) => m.subject.includes('Reset')), `${PUBLIC_URL}/reset-password/`),
      );
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/password/reset',
        payload: { token, email, password: 'a-brand-new-passphrase', ...flags },
      });
      expect(res.statusCode).toBe(200);
      const secret = created.json().data.secret as string;
      return {
        tokens: (await t.db.select().from(apiTokens).where(eq(apiTokens.userId, row!.id))).length,
        passkeys: (await t.db.select().from(passkeys).where(eq(passkeys.userId, row!.id))).length,
        tokenAnswers: (await t.app.inject({ url: '/api/invoices', headers: bearer(secret) })).statusCode,
      };
    };
    expect(await resetWith({}, '10.3.0.5')).toEqual({ tokens: 0, passkeys: 0, tokenAnswers: 401 });
    expect(await resetWith({ revokeApiTokens: false, removePasskeys: false }, '10.3.0.6')).toMatchObject({ tokens: 1, passkeys: 1 });
    expect(await resetWith({ revokeApiTokens: true, removePasskeys: false }, '10.3.0.7')).toMatchObject({ tokens: 0, passkeys: 1 });
  });

  it('refuses an expired token and a token used with another email', async () => {
    const user = await activeUser();
    await forgot(user.email, '10.3.0.3');
    const { token, email } = parseLink(
      linkIn(await mail.next(user.email, (m) => m.subject.includes('Reset')), `${PUBLIC_URL}/reset-password/`),
    );
    expect((await reset(token, 'someone.else@visitor.test', 'a-brand-new-passphrase')).json().code).toBe('account.reset_invalid');
    const [row] = await t.db
      .select()
      .from(emailTokens)
      .where(eq(emailTokens.email, email))
      .orderBy(sql`${emailTokens.createdAt} desc`)
      .limit(1);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThanOrEqual(3600_000 + 1000);
    await t.db
      .update(emailTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(emailTokens.id, row!.id));
    const expired = await reset(token, email, 'a-brand-new-passphrase');
    expect(expired.statusCode).toBe(422);
    expect(expired.json().code).toBe('account.reset_expired');
  });

  it('limits registrations to 10 an hour from one address', async () => {
    const statuses = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await register({ ...newVisitor(), password: 'qwertyuiop' }, 'en', '10.1.250.250')).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 422)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('throttles the forgot form', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await forgot('throttle-me@visitor.test', '10.3.0.9')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('history of sign-ins', () => {
  it('records sign-ins with device and address, and failed ones', async () => {
    const visitor = newVisitor();
    expect((await register(visitor)).statusCode).toBe(201);
    await verify(codeFrom(linkIn(await mail.next(visitor.email), PUBLIC_URL)));
    await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: visitor.email, password: 'wrong-password!' },
      remoteAddress: '10.4.0.1',
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: visitor.email, password: visitor.password },
      remoteAddress: '10.4.0.1',
      headers: { 'user-agent': 'Mozilla/5.0 TestPhone' },
    });
    const [user] = await t.db.select().from(users).where(eq(users.email, visitor.email));
    await queueIdle(t.app, 'event.');
    const events = await t.db.select().from(activityEvents).where(eq(activityEvents.userId, user!.id)).orderBy(activityEvents.createdAt);
    expect(events.map((e) => e.action)).toEqual(['account.registered', 'account.verified', 'auth.sign_in_failed', 'auth.sign_in']);
    expect(events.at(-1)).toMatchObject({ address: '10.4.0.1', device: 'Mozilla/5.0 TestPhone', actorId: user!.id });
  });
});

describe('without SMTP', () => {
  it('writes the email to the deliveries table with its text, so the link can be found', async () => {
    const local = await createTestApp({ PUBLIC_URL });
    try {
      const types = (await local.app.inject({ url: '/api/account-types' })).json().data as { id: string; code: string }[];
      const visitor = { ...newVisitor(), accountTypeId: types[0]!.id };
      expect((await local.app.inject({ method: 'POST', url: '/api/register', payload: visitor })).statusCode).toBe(201);
      const [row] = await settledDeliveries(local.db, visitor.email);
      expect(row).toMatchObject({ status: 'logged', kind: 'system', subject: 'Confirm your Enlaza account' });
      expect(row!.bodyText).toContain(`${PUBLIC_URL}/register/verify/`);
    } finally {
      await local.close();
    }
  });
});
