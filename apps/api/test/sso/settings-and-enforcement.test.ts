import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passkeyCeremonySchema } from '@enlaza/contracts';
import { activityEvents, deliveries, emailTokens } from '../../src/db/schema/index.js';
import { randomToken, sha256 } from '../../src/lib/crypto.js';
import { startDnsServer } from '../helpers/dns-server.js';
import { samlIdentityProvider } from '../helpers/identity-providers.js';
import { softwareAuthenticator } from '../helpers/software-authenticator.js';
import { call, person, teamWithProvenDomain, type Who } from '../helpers/sso.js';
import { bearer, createTestApp, insertUser, login, waitFor, type TestContext } from '../helpers/test-app.js';

const ORIGIN = 'https://cards.enlaza.example';
const SAML = { protocol: 'saml', metadataXml: samlIdentityProvider().metadata, mapping: {} };

let t: TestContext;
let dns: Awaited<ReturnType<typeof startDnsServer>>;
beforeAll(async () => {
  dns = await startDnsServer();
  t = await createTestApp({ ...dns.env, PASSKEY_ORIGIN: ORIGIN, PUBLIC_URL: ORIGIN });
});
afterAll(async () => {
  await t?.close();
  await dns?.close();
});

const post = (url: string, payload: object, language = 'en') =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'accept-language': language } });

async function addPasskey(who: Who) {
  const device = softwareAuthenticator(ORIGIN);
  const started = await call(t, who, 'POST', '/api/passkeys/options', {});
  const { challengeId, options } = passkeyCeremonySchema.parse(started.json().data);
  const added = await call(t, who, 'POST', '/api/passkeys', { challengeId, name: 'Phone', credential: device.create(options as never) });
  expect(added.statusCode, added.body).toBe(200);
  return device;
}
async function passkeySignIn(device: ReturnType<typeof softwareAuthenticator>, language = 'en') {
  const started = await post('/api/passkeys/sign-in/options', {});
  const { challengeId, options } = passkeyCeremonySchema.parse(started.json().data);
  return post('/api/passkeys/sign-in', { challengeId, credential: device.get(options as never) }, language);
}
async function resetToken(userId: string, email: string) {
  const token = randomToken();
  await t.db
    .insert(emailTokens)
    .values({ userId, purpose: 'reset_password', tokenHash: sha256(token), email, expiresAt: new Date(Date.now() + 3600_000) });
  return token;
}

