import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitEvents, users } from '../../src/db/schema/index.js';
import { createAdminRepository } from '../../src/modules/admin/repository.js';
import { LOGIN_LIMITS } from '../../src/modules/auth/service.js';
import { png, multipart } from '../helpers/files.js';
import { ADMIN, bearer, createTestApp, insertUser, login, type TestContext } from '../helpers/test-app.js';

let t: TestContext;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = await login(t.app, ADMIN);
});
afterAll(() => t.close());

const asAdmin = (method: 'GET' | 'POST', url: string, token = adminToken) => t.app.inject({ method, url, headers: bearer(token) });
const me = (token: string) => t.app.inject({ url: '/api/user', headers: bearer(token) });

describe('suspending a customer', () => {
  it('ends their sessions for good: reactivation does not bring an old token back', async () => {
    const customer = await insertUser(t.db);
    const before = await login(t.app, customer);
    expect((await me(before)).statusCode).toBe(200);
    expect((await asAdmin('POST', `/api/admin/users/${customer.id}/suspend`)).json().data.status).toBe('suspended');
    // While suspended, the open session is refused with the reason (the sign-in page shows it)…
    const during = await me(before);
    expect(during.statusCode).toBe(403);
    expect(during.json().code).toBe('auth.suspended');
    // …and reactivation deletes it: the old token never works again.
    expect((await asAdmin('POST', `/api/admin/users/${customer.id}/reactivate`)).json().data.status).toBe('active');
    const old = await me(before);
    expect(old.statusCode).toBe(401);
    expect(old.json().code).toBe('auth.unauthenticated');
    expect((await me(await login(t.app, customer))).statusCode).toBe(200); // a new sign-in works
  });
});

describe('the last active admin', () => {
  const activeAdmins = async () =>
    (
      await t.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'admin'), eq(users.status, 'active')))
    ).map((r) => r.id);

  it('cannot be disabled, even by two admins disabling each other at the same moment', async () => {
    const [first] = await t.db.select().from(users).where(eq(users.email, ADMIN.email));
    const second = await insertUser(t.db, { role: 'admin', name: 'Second Admin' });
    for (const id of await activeAdmins())
      if (id !== first!.id && id !== second.id) await asAdmin('POST', `/api/admin/admins/${id}/disable`);
    expect((await activeAdmins()).sort()).toEqual([first!.id, second.id].sort());

    const secondToken = await login(t.app, second);
    const [a, b] = await Promise.all([
      asAdmin('POST', `/api/admin/admins/${second.id}/disable`),
      asAdmin('POST', `/api/admin/admins/${first!.id}/disable`, secondToken),
    ]);
    const outcomes = [a, b].map((r) => `${r.statusCode} ${r.json().code ?? 'ok'}`).sort();
    expect(outcomes.filter((o) => o === '200 ok')).toHaveLength(1);
    // The loser either reached the guard (409) or, once its own account was disabled, lost its session (401).
    expect(outcomes.find((o) => o !== '200 ok')).toMatch(/^(409 admin\.last_admin|401 auth\.unauthenticated)$/);
    expect(await activeAdmins()).toHaveLength(1);

    // The rule itself, where it is kept: the one remaining active admin is never disabled.
    const [last] = await activeAdmins();
    expect(await createAdminRepository(t.db).disableAdmin(last!)).toBe('last_admin');
    expect(await activeAdmins()).toEqual([last]);

    // Both back, for the tests that follow.
    const other = last === first!.id ? second.id : first!.id;
    expect((await asAdmin('POST', `/api/admin/admins/${other}/enable`, last === first!.id ? adminToken : secondToken)).statusCode).toBe(
      200,
    );
    adminToken = await login(t.app, ADMIN);
  });
});

describe('sign-in throttling', () => {
  it('still refuses a sixth failure 30 seconds after five (the window is a minute)', async () => {
    const victim = await insertUser(t.db);
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: victim.email, password: 'wrong-password-1' },
        remoteAddress: '10.9.8.7',
      });
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndAddress; i++) expect((await attempt()).statusCode).toBe(401);
    // Thirty seconds pass.
    await t.db.update(rateLimitEvents).set({ createdAt: sql`${rateLimitEvents.createdAt} - interval '30 seconds'` });
    const sixth = await attempt();
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe('auth.throttled');
    // Past the minute, guessing may go on.
    await t.db.update(rateLimitEvents).set({ createdAt: sql`${rateLimitEvents.createdAt} - interval '31 seconds'` });
    expect((await attempt()).statusCode).toBe(401);
  });
});

describe('areas of customers only', () => {
  it('refuses an admin on the cloud and the mailbox with 403', async () => {
    const upload = multipart([{ name: 'a.png', data: png(1, 1) }]);
    const calls = [
      t.app.inject({ url: '/api/files', headers: bearer(adminToken) }),
      t.app.inject({ url: '/api/files/usage', headers: bearer(adminToken) }),
      t.app.inject({ method: 'POST', url: '/api/files', headers: { ...bearer(adminToken), ...upload.headers }, payload: upload.payload }),
      t.app.inject({ url: '/api/mailbox/unread', headers: bearer(adminToken) }),
      t.app.inject({ url: '/api/mailbox/00000000-0000-4000-8000-000000000000/messages', headers: bearer(adminToken) }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('auth.forbidden');
    }
  });
});

/** Splits a vCard value on a separator not escaped with a backslash. */
function splitUnescaped(value: string, separator: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < value.length; i++) {
    if (value[i] === '\\') current += value[i]! + (value[++i] ?? '');
    else if (value[i] === separator) {
      parts.push(current);
      current = '';
    } else current += value[i];
  }
  return [...parts, current];
}
const unescape = (text: string) => text.replace(/\\([\\,;nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));

describe('the vCard of a card', () => {
  it('escapes commas, semicolons and backslashes inside ORG and ADR, so each stays one component', async () => {
    const owner = await insertUser(t.db);
    const token = await login(t.app, owner);
    const company = 'Acme, Inc; R&D \\ Labs';
    const address = 'Calle Mayor 1, 2º; 28013 Madrid \\ España';
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/profiles',
      headers: bearer(token),
      payload: { kind: 'card', card: { firstName: 'Eva', company, address } },
    });
    expect(created.statusCode).toBe(201);
    const vcard = (await t.app.inject({ url: `/api/public/link/${owner.alias}/${created.json().data.id}/vcard` })).body;
    const lines = vcard.replace(/\r\n[ \t]/g, '').split('\r\n');
    const value = (name: string) => {
      const line = lines.find((l) => l.toUpperCase().startsWith(`${name}:`) || l.toUpperCase().startsWith(`${name};`));
      expect(line, name).toBeDefined();
      return line!.slice(splitUnescaped(line!, ':')[0]!.length + 1);
    };

    // ORG: one organization name (units would follow after an unescaped ';'), no list.
    const org = splitUnescaped(value('ORG'), ';');
    expect(org).toHaveLength(1);
    expect(splitUnescaped(org[0]!, ',')).toHaveLength(1);
    expect(unescape(org[0]!)).toBe(company);

    // ADR: seven components; the address is one of them, whole.
    const adr = splitUnescaped(value('ADR'), ';');
    expect(adr).toHaveLength(7);
    const filled = adr.filter((c) => c !== '');
    expect(filled).toHaveLength(1);
    expect(splitUnescaped(filled[0]!, ',')).toHaveLength(1);
    expect(unescape(filled[0]!)).toBe(address);
  });
});
