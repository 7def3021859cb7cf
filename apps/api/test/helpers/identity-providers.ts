import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateRawSync } from 'node:zlib';
import forge from 'node-forge';
import Provider from 'oidc-provider';
import { SignedXml } from 'xml-crypto';

/** A person the test's identity providers sign in (the test sets who, instead of a login form). */
export type IdpPerson = { sub: string; email: string; givenName: string; familyName: string; jobTitle?: string; emailVerified?: boolean };

/** Follows a browser's redirects on the identity provider's host (keeping its cookies) until one leaves it; that URL. */
async function followOn(host: string, start: string, jar: Map<string, string>): Promise<URL> {
  let url = new URL(start);
  for (let hop = 0; hop < 10; hop += 1) {
    if (url.host !== host) return url;
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    for (const set of res.headers.getSetCookie()) {
      const [pair] = set.split(';');
      const [key, ...value] = pair!.split('=');
      jar.set(key!.trim(), value.join('='));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`the identity provider stopped at ${url.pathname}: ${res.status} ${await res.text()}`);
    url = new URL(location, url);
  }
  throw new Error('too many redirects at the identity provider');
}

/**
 * A real OpenID provider (`oidc-provider`, certified by the OpenID Foundation) on a random local
 * port. Its interactions (login and consent) are answered by the test, as the person in `signIn`:
 * no form, the same redirects and checks as a browser meets (PKCE required, state, nonce, cookies).
 */
export async function startOidcProvider(client: { clientId: string; clientSecret: string; redirectUri: string }) {
  let person: IdpPerson | null = null;
  const people = new Map<string, IdpPerson>();
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const key = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [client.redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...key, kid: 'test', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: ['oidc-cookie-key-of-the-test'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'job_title'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    ttl: { Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    findAccount: (_ctx, sub) => {
      const found = people.get(sub);
      if (!found) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          email: found.email,
          email_verified: found.emailVerified ?? true,
          given_name: found.givenName,
          family_name: found.familyName,
          ...(found.jobTitle ? { job_title: found.jobTitle } : {}),
        }),
      };
    },
  });
  const callback = provider.callback();
  server.on('request', (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return void callback(req, res);
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      if (!person) throw new Error('no person to sign in');
      people.set(person.sub, person);
      const grant = new provider.Grant({ accountId: person.sub, clientId: client.clientId });
      grant.addOIDCScope('openid email profile');
      const grantId = await grant.save();
      const result = details.prompt.name === 'login' ? { login: { accountId: person.sub } } : { consent: { grantId } };
      await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: true });
    })().catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });

  return {
    issuer,
    /** A browser that signs `who` in at the provider from `authorizationUrl`: the URL it is sent back to (the redirect URI with code and state). */
    async signIn(who: IdpPerson, authorizationUrl: string): Promise<URL> {
      person = who;
      return followOn(new URL(issuer).host, authorizationUrl, new Map());
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A self-signed certificate and its key, made now (node:crypto for the key pair, node-forge for the X.509). */
export function selfSignedCertificate(commonName: string) {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date(Date.now() - 3600_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 24 * 3600_000);
  const attrs = [{ name: 'commonName', value: commonName }];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.sign(forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString()), forge.md.sha256.create());
  const certPem = forge.pki.certificateToPem(cert);
  return { keyPem, certPem, certBody: certPem.replace(/-----(BEGIN|END) CERTIFICATE-----|\s/g, '') };
}

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * A SAML 2.0 identity provider of the test: it reads the service provider's AuthnRequest (HTTP-Redirect)
 * and answers a Response whose assertion is signed with xml-crypto (the XML-DSig library node-saml
 * itself verifies with): RSA-SHA256, exclusive canonicalization, enveloped. Each part can be spoiled
 * to test a refusal (audience, times, signer, no signature, InResponseTo, the assertion's id).
 */
export function samlIdentityProvider(entityId = 'https://idp.acme.test/saml') {
  const signer = selfSignedCertificate('idp.acme.test');
  const metadata = `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${entityId}">
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="signing"><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data><ds:X509Certificate>${signer.certBody}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https://idp.acme.test/sso"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;

  /** What the SP's redirect asks: the AuthnRequest's id, the ACS and the relay state. */
  function read(authorizationUrl: string) {
    const url = new URL(authorizationUrl);
    const xml = inflateRawSync(Buffer.from(url.searchParams.get('SAMLRequest') ?? '', 'base64')).toString('utf8');
    return {
      requestId: /\sID="([^"]+)"/.exec(xml)?.[1] ?? '',
      acs: /AssertionConsumerServiceURL="([^"]+)"/.exec(xml)?.[1] ?? '',
      issuer: /<saml:Issuer[^>]*>([^<]+)</.exec(xml)?.[1] ?? '',
      relayState: url.searchParams.get('RelayState') ?? '',
    };
  }

  type Spoil = {
    audience?: string;
    notOnOrAfterMs?: number;
    inResponseTo?: string;
    signedBy?: { keyPem: string; certPem: string } | null;
    assertionId?: string;
  };

  /** The form fields the IdP's page posts to the ACS for `person`, answering `authorizationUrl`. */
  function respond(authorizationUrl: string, person: IdpPerson, spoil: Spoil = {}) {
    const request = read(authorizationUrl);
    const now = Date.now();
    const until = iso(spoil.notOnOrAfterMs ?? now + 5 * 60_000);
    const inResponseTo = spoil.inResponseTo ?? request.requestId;
    const assertionId = spoil.assertionId ?? `_a${randomUUID().replace(/-/g, '')}`;
    const attribute = (name: string, value: string) =>
      `<saml:Attribute Name="${name}"><saml:AttributeValue>${value}</saml:AttributeValue></saml:Attribute>`;
    const assertion = `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${assertionId}" Version="2.0" IssueInstant="${iso(now)}"><saml:Issuer>${entityId}</saml:Issuer><saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${person.email}</saml:NameID><saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData InResponseTo="${inResponseTo}" NotOnOrAfter="${until}" Recipient="${request.acs}"/></saml:SubjectConfirmation></saml:Subject><saml:Conditions NotBefore="${iso(now - 60_000)}" NotOnOrAfter="${until}"><saml:AudienceRestriction><saml:Audience>${spoil.audience ?? request.issuer}</saml:Audience></saml:AudienceRestriction></saml:Conditions><saml:AuthnStatement AuthnInstant="${iso(now)}" SessionIndex="${assertionId}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement><saml:AttributeStatement>${attribute('email', person.email)}${attribute('firstName', person.givenName)}${attribute('lastName', person.familyName)}${person.jobTitle ? attribute('title', person.jobTitle) : ''}</saml:AttributeStatement></saml:Assertion>`;
    const by = spoil.signedBy === undefined ? signer : spoil.signedBy;
    let signed = assertion;
    if (by) {
      const sig = new SignedXml({
        privateKey: by.keyPem,
        publicCert: by.certPem,
        signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
        canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
      });
      sig.addReference({
        xpath: "//*[local-name(.)='Assertion']",
        transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
        digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
      });
      sig.computeSignature(assertion, { location: { reference: "//*[local-name(.)='Issuer']", action: 'after' } });
      signed = sig.getSignedXml();
    }
    const response = `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_r${randomUUID().replace(/-/g, '')}" Version="2.0" IssueInstant="${iso(now)}" Destination="${request.acs}" InResponseTo="${inResponseTo}"><saml:Issuer>${entityId}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>${signed}</samlp:Response>`;
    return { SAMLResponse: Buffer.from(response).toString('base64'), RelayState: request.relayState, assertionId };
  }

  return { entityId, metadata, signer, read, respond };
}
