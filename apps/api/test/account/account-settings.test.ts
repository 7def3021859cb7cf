import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTypes, emailTokens, users } from '../../src/db/schema/index.js';
import { linkIn, startMailbox, type Mailbox } from '../helpers/mailbox.js';
import { PRODUCT_PASSWORD_HASH } from '../helpers/passwords.js';
import { DEMO, bearer, createTestApp, insertUser, login, queueIdle, type TestContext } from '../helpers/test-app.js';

let t: TestContext;
let mail: Mailbox;
beforeAll(async () => {
  mail = await startMailbox();
  t = await createTestApp({ ...mail.env, PUBLIC_URL: 'http://app.test' });
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

const put = (url: string, token: string, payload: object, language = 'en') =>
  t.app.inject({ method: 'PUT', url, headers: { ...bearer(token), 'accept-language': language }, payload });
const address = { line1: 'Calle Mayor 1', line2: null, city: 'Madrid', postalCode: '28013', region: null, country: 'ES' };

describe('personal information', () => {
  it('reads and updates name, phone, country, billing address and tax id of the signed-in user only', async () => {
    const token = await login(t.app, DEMO);
    const other = await insertUser(t.db, { name: 'Other Person' });
    const res = await put('/api/account/personal', token, {
      name: 'Demo Renamed',
      phone: '+34612345678',
      country: 'ES',
      billingAddress: address,
      taxId: 'X1234567L',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Demo Renamed',
      email: DEMO.email,
      phone: '+34612345678',
      country: 'ES',
      billingAddress: address,
      taxId: 'X1234567L',
      pendingEmail: null,
      accountType: { name: 'Personal', requiresTaxId: false },
    });
    // Fields left out of the body stay as they are.
    const partial = await put('/api/account/personal', token, { name: 'Demo User', phone: null, country: 'ES' });
    expect(partial.json().data).toMatchObject({ phone: null, billingAddress: address, taxId: 'X1234567L' });
    const otherToken = await login(t.app, other);
    expect((await t.app.inject({ url: '/api/account/personal', headers: bearer(otherToken) })).json().data).toMatchObject({
      name: 'Other Person',
      phone: null,
      billingAddress: null,
    });
  });

  it('requires a tax id for a business account type', async () => {
    const [business] = await t.db.select().from(accountTypes).where(eq(accountTypes.code, 'business'));
    const company = await insertUser(t.db, { accountTypeId: business!.id });
    const res = await put(
      '/api/account/personal',
      await login(t.app, company),
      { name: 'ACME SL', phone: null, country: 'ES', billingAddress: address, taxId: '' },
      'es',
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ taxId: ['Este tipo de cuenta necesita un NIF/CIF.'] });
  });

  it('refuses bad values with translated field errors and changes nothing', async () => {
    const token = await login(t.app, DEMO);
    const before = (await t.app.inject({ url: '/api/account/personal', headers: bearer(token) })).json();
    const res = await put(
      '/api/account/personal',
      token,
      { name: 'X', phone: '612', country: 'Spain', billingAddress: { ...address, city: '' } },
      'es',
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      name: ['Usa al menos 2 caracteres.'],
      phone: ['Introduce un número de teléfono válido.'],
      country: ['Este valor no tiene el formato correcto.'],
      'billingAddress.city': ['Este campo es obligatorio.'],
    });
    expect((await t.app.inject({ url: '/api/account/personal', headers: bearer(token) })).json()).toEqual(before);
  });

  it('needs a token, checked before the body', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/account/personal', payload: { name: 1 } });
    expect(res.statusCode).toBe(401);
  });
});

