import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.js';
import { linkIn, startMailbox, type Mailbox } from '../helpers/mailbox.js';
import { ADMIN, DEMO, bearer, createTestApp, insertUser, login, type TestContext, queueIdle } from '../helpers/test-app.js';

let t: TestContext;
let mail: Mailbox;
let admin: string;
beforeAll(async () => {
  mail = await startMailbox();
  t = await createTestApp({ ...mail.env, PUBLIC_URL: 'http://app.test' });
  admin = await login(t.app, ADMIN);
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

const asAdmin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(admin), ...(payload && { payload }) });

describe('admin endpoints', () => {
  it('answer 403 to a user and 401 without a token', async () => {
    const user = await login(t.app, DEMO);
    for (const url of ['/api/admin/users', '/api/admin/admins', '/api/admin/historial', '/api/admin/account-types']) {
      expect((await t.app.inject({ url, headers: bearer(user) })).statusCode).toBe(403);
      expect((await t.app.inject({ url })).statusCode).toBe(401);
    }
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/admin/admins',
      headers: { ...bearer(user), 'accept-language': 'en' },
      payload: { bad: true },
    });
    expect(post.statusCode).toBe(403);
    expect(post.json()).toMatchObject({ code: 'auth.forbidden', message: 'You do not have permission to do this.' });
  });
});

describe('users', () => {
  it('lists customers with search, filters, sorting and bounded pages', async () => {
    const tag = `zeta${Date.now() % 100000}`;
    for (const [i, status] of (['active', 'suspended', 'active'] as const).entries())
      await insertUser(t.db, { name: `${tag} ${i}`, status });
    const found = (await asAdmin('GET', `/api/admin/users?search=${tag}&sort=name&dir=asc`)).json();
    expect(found.meta.total).toBe(3);
    expect(found.data.map((u: { name: string }) => u.name)).toEqual([`${tag} 0`, `${tag} 1`, `${tag} 2`]);
    expect(found.data.every((u: { role: string }) => u.role === 'user')).toBe(true);
    const suspended = (await asAdmin('GET', `/api/admin/users?search=${tag}&status=suspended`)).json();
    expect(suspended.data.map((u: { name: string }) => u.name)).toEqual([`${tag} 1`]);
    const page = (await asAdmin('GET', `/api/admin/users?search=${tag}&pageSize=2&page=2&sort=name&dir=asc`)).json();
    expect(page.data.map((u: { name: string }) => u.name)).toEqual([`${tag} 2`]);
    expect((await asAdmin('GET', '/api/admin/users?pageSize=1000')).statusCode).toBe(422);
    const free = (await asAdmin('GET', '/api/admin/users?planCode=free')).json();
    expect(free.data.map((u: { email: string }) => u.email)).toEqual([DEMO.email]);
    expect(free.meta.total).toBe(1);
    expect((await asAdmin('GET', '/api/admin/users?planCode=pro')).json().meta.total).toBe(0);
    expect(free.data.find((u: { email: string }) => u.email === DEMO.email).plan).toBe('Free');
  });

  it('shows a customer, and 404 for an unknown id or an admin id', async () => {
    const [demo] = await t.db.select().from(users).where(eq(users.email, DEMO.email));
    const detail = (await asAdmin('GET', `/api/admin/users/${demo!.id}`)).json().data;
    expect(detail).toMatchObject({ email: DEMO.email, counts: { cards: 1, tags: 0 }, subscription: { plan: 'Free', status: 'active' } });
    expect((await asAdmin('GET', '/api/admin/users/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const [adminRow] = await t.db.select().from(users).where(eq(users.email, ADMIN.email));
    expect((await asAdmin('GET', `/api/admin/users/${adminRow!.id}`)).statusCode).toBe(404);
    expect((await asAdmin('GET', '/api/admin/users/not-a-uuid')).statusCode).toBe(422);
  });

  it('suspends a customer, cutting their session at once with the reason, and reactivates them; both are in the history', async () => {
    const user = await insertUser(t.db);
    const session = await login(t.app, user);
    const res = await asAdmin('POST', `/api/admin/users/${user.id}/suspend`);
    expect(res.json().data.status).toBe('suspended');
    // The open session is refused at once, saying why (the app shows it on the sign-in page).
    const cut = await t.app.inject({ url: '/api/user', headers: { ...bearer(session), 'accept-language': 'es' } });
    expect(cut.statusCode).toBe(403);
    expect(cut.json()).toMatchObject({ ok: 0, code: 'auth.suspended', message: expect.stringContaining('suspendida') as string });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: user.password } })).json().code,
    ).toBe('auth.suspended');
    expect((await asAdmin('POST', `/api/admin/users/${user.id}/reactivate`)).json().data.status).toBe('active');
    // Reactivation does not bring the old session back: the user signs in again.
    expect((await t.app.inject({ url: '/api/user', headers: bearer(session) })).statusCode).toBe(401);
    await login(t.app, user);
    await queueIdle(t.app, 'event.');
    const history = (await asAdmin('GET', `/api/admin/historial?userId=${user.id}&action=admin.user_suspended`)).json().data;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      actorName: 'Admin',
      before: { status: 'active' },
      after: { status: 'suspended' },
      targetType: 'user',
      targetId: user.id,
    });
  });

  it('cannot act on a deleted account', async () => {
    const user = await insertUser(t.db, { status: 'deleted' });
    for (const action of ['reactivate', 'suspend', 'verify', 'send-reset'])
      expect((await asAdmin('POST', `/api/admin/users/${user.id}/${action}`)).statusCode).toBe(404);
    expect((await asAdmin('GET', `/api/admin/users/${user.id}`)).json().data.status).toBe('deleted');
  });

  it('verifies a pending customer by hand, and sends a reset email', async () => {
    const user = await insertUser(t.db, { status: 'pending', emailVerifiedAt: null, name: 'Pending Pat' });
    const verified = (await asAdmin('POST', `/api/admin/users/${user.id}/verify`)).json().data;
    expect(verified.status).toBe('active');
    expect(verified.counts.cards).toBe(1);
    await login(t.app, user);
    expect((await asAdmin('POST', `/api/admin/users/${user.id}/send-reset`)).statusCode).toBe(200);
    expect(linkIn(await mail.next(user.email), 'http://app.test/reset-password/')).toContain(encodeURIComponent(user.email));
  });
});

