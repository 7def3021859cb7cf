import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityEvents, profiles, ssoConnections, ssoRequests, teamMembers, users } from '../../src/db/schema/index.js';
import { startDnsServer } from '../helpers/dns-server.js';
import { startOidcProvider, type IdpPerson } from '../helpers/identity-providers.js';
import { call, exchange, ssoCookieOf, teamWithProvenDomain, type Who } from '../helpers/sso.js';
import { bearer, createTestApp, waitFor, type TestContext } from '../helpers/test-app.js';

const PUBLIC_URL = 'https://cards.enlaza.example';
const CLIENT = { clientId: 'enlaza-acme', clientSecret: 'a-client-secret-of-the-test', redirectUri: `${PUBLIC_URL}/api/sso/oidc/callback` };

let t: TestContext;
let dns: Awaited<ReturnType<typeof startDnsServer>>;
let idp: Awaited<ReturnType<typeof startOidcProvider>>;
let owner: Who;
let teamId: string;

beforeAll(async () => {
  [dns, idp] = await Promise.all([startDnsServer(), startOidcProvider(CLIENT)]);
  t = await createTestApp({ ...dns.env, PUBLIC_URL });
  ({ owner, teamId } = await teamWithProvenDomain(t, dns, 'acme.test'));
  const saved = await call(t, owner, 'PUT', '/api/team/sso', {
    protocol: 'oidc',
    issuer: idp.issuer,
    clientId: CLIENT.clientId,
    clientSecret: CLIENT.clientSecret,
    mapping: { email: 'email', givenName: 'given_name', familyName: 'family_name', jobTitle: 'job_title' },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await Promise.all([idp?.close(), dns?.close()]);
});

/** The whole trip of a browser: "Sign in with SSO" with `email`, the provider signs `who` in, back to us; where the page lands and its binding cookie. */
async function trip(email: string, who: IdpPerson) {
  const started = await call(t, null, 'GET', `/api/sso/start?email=${encodeURIComponent(email)}`);
  expect(started.statusCode, started.body).toBe(200);
  const cookie = ssoCookieOf(started);
  const back = await idp.signIn(who, started.json().data.url as string);
  expect(back.origin + back.pathname).toBe(CLIENT.redirectUri);
  const landed = await t.app.inject({ url: `${back.pathname}${back.search}` });
  expect(landed.statusCode).toBe(302);
  return { landing: String(landed.headers.location), cookie, back };
}

describe('OIDC sign-in through a real OpenID provider (oidc-provider)', () => {
  it('signs a new acme.test person in with SSO enforced: a verified account made just in time, in the team with its template card', async () => {
    expect((await call(t, owner, 'PUT', '/api/team/sso/enforce', { enforced: true })).statusCode).toBe(200);
    const who = { sub: 'u-1', email: 'Ana.Lopez@acme.test', givenName: 'Ana', familyName: 'López', jobTitle: 'Sales lead' };
    const { landing, cookie } = await trip('ana.lopez@acme.test', who);
    expect(landing).toMatch(/^\/\?sso_code=/);

    const signedIn = await exchange(t, landing, cookie);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const { token, user } = signedIn.json().data as { token: string; user: { email: string } };
    expect(user.email).toBe('ana.lopez@acme.test');
    expect((await t.app.inject({ url: '/api/user', headers: bearer(token) })).statusCode).toBe(200);

    const [account] = await t.db.select().from(users).where(eq(users.email, 'ana.lopez@acme.test'));
    expect(account).toMatchObject({ name: 'Ana López', status: 'active' });
    expect(account!.emailVerifiedAt).not.toBeNull();
    const [member] = await t.db.select().from(teamMembers).where(eq(teamMembers.userId, account!.id));
    expect(member).toMatchObject({ teamId, role: 'member', status: 'active', jobTitle: 'Sales lead' });
    const mine = await t.app.inject({ url: '/api/team', headers: bearer(token) });
    const cardId = mine.json().data.cardId as string;
    const [card] = await t.db.select().from(profiles).where(eq(profiles.id, cardId));
    expect(card).toMatchObject({ userId: account!.id, teamId });
    // The history is written by the event's job (platform/events.ts): waited for.
    const joined = await waitFor(async () => {
      const rows = await t.db
        .select()
        .from(activityEvents)
        .where(and(eq(activityEvents.action, 'team.member_joined'), eq(activityEvents.actorId, account!.id)));
      return rows.length > 0 ? rows : undefined;
    }, 'team.member_joined in the history');
    expect(joined).toHaveLength(1);

    // The second time, the same account signs in (no second account, no second membership).
    const again = await trip('ana.lopez@acme.test', who);
    expect((await exchange(t, again.landing, again.cookie)).statusCode).toBe(200);
    expect(await t.db.select().from(users).where(eq(users.email, 'ana.lopez@acme.test'))).toHaveLength(1);
    expect(await t.db.select().from(teamMembers).where(eq(teamMembers.userId, account!.id))).toHaveLength(1);
  });

  it('refuses the one-time code in another browser, and a second use of it', async () => {
    const { landing, cookie } = await trip('bo@acme.test', { sub: 'u-2', email: 'bo@acme.test', givenName: 'Bo', familyName: 'Berg' });
    const elsewhere = await exchange(t, landing, null);
    expect(elsewhere.statusCode).toBe(401);
    expect(elsewhere.json()).toMatchObject({ code: 'sso.exchange_invalid', message: expect.stringContaining('another browser') as string });
    // The refused attempt spent it: the right browser cannot use it afterwards either.
    expect((await exchange(t, landing, cookie)).json().code).toBe('sso.exchange_invalid');
  });

  it('refuses a callback whose state is not the one sent (and a replayed callback)', async () => {
    const { back } = await trip('cy@acme.test', { sub: 'u-3', email: 'cy@acme.test', givenName: 'Cy', familyName: 'Cole' });
    const replay = await t.app.inject({ url: `${back.pathname}${back.search}` });
    expect(replay.headers.location).toBe('/?sso_error=sso.request_unknown');
    const forged = new URL(back);
    forged.searchParams.set('state', 'a-state-nobody-sent-0123456789');
    expect((await t.app.inject({ url: `${forged.pathname}${forged.search}` })).headers.location).toBe('/?sso_error=sso.request_unknown');
    expect((await t.app.inject({ url: '/api/sso/oidc/callback' })).headers.location).toBe('/?sso_error=sso.request_unknown');
  });

  it('refuses an address the provider vouches for outside the team’s proven domains, and an unverified one', async () => {
    const outside = await trip('dee@acme.test', { sub: 'u-4', email: 'dee@gmail.test', givenName: 'Dee', familyName: 'Diaz' });
    expect(outside.landing).toBe('/?sso_error=sso.domain_not_covered');
    const unverified = await trip('eve@acme.test', {
      sub: 'u-5',
      email: 'eve@acme.test',
      givenName: 'Eve',
      familyName: 'Ek',
      emailVerified: false,
    });
    expect(unverified.landing).toBe('/?sso_error=sso.email_unverified');
    expect(await t.db.select().from(users).where(eq(users.email, 'dee@gmail.test'))).toHaveLength(0);
  });

  it('answers 404 sso.not_configured, translated, for an address of no proven domain', async () => {
    const res = await call(t, null, 'GET', '/api/sso/start?email=someone@gmail.test', undefined, 'es');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'sso.not_configured', message: expect.stringContaining('contraseña') as string });
    const bad = await call(t, null, 'GET', '/api/sso/start?email=not-an-address', undefined, 'es');
    expect(bad.statusCode).toBe(422);
  });

  it('the owner’s test sign-in shows what came back, mapped, and signs nobody in', async () => {
    const started = await call(t, owner, 'POST', '/api/team/sso/test');
    expect(started.statusCode, started.body).toBe(200);
    const { url, id } = started.json().data as { url: string; id: string };
    expect((await call(t, owner, 'GET', `/api/team/sso/test/${id}`)).json().data.status).toBe('waiting');
    const back = await idp.signIn({ sub: 'u-6', email: 'fay@acme.test', givenName: 'Fay', familyName: 'Fox', jobTitle: 'CTO' }, url);
    const landed = await t.app.inject({ url: `${back.pathname}${back.search}` });
    expect(landed.headers.location).toBe(`/user/equipo/sso?test=${id}`);
    const result = await call(t, owner, 'GET', `/api/team/sso/test/${id}`);
    expect(result.json().data).toMatchObject({
      status: 'succeeded',
      protocol: 'oidc',
      subject: 'u-6',
      mapped: { email: 'fay@acme.test', givenName: 'Fay', familyName: 'Fox', jobTitle: 'CTO' },
      domainCovered: true,
      claims: { email: 'fay@acme.test', job_title: 'CTO' },
    });
    expect(await t.db.select().from(users).where(eq(users.email, 'fay@acme.test'))).toHaveLength(0);
    const [request] = await t.db.select().from(ssoRequests).where(eq(ssoRequests.id, id));
    expect(request?.codeHash).toBeNull();
  });

  it('keeps the client secret sealed and never answers it', async () => {
    const [row] = await t.db.select().from(ssoConnections).where(eq(ssoConnections.teamId, teamId));
    expect(row!.clientSecretSealed).not.toContain(CLIENT.clientSecret);
    const settings = await call(t, owner, 'GET', '/api/team/sso');
    expect(settings.body).not.toContain(CLIENT.clientSecret);
    expect(settings.json().data).toMatchObject({
      provider: { protocol: 'oidc', issuer: idp.issuer, clientId: CLIENT.clientId, clientSecretSet: true },
      enforced: true,
      serviceProvider: {
        oidcRedirectUri: CLIENT.redirectUri,
        samlAcsUrl: `${PUBLIC_URL}/api/sso/saml/acs`,
        samlEntityId: `${PUBLIC_URL}/api/sso/saml/metadata/${teamId}`,
      },
    });
  });
});