describe('preferences', () => {
  it('stores language, time zone and theme on the server', async () => {
    const token = await login(t.app, DEMO);
    const res = await put('/api/account/preferences', token, { locale: 'es', timeZone: 'Europe/Madrid', theme: 'dark' });
    expect(res.json().data).toEqual({ locale: 'es', timeZone: 'Europe/Madrid', theme: 'dark' });
    // Another browser (another session) gets the same preferences.
    const elsewhere = await login(t.app, DEMO);
    expect((await t.app.inject({ url: '/api/account/preferences', headers: bearer(elsewhere) })).json().data).toEqual({
      locale: 'es',
      timeZone: 'Europe/Madrid',
      theme: 'dark',
    });
    const bad = await put('/api/account/preferences', token, { locale: 'fr', timeZone: 'Mars/Olympus', theme: 'neon' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['locale', 'theme']);
    const zone = await put('/api/account/preferences', token, { locale: 'en', timeZone: 'Mars/Olympus', theme: 'light' });
    expect(zone.json().errors).toEqual({ timeZone: ['This value is not allowed.'] });
  });
});

describe('email change', () => {
  it('sends a link to the new address; opening it changes the email and tells the old one', async () => {
    const user = await insertUser(t.db, { name: 'Changer' });
    const token = await login(t.app, user);
    const newEmail = `new.${Date.now()}@visitor.test`;
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/account/email',
      headers: bearer(token),
      payload: { newEmail, password: 'not-my-password' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ password: ['This password is not correct.'] });
    // A taken address gets the same answer as a free one (no probing for accounts), and no email.
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/account/email',
      headers: bearer(token),
      payload: { newEmail: DEMO.email, password: user.password },
    });
    expect(taken.json()).toEqual({ ok: 1, data: { pendingEmail: DEMO.email } });

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/email',
      headers: bearer(token),
      payload: { newEmail, password: user.password },
    });
    expect(res.json()).toEqual({ ok: 1, data: { pendingEmail: newEmail } });
    expect((await t.app.inject({ url: '/api/account/personal', headers: bearer(token) })).json().data).toMatchObject({
      email: user.email,
      pendingEmail: newEmail,
    });

    const link = linkIn(await mail.next(newEmail), 'http://app.test/register/verify/');
    const verified = await t.app.inject({ method: 'POST', url: '/api/register/verify', payload: { code: link.split('/').pop() } });
    expect(verified.json()).toEqual({ ok: 1, data: { email: newEmail, kind: 'email_change' } });
    // The old address was also told of each request when it was made (docs/security.md); this is the change itself.
    const notice = await mail.next(user.email, (m) => !m.subject.includes('security change'));
    expect(notice.text).toContain(newEmail);
    expect(mail.count(DEMO.email)).toBe(0);
    await login(t.app, { email: newEmail, password: user.password });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: user.password } })).statusCode,
    ).toBe(401);
  });
});

describe('password change', () => {
  it('checks the current password, applies the policy and ends the other sessions only', async () => {
    const user = await insertUser(t.db);
    const here = await login(t.app, user);
    const there = await login(t.app, user);
    const wrong = await put('/api/account/password', here, { currentPassword: 'nope-nope-nope', newPassword: 'a-fresh-passphrase' });
    expect(wrong.json().errors).toEqual({ currentPassword: ['This password is not correct.'] });
    const common = await put('/api/account/password', here, { currentPassword: user.password, newPassword: '1234567890' });
    expect(common.json().errors).toEqual({ newPassword: ['This password is among the most common ones. Choose another.'] });
    expect(
      (await put('/api/account/password', here, { currentPassword: user.password, newPassword: 'a-fresh-passphrase' })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ url: '/api/user', headers: bearer(here) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/user', headers: bearer(there) })).statusCode).toBe(401);
    await login(t.app, { email: user.email, password: 'a-fresh-passphrase' });
    // A reset link asked for before the change no longer works.
    await t.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { email: user.email } });
    await queueIdle(t.app);
    const [before] = await t.db.select().from(emailTokens).where(eq(emailTokens.userId, user.id));
    expect(before?.usedAt).toBeNull();
    await put('/api/account/password', here, { currentPassword: 'a-fresh-passphrase', newPassword: 'yet-another-phrase-9' });
    const [after] = await t.db.select().from(emailTokens).where(eq(emailTokens.userId, user.id));
    expect(after?.usedAt).not.toBeNull();
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toMatch(PRODUCT_PASSWORD_HASH);
  });
});