describe('admins', () => {
  it('creates an admin who sets a password from the emailed link', async () => {
    const email = `new.admin.${Date.now()}@enlaza.test`;
    const res = await asAdmin('POST', '/api/admin/admins', { name: 'Second Admin', email });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ role: 'admin', status: 'active', email });
    const link = linkIn(await mail.next(email), 'http://app.test/reset-password/');
    const [token] = link.slice('http://app.test/reset-password/'.length).split('/');
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/password/reset', payload: { token, email, password: 'second-admin-passphrase' } }))
        .statusCode,
    ).toBe(200);
    const session = await login(t.app, { email, password: 'second-admin-passphrase' });
    expect((await t.app.inject({ url: '/api/user', headers: bearer(session) })).json().roll).toBe('admin');
    expect((await asAdmin('POST', '/api/admin/admins', { name: 'Dup', email })).statusCode).toBe(409);
  });

  it('never disables oneself nor the last active admin', async () => {
    const [me] = await t.db.select().from(users).where(eq(users.email, ADMIN.email));
    const self = await asAdmin('POST', `/api/admin/admins/${me!.id}/disable`);
    expect(self.statusCode).toBe(409);
    expect(self.json().code).toBe('admin.cannot_disable_self');

    const other = await insertUser(t.db, { role: 'admin', name: 'Other Admin' });
    const otherSession = await login(t.app, other);
    expect((await asAdmin('POST', `/api/admin/admins/${other.id}/disable`)).json().data.status).toBe('suspended');
    expect((await t.app.inject({ url: '/api/user', headers: bearer(otherSession) })).statusCode).toBe(401);
    expect((await asAdmin('POST', `/api/admin/admins/${other.id}/enable`)).json().data.status).toBe('active');

    // Disable every other admin; then the remaining one (me) is the last and the rule holds via the other admin too.
    const admins = (await asAdmin('GET', '/api/admin/admins?pageSize=100&status=active')).json().data as { id: string }[];
    for (const a of admins.filter((x) => x.id !== me!.id && x.id !== other.id)) await asAdmin('POST', `/api/admin/admins/${a.id}/disable`);
    const otherToken = await login(t.app, other);
    await asAdmin('POST', `/api/admin/admins/${other.id}/disable`);
    const last = await t.app.inject({ method: 'POST', url: `/api/admin/admins/${me!.id}/disable`, headers: bearer(otherToken) });
    expect(last.statusCode).toBe(401); // the other admin was disabled, so its session is gone
    const remaining = (await asAdmin('GET', '/api/admin/admins?status=active')).json().data;
    expect(remaining.map((a: { id: string }) => a.id)).toEqual([me!.id]);
  });
});

