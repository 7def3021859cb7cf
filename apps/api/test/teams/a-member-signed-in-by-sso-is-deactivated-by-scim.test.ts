import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer } from '../helpers/dns-server.js';
import { startOidcProvider, type IdpPerson } from '../helpers/identity-providers.js';
import { call, exchange, ssoCookieOf, teamWithProvenDomain, type Who } from '../helpers/sso.js';
import { bearer, createTestApp, type TestContext } from '../helpers/test-app.js';
import { scimClient } from '../scim/helpers.js';

// A company's whole loop: single sign-on enforced for acme.test through a real OpenID provider, the
// member made just in time, then deactivated by the company's directory through SCIM — the session
// over at once, the card still at its link, and the provider's next sign-in not a way back in.

const PUBLIC_URL = 'https://cards.enlaza.example';
const CLIENT = { clientId: 'enlaza-acme', clientSecret: 'a-client-secret-of-the-test', redirectUri: `${PUBLIC_URL}/api/sso/oidc/callback` };
const ANA: IdpPerson = { sub: 'okta-ana', email: 'ana@acme.test', givenName: 'Ana', familyName: 'Ruiz', jobTitle: 'Account executive' };

let t: TestContext;
let dns: Awaited<ReturnType<typeof startDnsServer>>;
let idp: Awaited<ReturnType<typeof startOidcProvider>>;
let owner: Who;

beforeAll(async () => {
  [dns, idp] = await Promise.all([startDnsServer(), startOidcProvider(CLIENT)]);
  t = await createTestApp({ ...dns.env, PUBLIC_URL });
  ({ owner } = await teamWithProvenDomain(t, dns, 'acme.test'));
  const saved = await call(t, owner, 'PUT', '/api/team/sso', {
    protocol: 'oidc',
    issuer: idp.issuer,
    clientId: CLIENT.clientId,
    clientSecret: CLIENT.clientSecret,
    mapping: { email: 'email', givenName: 'given_name', familyName: 'family_name', jobTitle: 'job_title' },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  expect((await call(t, owner, 'PUT', '/api/team/sso/enforce', { enforced: true })).statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await Promise.all([idp?.close(), dns?.close()]);
});

/** "Sign in with SSO" as Ana's browser: the provider signs her in, the page exchanges the code; the exchange's answer. */
async function signInThroughTheProvider() {
  const started = await call(t, null, 'GET', `/api/sso/start?email=${encodeURIComponent(ANA.email)}`);
  expect(started.statusCode, started.body).toBe(200);
  const back = await idp.signIn(ANA, started.json().data.url as string);
  const landed = await t.app.inject({ url: `${back.pathname}${back.search}` });
  const landing = String(landed.headers.location);
  return landing.includes('sso_code=')
    ? { landing, exchanged: await exchange(t, landing, ssoCookieOf(started)) }
    : { landing, exchanged: null };
}

describe('a member of acme.test: signed in through SSO, deactivated through SCIM', () => {
  it('loses access at once while the card stays at its link, and cannot sign back in through the provider', async () => {
    const first = await signInThroughTheProvider();
    expect(first.exchanged?.statusCode, first.landing).toBe(200);
    const ana = first.exchanged!.json().data as { token: string; user: { id: string } };
    const team = await t.app.inject({ url: '/api/team', headers: bearer(ana.token) });
    expect(team.json().data).toMatchObject({ role: 'member' });
    // Enforced: her address cannot get a password, only the provider signs her in.
    const reset = await t.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { email: ANA.email } });
    expect(reset.json().code).toBe('auth.sso_required');

    const members = (await call(t, owner, 'GET', '/api/team/members')).json().data as { userId: string; card: { publicPath: string } }[];
    const cardPath = members.find((m) => m.userId === ana.user.id)!.card.publicPath;
    expect((await t.app.inject({ url: cardPath })).statusCode).toBe(200);

    // The company's directory (Okta) finds her by userName and deactivates her.
    const made = await call(t, owner, 'POST', '/api/team/scim/tokens', { name: 'Okta' });
    expect(made.statusCode, made.body).toBe(201);
    const scim = scimClient(t);
    const token = made.json().data.token as string;
    const found = await scim(token, 'GET', `/Users?filter=${encodeURIComponent(`userName eq "${ANA.email}"`)}`);
    expect(found.body).toMatchObject({ totalResults: 1, Resources: [{ id: ana.user.id, active: true }] });
    const off = await scim(token, 'PATCH', `/Users/${ana.user.id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'replace', value: { active: false } }],
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);

    // At once: the session she had is over; the card is still at its link, now the team's.
    expect((await t.app.inject({ url: '/api/user', headers: bearer(ana.token) })).statusCode).toBe(401);
    expect((await t.app.inject({ url: cardPath })).statusCode).toBe(200);
    const cards = (await call(t, owner, 'GET', '/api/team/cards')).json().data as { publicPath: string; status: string }[];
    expect(cards.find((c) => c.publicPath === cardPath)).toMatchObject({ status: 'unassigned' });

    // The provider still knows her: signing in there again is refused, not a way back in just in time.
    const again = await signInThroughTheProvider();
    expect(again).toEqual({ landing: '/?sso_error=sso.member_removed', exchanged: null });
    const after = (await call(t, owner, 'GET', '/api/team/members')).json().data as { userId: string }[];
    expect(after.some((m) => m.userId === ana.user.id)).toBe(false);
    expect((await scim(token, 'GET', `/Users/${ana.user.id}`)).body).toMatchObject({ active: false });

    // The directory turns her back on: a member again, and the provider signs her in.
    const on = await scim(token, 'PATCH', `/Users/${ana.user.id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'Replace', path: 'active', value: 'True' }],
    });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    const back = await signInThroughTheProvider();
    expect(back.exchanged?.statusCode, back.landing).toBe(200);
    const token2 = (back.exchanged!.json().data as { token: string }).token;
    expect((await t.app.inject({ url: '/api/team', headers: bearer(token2) })).json().data).toMatchObject({ role: 'member' });
  });
});
