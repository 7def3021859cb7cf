import type { Document } from '@xmldom/xmldom';
import { SAML, ValidateInResponseTo, type CacheProvider } from '@node-saml/node-saml';
import { AppError } from '../../lib/errors.js';
import { parseXml } from '../../lib/xml.js';

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const ASSERTION = 'urn:oasis:names:tc:SAML:2.0:assertion';
const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

export type SamlIdp = { entityId: string; ssoUrl: string; certificates: string[] };
/** This app as the service provider of one team: its entity id (also its metadata's URL) and the ACS. */
export type SamlSp = { entityId: string; acsUrl: string };

/** A certificate's base64 body, whatever way it was pasted (PEM, with spaces or line breaks). */
export const certificateBody = (pem: string) => pem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');

/** The IdP's entity id, HTTP-Redirect sign-in URL and signing certificates from its metadata XML (`sso.metadata_invalid` otherwise). */
export function readIdpMetadata(xml: string): SamlIdp {
  let doc: Document;
  try {
    doc = parseXml(xml, 'the IdP metadata');
  } catch {
    throw new AppError('sso.metadata_invalid');
  }
  const descriptor = doc.getElementsByTagNameNS(MD, 'EntityDescriptor')[0];
  const idp = doc.getElementsByTagNameNS(MD, 'IDPSSODescriptor')[0];
  if (!descriptor || !idp) throw new AppError('sso.metadata_invalid');
  const services = Array.from(idp.getElementsByTagNameNS(MD, 'SingleSignOnService'));
  const service = services.find((s) => s.getAttribute('Binding') === REDIRECT);
  const certificates = Array.from(idp.getElementsByTagNameNS(MD, 'KeyDescriptor'))
    .filter((k) => (k.getAttribute('use') ?? 'signing') === 'signing')
    .flatMap((k) => Array.from(k.getElementsByTagNameNS(DS, 'X509Certificate')))
    .map((c) => certificateBody(c.textContent ?? ''))
    .filter((c) => c.length > 0);
  const entityId = descriptor.getAttribute('entityID') ?? '';
  const ssoUrl = service?.getAttribute('Location') ?? '';
  if (!entityId || !/^https?:\/\//.test(ssoUrl) || certificates.length === 0) throw new AppError('sso.metadata_invalid');
  return { entityId, ssoUrl, certificates: [...new Set(certificates)] };
}

/** The assertion's id and the end of its validity (its Conditions' NotOnOrAfter), for the replay check. */
function assertionFacts(assertionXml: string): { id: string; notOnOrAfter: Date } {
  const doc = parseXml(assertionXml, 'the assertion');
  const assertion = doc.documentElement;
  const conditions = assertion?.getElementsByTagNameNS(ASSERTION, 'Conditions')[0];
  const id = assertion?.getAttribute('ID') ?? '';
  const notOnOrAfter = new Date(conditions?.getAttribute('NotOnOrAfter') ?? '');
  if (!id) throw new AppError('sso.response_invalid');
  return { id, notOnOrAfter: Number.isNaN(notOnOrAfter.getTime()) ? new Date(Date.now() + 3600_000) : notOnOrAfter };
}

/**
 * The service provider (@node-saml/node-saml, the SAML core of passport-saml): an AuthnRequest by
 * HTTP-Redirect, then the POSTed response checked — the assertion signed by one of the IdP's
 * certificates (an unsigned one is refused), the issuer, the audience (our entity id), NotBefore and
 * NotOnOrAfter (30 s of clock skew), and InResponseTo equal to the request this browser started.
 */
export function createSaml() {
  const saml = (idp: SamlIdp, sp: SamlSp, cacheProvider: CacheProvider) =>
    new SAML({
      callbackUrl: sp.acsUrl,
      issuer: sp.entityId,
      audience: sp.entityId,
      entryPoint: idp.ssoUrl,
      idpIssuer: idp.entityId,
      idpCert: idp.certificates.map((c) => `-----BEGIN CERTIFICATE-----\n${c}\n-----END CERTIFICATE-----`),
      wantAssertionsSigned: true,
      wantAuthnResponseSigned: false,
      validateInResponseTo: ValidateInResponseTo.always,
      requestIdExpirationPeriodMs: 10 * 60_000,
      acceptedClockSkewMs: 30_000,
      identifierFormat: null,
      disableRequestedAuthnContext: true,
      cacheProvider,
    });

  return {
    /** Where the browser goes, and the AuthnRequest's id its answer must name (InResponseTo). */
    async authorizationUrl(idp: SamlIdp, sp: SamlSp, relayState: string): Promise<{ url: string; requestId: string }> {
      let requestId = '';
      const capture: CacheProvider = {
        saveAsync: async (key, value) => {
          requestId = key;
          return { value, createdAt: Date.now() };
        },
        getAsync: async () => null,
        removeAsync: async () => null,
      };
      const url = await saml(idp, sp, capture).getAuthorizeUrlAsync(relayState, undefined, {});
      return { url, requestId };
    },

    /** The POSTed response checked against the request `requestId`; its subject and attributes, and the assertion's id and expiry. */
    async validate(idp: SamlIdp, sp: SamlSp, body: { SAMLResponse: string; RelayState?: string }, requestId: string) {
      const expected: CacheProvider = {
        saveAsync: async () => null,
        getAsync: async (key) => (key === requestId ? new Date().toISOString() : null),
        removeAsync: async () => null,
      };
      let profile;
      try {
        ({ profile } = await saml(idp, sp, expected).validatePostResponseAsync({ ...body }));
      } catch {
        throw new AppError('sso.response_invalid');
      }
      if (!profile?.getAssertionXml) throw new AppError('sso.response_invalid');
      const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
      return { subject: profile.nameID, attributes, assertion: assertionFacts(profile.getAssertionXml()) };
    },

    /** The service provider's metadata, what the IdP may import instead of the values pasted by hand. */
    metadata(sp: SamlSp): string {
      const none: CacheProvider = { saveAsync: async () => null, getAsync: async () => null, removeAsync: async () => null };
      return saml(
        { entityId: 'unused', ssoUrl: 'https://unused.invalid/', certificates: ['unused'] },
        sp,
        none,
      ).generateServiceProviderMetadata(null);
    },
  };
}

export type Saml = ReturnType<typeof createSaml>;
