import { z } from 'zod';
import { customDomainHostSchema } from './custom-domains.js';

/**
 * A team's single sign-on (docs/teams.md, "Single sign-on"; decision 0039): one identity provider
 * (OpenID Connect or SAML 2.0) configured by the team's owner, the email domains it covers (each
 * proven by a DNS TXT record), and "enforce": members of those domains sign in only through it.
 */

const httpsUrl = z
  .string()
  .trim()
  .max(500)
  .pipe(z.url({ protocol: /^https?$/, error: 'validation.invalid_url' }));
const attribute = z.string().trim().min(1).max(200);

/** Which claim (OIDC) or attribute (SAML) holds each field; the defaults are the standard OIDC claims. */
export const ssoMappingSchema = z.object({
  email: attribute.default('email'),
  givenName: attribute.default('given_name'),
  familyName: attribute.default('family_name'),
  jobTitle: attribute.default('job_title'),
});
export type SsoMappingBody = z.infer<typeof ssoMappingSchema>;

/** A PEM certificate, or its base64 body alone (what IdP screens show). */
const certificate = z
  .string()
  .trim()
  .max(20_000)
  .refine((v) => /^[A-Za-z0-9+/=\s-]+$/.test(v.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '')) && v.length >= 100, {
    error: 'validation.sso_certificate',
  });

export const ssoSettingsBodySchema = z.discriminatedUnion('protocol', [
  z.object({
    protocol: z.literal('oidc'),
    /** The issuer; its discovery document is read at `/.well-known/openid-configuration`. */
    issuer: httpsUrl,
    clientId: z.string().trim().min(1).max(300),
    /** Omitted: the secret saved before is kept (it is never answered). */
    clientSecret: z.string().trim().min(1).max(1000).optional(),
    mapping: ssoMappingSchema,
  }),
  z.object({
    protocol: z.literal('saml'),
    /** The IdP's metadata XML; or the three fields below. */
    metadataXml: z.string().trim().max(200_000).optional(),
    entityId: z.string().trim().min(1).max(500).optional(),
    ssoUrl: httpsUrl.optional(),
    certificate: certificate.optional(),
    mapping: ssoMappingSchema,
  }),
]);
export type SsoSettingsBody = z.infer<typeof ssoSettingsBodySchema>;

export const ssoDomainBodySchema = z.object({ domain: customDomainHostSchema });
export type SsoDomainBody = z.infer<typeof ssoDomainBodySchema>;
export const ssoDomainIdParamsSchema = z.object({ id: z.uuid() });
export const ssoEnforceBodySchema = z.object({ enforced: z.boolean() });

export const ssoDomainSchema = z.object({
  id: z.string(),
  domain: z.string(),
  /** `verified`: the TXT record was found; SSO and enforcement apply to the domain only then. */
  status: z.enum(['pending', 'verified']),
  /** The TXT record that proves the team controls the domain. */
  record: z.object({ type: z.literal('TXT'), name: z.string(), value: z.string() }),
  checkedAt: z.string().nullable(),
  verifiedAt: z.string().nullable(),
});
export type SsoDomain = z.infer<typeof ssoDomainSchema>;

/** What to paste into the identity provider (Okta, Entra ID, Google Workspace). */
export const ssoServiceProviderSchema = z.object({
  oidcRedirectUri: z.string(),
  samlAcsUrl: z.string(),
  samlEntityId: z.string(),
  samlMetadataUrl: z.string(),
});

export const ssoSettingsSchema = z.object({
  /** The identity provider saved (null: none yet); the OIDC fields or the SAML ones are filled, the others null. */
  provider: z
    .object({
      protocol: z.enum(['oidc', 'saml']),
      issuer: z.string().nullable(),
      clientId: z.string().nullable(),
      clientSecretSet: z.boolean(),
      entityId: z.string().nullable(),
      ssoUrl: z.string().nullable(),
      certificates: z.number().int(),
    })
    .nullable(),
  mapping: z.object({ email: z.string(), givenName: z.string(), familyName: z.string(), jobTitle: z.string() }),
  enforced: z.boolean(),
  domains: z.array(ssoDomainSchema),
  serviceProvider: ssoServiceProviderSchema,
  updatedAt: z.string().nullable(),
});
export type SsoSettings = z.infer<typeof ssoSettingsSchema>;

/** The sign-in page's "Sign in with SSO": the address decides the team and its identity provider. */
export const ssoStartQuerySchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'validation.invalid_email' }).max(254)),
});
export const ssoRedirectSchema = z.object({ url: z.string() });
export type SsoRedirect = z.infer<typeof ssoRedirectSchema>;

/** The one-time code the identity provider's return hands to the page (`/?sso_code=`), exchanged once for a session. */
export const ssoExchangeBodySchema = z.object({ code: z.string().min(20).max(200) });

export const ssoTestIdParamsSchema = z.object({ id: z.uuid() });

/** What a test sign-in brought back: the fields as mapped, and every claim or attribute as received. Nobody is signed in. */
export const ssoTestResultSchema = z.object({
  status: z.enum(['waiting', 'succeeded', 'failed']),
  protocol: z.enum(['oidc', 'saml']),
  subject: z.string().nullable(),
  mapped: z.object({
    email: z.string().nullable(),
    givenName: z.string().nullable(),
    familyName: z.string().nullable(),
    jobTitle: z.string().nullable(),
  }),
  /** Whether the email's domain is one of the team's proven domains (a sign-in needs it). */
  domainCovered: z.boolean(),
  claims: z.record(z.string(), z.unknown()),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type SsoTestResult = z.infer<typeof ssoTestResultSchema>;
