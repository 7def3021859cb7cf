import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamMembers, users } from '../../src/db/schema/index.js';
import { startDnsServer } from '../helpers/dns-server.js';
import { samlIdentityProvider, selfSignedCertificate, type IdpPerson } from '../helpers/identity-providers.js';
import { call, exchange, ssoCookieOf, teamWithProvenDomain, type Who } from '../helpers/sso.js';
import { createTestApp, type TestContext } from '../helpers/test-app.js';

const PUBLIC_URL = 'https://cards.enlaza.example';
const idp = samlIdentityProvider();

let t: TestContext;
let dns: Awaited<ReturnType<typeof startDnsServer>>;
let owner: Who;
let teamId: string;

beforeAll(async () => {
  dns = await startDnsServer();
  t = await createTestApp({ ...dns.env, PUBLIC_URL });
  ({ owner, teamId } = await teamWithProvenDomain(t, dns, 'saml.acme.test'));
  const saved = await call(t, owner, 'PUT', '/api/team/sso', {
    protocol: 'saml',
    metadataXml: idp.metadata,
    mapping: { email: 'email', givenName: 'firstName', familyName: 'lastName', jobTitle: 'title' },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await dns?.close();
});

const ana: IdpPerson = { sub: 'ana', email: 'ana@saml.acme.test', givenName: 'Ana', familyName: 'Sol', jobTitle: 'Engineer' };

/** "Sign in with SSO": the redirect to the IdP (its AuthnRequest) and the browser's binding cookie. */
async function start(email = ana.email) {
  const res = await call(t, null, 'GET', `/api/sso/start?email=${encodeURIComponent(email)}`);
  expect(res.statusCode, res.body).toBe(200);
  return { url: res.json().data.url as string, cookie: ssoCookieOf(res) };
}

/** The IdP's page posting its form to the ACS from its own site. */
const post = (form: { SAMLResponse: string; RelayState: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/sso/saml/acs',
    payload: new URLSearchParams(form).toString(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'https://idp.acme.test',
      'sec-fetch-site': 'cross-site',
      host: 'cards.enlaza.example',
    },
  });

describe('SAML sign-in (node-saml as the service provider, assertions signed with xml-crypto)', () => {
  it('publishes the SP metadata and sends an AuthnRequest naming our entity id and ACS', async () => {
    const meta = await t.app.inject({ url: `/api/sso/saml/metadata/${teamId}` });
    expect(meta.statusCode).toBe(200);
    expect(meta.body).toContain(`entityID="${PUBLIC_URL}/api/sso/saml/metadata/${teamId}"`);
    expect(meta.body).toContain(`Location="${PUBLIC_URL}/api/sso/saml/acs"`);
    const { url } = await start();
    expect(url.startsWith('https://idp.acme.test/sso?SAMLRequest=')).toBe(true);
    expect(idp.read(url)).toMatchObject({ acs: `${PUBLIC_URL}/api/sso/saml/acs`, issuer: `${PUBLIC_URL}/api/sso/saml/metadata/${teamId}` });
  });

  it('signs a new person in from a signed assertion posted across sites: account made, team joined', async () => {
    const { url, cookie } = await start();
    const landed = await post(idp.respond(url, ana));
    expect(landed.statusCode, landed.body).toBe(303);
    const signedIn = await exchange(t, String(landed.headers.location), cookie);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const [account] = await t.db.select().from(users).where(eq(users.email, ana.email));
    expect(account).toMatchObject({ name: 'Ana Sol', status: 'active' });
    const [member] = await t.db.select().from(teamMembers).where(eq(teamMembers.userId, account!.id));
    expect(member).toMatchObject({ teamId, role: 'member', jobTitle: 'Engineer' });
  });

  const refusals: [string, (url: string) => ReturnType<typeof idp.respond>, string][] = [
    ['for another audience', (url) => idp.respond(url, ana, { audience: 'https://another-sp.example/metadata' }), 'sso.response_invalid'],
    ['expired (NotOnOrAfter passed)', (url) => idp.respond(url, ana, { notOnOrAfterMs: Date.now() - 5 * 60_000 }), 'sso.response_invalid'],
    ['signed by another key', (url) => idp.respond(url, ana, { signedBy: selfSignedCertificate('evil.example') }), 'sso.response_invalid'],
    ['unsigned', (url) => idp.respond(url, ana, { signedBy: null }), 'sso.response_invalid'],
    [
      'answering another request (InResponseTo)',
      (url) => idp.respond(url, ana, { inResponseTo: '_someone-elses-request' }),
      'sso.response_invalid',
    ],
  ];
  it.each(refusals)('refuses an assertion %s', async (_, respond, code) => {
    const { url } = await start();
    const landed = await post(respond(url));
    expect(landed.statusCode).toBe(303);
    expect(landed.headers.location).toBe(`/?sso_error=${code}`);
  });

  it('refuses a replayed response, and the same assertion id answering a new request', async () => {
    const first = await start();
    const form = idp.respond(first.url, ana);
    expect(String((await post(form)).headers.location)).toMatch(/^\/\?sso_code=/);
    expect((await post(form)).headers.location).toBe('/?sso_error=sso.request_unknown');

    const second = await start();
    const again = idp.respond(second.url, ana, { assertionId: form.assertionId });
    expect((await post(again)).headers.location).toBe('/?sso_error=sso.replayed');
  });

  it('refuses a response for a relay state nobody started', async () => {
    const { url } = await start();
    const form = idp.respond(url, ana);
    expect((await post({ ...form, RelayState: 'forged-relay-state-0123456789' })).headers.location).toBe('/?sso_error=sso.request_unknown');
  });

  it('refuses SAML settings that are not usable, with a translated 422', async () => {
    const res = await call(t, owner, 'PUT', '/api/team/sso', { protocol: 'saml', metadataXml: '<nope/>', mapping: {} }, 'es');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'sso.metadata_invalid', message: expect.stringContaining('metadatos') as string });
    const missing = await call(t, owner, 'PUT', '/api/team/sso', { protocol: 'saml', entityId: 'x', mapping: {} });
    expect(missing.json().code).toBe('sso.saml_fields_required');
  });
});