describe('account types', () => {
  const ngo = { en: 'Non-profit', es: 'ONG', jp: '非営利団体' };
  it('creates, edits, deactivates and reactivates; a deactivated type is not offered at registration', async () => {
    const created = await asAdmin('POST', '/api/admin/account-types', {
      code: 'ngo',
      names: { en: 'NGO', es: 'ONG', jp: 'NGO' },
      requiresTaxId: true,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    expect((await asAdmin('POST', '/api/admin/account-types', { code: 'ngo', names: ngo, requiresTaxId: false })).statusCode).toBe(409);
    const edited = (await asAdmin('PUT', `/api/admin/account-types/${id}`, { code: 'ngo', names: ngo, requiresTaxId: true })).json().data;
    expect(edited).toMatchObject({ name: 'Non-profit', names: ngo });
    expect((await t.app.inject({ url: '/api/account-types' })).json().data.map((x: { code: string }) => x.code)).toContain('ngo');
    expect((await asAdmin('POST', `/api/admin/account-types/${id}/deactivate`)).json().data.active).toBe(false);
    expect((await t.app.inject({ url: '/api/account-types' })).json().data.map((x: { code: string }) => x.code)).not.toContain('ngo');
    const listed = (await asAdmin('GET', '/api/admin/account-types')).json().data;
    expect(listed.find((x: { code: string }) => x.code === 'personal').users).toBeGreaterThanOrEqual(1);
    expect((await asAdmin('POST', `/api/admin/account-types/${id}/activate`)).json().data.active).toBe(true);
    await queueIdle(t.app, 'event.');
    const history = (await asAdmin('GET', '/api/admin/historial?action=admin.account_type_updated')).json().data;
    expect(history[0]).toMatchObject({
      before: { nameEn: 'NGO', nameEs: 'ONG', nameJp: 'NGO' },
      after: { nameEn: 'Non-profit', nameEs: 'ONG', nameJp: '非営利団体' },
    });
  });

  it("answers each name in the request's language: the admin list, registration and the users list", async () => {
    const named = async (lang: string) => {
      const headers = { ...bearer(admin), 'accept-language': lang };
      const list = (await t.app.inject({ url: '/api/admin/account-types', headers })).json().data as {
        code: string;
        name: string;
        names: object;
      }[];
      const registration = (await t.app.inject({ url: '/api/account-types', headers: { 'accept-language': lang } })).json().data as {
        code: string;
        name: string;
      }[];
      return { admin: list.find((x) => x.code === 'business')!, registration: registration.find((x) => x.code === 'business')!.name };
    };
    expect(await named('en')).toMatchObject({
      admin: { name: 'Business', names: { en: 'Business', es: 'Empresa', jp: '法人' } },
      registration: 'Business',
    });
    expect(await named('es-ES,es;q=0.9')).toMatchObject({ admin: { name: 'Empresa' }, registration: 'Empresa' });
    expect(await named('ja')).toMatchObject({ admin: { name: '法人' }, registration: '法人' });

    const demo = (await asAdmin('GET', `/api/admin/users?search=${encodeURIComponent(DEMO.email)}`)).json().data[0];
    for (const [lang, type, plan] of [
      ['en', 'Personal', 'Free'],
      ['es', 'Personal', 'Gratis'],
      ['jp', '個人', '無料'],
    ] as const) {
      const headers = { ...bearer(admin), 'accept-language': lang };
      expect(
        (await t.app.inject({ url: `/api/admin/users?search=${encodeURIComponent(DEMO.email)}`, headers })).json().data[0],
      ).toMatchObject({ accountType: type, plan });
      expect((await t.app.inject({ url: `/api/admin/users/${demo.id}`, headers })).json().data).toMatchObject({
        accountType: type,
        subscription: { plan },
      });
    }
  });

  it('requires only the English name: without it an error on it; with it alone the Spanish and Japanese show English', async () => {
    const post = (names: object, code = 'club') =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/account-types',
        headers: { ...bearer(admin), 'accept-language': 'en' },
        payload: { code, names, requiresTaxId: false },
      });
    const missing = await post({ es: 'Club', jp: ' ' });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(['names.en']);

    const created = await post({ en: 'Club', es: '  ', jp: null });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ name: 'Club', names: { en: 'Club', es: '', jp: '' } });
    // The sign-up form's list names it in English for a Spanish or Japanese visitor.
    for (const language of ['es', 'jp']) {
      const types = (await t.app.inject({ url: '/api/account-types', headers: { 'accept-language': language } })).json().data;
      expect(types.find((x: { code: string }) => x.code === 'club')?.name).toBe('Club');
    }
  });
});