describe('enforce SSO: every other way in is refused for the domain’s people, the owner keeps them', () => {
  it('refuses password, passkey, forgot and reset for a member of an enforced domain; the owner’s password and passkey still work', async () => {
    const { owner } = await teamWithProvenDomain(t, dns, 'enforced.test');
    const member = await person(t, 'mia@enforced.test', 'Mia Member');
    const [memberDevice, ownerDevice] = [await addPasskey(member), await addPasskey(owner)];
    const memberReset = await resetToken(member.id, member.email);
    expect((await call(t, owner, 'PUT', '/api/team/sso/enforce', { enforced: true })).json().code).toBe('sso.not_set_up');
    expect((await call(t, owner, 'PUT', '/api/team/sso', SAML)).statusCode).toBe(200);
    expect((await call(t, owner, 'PUT', '/api/team/sso/enforce', { enforced: true })).statusCode).toBe(200);

    const password = await post('/api/login', { email: member.email, password: member.password }, 'es');
    expect(password.statusCode).toBe(403);
    expect(password.json()).toMatchObject({ code: 'auth.sso_required', message: expect.stringContaining('Entrar con SSO') as string });
    expect((await post('/api/login', { email: 'MIA@Enforced.test', password: member.password })).json().code).toBe('auth.sso_required');
    const passkey = await passkeySignIn(memberDevice, 'jp');
    expect(passkey.statusCode).toBe(403);
    expect(passkey.json()).toMatchObject({ code: 'auth.sso_required', message: expect.stringContaining('SSOでサインイン') as string });
    expect((await post('/api/password/forgot', { email: member.email })).json().code).toBe('auth.sso_required');
    // The same answer for an address of the domain that has no account: nothing is told about accounts.
    expect((await post('/api/password/forgot', { email: 'nobody@enforced.test' })).json().code).toBe('auth.sso_required');
    const reset = await post('/api/password/reset', { token: memberReset, email: member.email, password: 'a-new-Password-123' });
    expect(reset.json().code).toBe('auth.sso_required');

    // A wrong password still answers as a wrong password (enforcement says nothing without it).
    expect((await post('/api/login', { email: member.email, password: 'wrong-password-1' })).json().code).toBe('auth.invalid_credentials');
    // The owner (break-glass) keeps the password, a passkey and a reset.
    expect((await post('/api/login', { email: owner.email, password: owner.password })).statusCode).toBe(200);
    expect((await passkeySignIn(ownerDevice)).statusCode).toBe(200);
    expect((await post('/api/password/forgot', { email: owner.email })).statusCode).toBe(200);

    expect((await call(t, owner, 'PUT', '/api/team/sso/enforce', { enforced: false })).statusCode).toBe(200);
    expect((await post('/api/login', { email: member.email, password: member.password })).statusCode).toBe(200);
    expect((await passkeySignIn(memberDevice)).statusCode).toBe(200);
  });

  it('an unproven domain does nothing: no SSO start, no enforcement for its people', async () => {
    const { owner } = await teamWithProvenDomain(t, dns, 'proven.test');
    expect((await call(t, owner, 'POST', '/api/team/sso/domains', { domain: 'unproven.test' })).statusCode).toBe(200);
    expect((await call(t, owner, 'PUT', '/api/team/sso', SAML)).statusCode).toBe(200);
    expect((await call(t, owner, 'PUT', '/api/team/sso/enforce', { enforced: true })).statusCode).toBe(200);
    const outsider = await insertUser(t.db, { email: 'uma@unproven.test' });
    expect((await post('/api/login', { email: outsider.email, password: outsider.password })).statusCode).toBe(200);
    expect((await call(t, null, 'GET', '/api/sso/start?email=uma@unproven.test')).json().code).toBe('sso.not_configured');
    // The check finds no record: still pending.
    const settings = (await call(t, owner, 'GET', '/api/team/sso')).json().data;
    const pending = settings.domains.find((d: { domain: string }) => d.domain === 'unproven.test');
    const checked = await call(t, owner, 'POST', `/api/team/sso/domains/${pending.id}/check`);
    expect(checked.json().data).toMatchObject({ status: 'pending', record: { type: 'TXT', name: '_enlaza-sso.unproven.test' } });
  });

  it('a domain proven by one team cannot be taken by another (409, translated)', async () => {
    await teamWithProvenDomain(t, dns, 'taken.test');
    const other = await teamWithProvenDomain(t, dns, 'other-team.test');
    const res = await call(t, other.owner, 'POST', '/api/team/sso/domains', { domain: 'taken.test' }, 'es');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'sso.domain_taken', message: expect.stringContaining('otro equipo') as string });
    const bad = await call(t, other.owner, 'POST', '/api/team/sso/domains', { domain: 'not a domain' }, 'es');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBeTruthy();
  });
});