describe('catalogue names', () => {
  it("datasuscription names the plan in the request's language, else the user's saved one, else English", async () => {
    let user = await login(t.app, DEMO);
    const plan = async (headers: Record<string, string>) =>
      (await t.app.inject({ url: '/api/datasuscription', headers: { ...bearer(user), ...headers } })).json().plan;
    expect(await plan({ 'accept-language': 'en' })).toMatchObject({ code: 'free', name: 'Free' });
    expect(await plan({ 'accept-language': 'es' })).toMatchObject({ code: 'free', name: 'Gratis' });
    expect(await plan({ 'accept-language': 'ja-JP' })).toMatchObject({ code: 'free', name: '無料' });
    const [row] = await t.db.select().from(users).where(eq(users.email, DEMO.email));
    await t.db.update(users).set({ locale: 'jp' }).where(eq(users.id, row!.id));
    user = await login(t.app, DEMO); // a fresh session reads the saved language
    try {
      expect(await plan({ 'accept-language': 'fr' })).toMatchObject({ name: '無料' });
      const personal = (await t.app.inject({ url: '/api/account/personal', headers: { ...bearer(user), 'accept-language': 'fr' } })).json()
        .data;
      expect(personal.accountType.name).toBe('個人');
    } finally {
      await t.db.update(users).set({ locale: row!.locale }).where(eq(users.id, row!.id));
    }
  });
});

describe('admin history', () => {
  it("filters by user and names each event's user and actor with their email", async () => {
    const [one, two] = [await insertUser(t.db, { name: 'History One' }), await insertUser(t.db, { name: 'History Two' })];
    await asAdmin('POST', `/api/admin/users/${one.id}/suspend`);
    await asAdmin('POST', `/api/admin/users/${two.id}/suspend`);
    await asAdmin('POST', `/api/admin/users/${one.id}/reactivate`);
    // The picker finds the user by name or email through the admin users search.
    expect(
      (await asAdmin('GET', `/api/admin/users?search=${encodeURIComponent(one.email)}`)).json().data.map((u: { id: string }) => u.id),
    ).toEqual([one.id]);
    await queueIdle(t.app, 'event.');
    const events = (await asAdmin('GET', `/api/admin/historial?userId=${one.id}`)).json().data as {
      action: string;
      userId: string;
      userName: string;
      userEmail: string;
      actorName: string;
      actorEmail: string;
    }[];
    expect(events.map((e) => e.action)).toEqual(['admin.user_reactivated', 'admin.user_suspended']);
    for (const e of events)
      expect(e).toMatchObject({
        userId: one.id,
        userName: 'History One',
        userEmail: one.email,
        actorName: 'Admin',
        actorEmail: ADMIN.email,
      });
    expect((await asAdmin('GET', '/api/admin/historial?userId=not-an-id')).statusCode).toBe(422);
  });
});