describe('who may see and change a team’s SSO', () => {
  it('another team’s domain and test answer 404; an admin or member of the team 403; without a team 404', async () => {
    const a = await teamWithProvenDomain(t, dns, 'a-team.test');
    expect((await call(t, a.owner, 'PUT', '/api/team/sso', SAML)).statusCode).toBe(200);
    const test = (await call(t, a.owner, 'POST', '/api/team/sso/test')).json().data as { id: string };
    const b = await teamWithProvenDomain(t, dns, 'b-team.test');
    for (const [method, url] of [
      ['POST', `/api/team/sso/domains/${a.domainId}/check`],
      ['DELETE', `/api/team/sso/domains/${a.domainId}`],
      ['GET', `/api/team/sso/test/${test.id}`],
    ] as const) {
      const res = await call(t, b.owner, method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code).toBe('record.not_found');
    }

    const admin = await person(t, `ada-${Date.now()}@elsewhere.test`, 'Ada Admin');
    const invited = await call(t, a.owner, 'POST', '/api/team/invitations', { email: admin.email, name: 'Ada Admin', role: 'admin' });
    expect(invited.statusCode).toBe(201);
    const token = await waitFor(async () => {
      const [row] = await t.db
        .select()
        .from(deliveries)
        .where(eq(deliveries.toEmail, admin.email))
        .orderBy(desc(deliveries.createdAt))
        .limit(1);
      return row?.bodyText?.match(/\/user\/equipo\/unirse\/([A-Za-z0-9_-]+)/)?.[1];
    }, 'the invitation');
    expect((await call(t, admin, 'POST', `/api/team-invitations/${token}/accept`)).statusCode).toBe(200);
    const routes = [
      ['GET', '/api/team/sso', undefined],
      ['PUT', '/api/team/sso', SAML],
      ['DELETE', '/api/team/sso', undefined],
      ['PUT', '/api/team/sso/enforce', { enforced: true }],
      ['POST', '/api/team/sso/domains', { domain: 'admin.test' }],
      ['POST', `/api/team/sso/domains/${a.domainId}/check`, undefined],
      ['DELETE', `/api/team/sso/domains/${a.domainId}`, undefined],
      ['POST', '/api/team/sso/test', undefined],
      ['GET', `/api/team/sso/test/${test.id}`, undefined],
    ] as const;
    for (const [method, url, body] of routes) {
      const res = await call(t, admin, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe('team.role_required');
    }
    const loner = await person(t, `lee-${Date.now()}@elsewhere.test`);
    expect((await call(t, loner, 'GET', '/api/team/sso')).json().code).toBe('team.none');
  });

  it('each change needs a fresh proof, is emailed to the owner and is in the team’s history', async () => {
    const { owner, teamId } = await teamWithProvenDomain(t, dns, 'proof.test');
    const bare = { ...owner, token: await login(t.app, owner, { fresh: false }) };
    for (const [method, url, body] of [
      ['PUT', '/api/team/sso', SAML],
      ['DELETE', '/api/team/sso', undefined],
      ['PUT', '/api/team/sso/enforce', { enforced: true }],
      ['POST', '/api/team/sso/domains', { domain: 'more.proof.test' }],
      ['DELETE', `/api/team/sso/domains/00000000-0000-4000-8000-000000000000`, undefined],
    ] as const) {
      const res = await call(t, bare, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe('auth.reauth_required');
    }
    const token = await t.app.inject({
      method: 'PUT',
      url: '/api/team/sso',
      payload: SAML,
      headers: { authorization: 'Bearer enl_pat_nothing' },
    });
    expect(token.statusCode).toBe(401);

    expect((await call(t, owner, 'PUT', '/api/team/sso', SAML)).statusCode).toBe(200);
    await waitFor(async () => {
      const rows = await t.db.select().from(deliveries).where(eq(deliveries.toEmail, owner.email));
      return rows.some((r) => r.bodyText?.includes('single sign-on of your team was changed')) ? true : undefined;
    }, 'the owner’s email');
    // The history is written by the event's job (platform/events.ts): waited for.
    const changes = await waitFor(async () => {
      const rows = await t.db
        .select()
        .from(activityEvents)
        .where(and(eq(activityEvents.action, 'team.sso_changed'), eq(activityEvents.targetId, teamId)));
      const found = rows.map((h) => (h.after as { change: string }).change).sort();
      return found.length === 3 ? found : undefined;
    }, 'the three changes in the team’s history');
    expect(changes).toEqual(['configured', 'domain_added', 'domain_verified']);
    expect(bearer(owner.token)).toBeTruthy();
  });
});
