import type { SsoMapping } from './schema.js';

const CLAIMS = 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims';

/**
 * Where each field is usually found when the owner's mapping names nothing the provider sent: the
 * OIDC standard claims, and the SAML attribute names Okta, Entra ID (its claim URIs) and Google
 * Workspace use by default, with the LDAP OIDs.
 */
const USUAL: Record<keyof SsoMapping, string[]> = {
  email: ['email', 'mail', 'emailAddress', `${CLAIMS}/emailaddress`, 'urn:oid:0.9.2342.19200300.100.1.3'],
  givenName: ['given_name', 'givenName', 'firstName', `${CLAIMS}/givenname`, 'urn:oid:2.5.4.42'],
  familyName: ['family_name', 'familyName', 'lastName', 'sn', 'surname', `${CLAIMS}/surname`, 'urn:oid:2.5.4.4'],
  jobTitle: ['job_title', 'jobTitle', 'title', 'http://schemas.microsoft.com/ws/2008/06/identity/claims/jobtitle', 'urn:oid:2.5.4.12'],
};

export const DEFAULT_MAPPING: SsoMapping = { email: 'email', givenName: 'given_name', familyName: 'family_name', jobTitle: 'job_title' };

export type MappedPerson = { email: string | null; givenName: string | null; familyName: string | null; jobTitle: string | null };

const text = (value: unknown): string | null => {
  const first: unknown = Array.isArray(value) ? (value as unknown[])[0] : value;
  if (typeof first !== 'string' && typeof first !== 'number') return null;
  const trimmed = String(first).trim();
  return trimmed === '' ? null : trimmed.slice(0, 200);
};

/** The person's fields from the claims or attributes: the owner's mapping first, then the usual names; the SAML NameID as the email last. */
export function mapPerson(mapping: SsoMapping, claims: Record<string, unknown>, subject: string | null): MappedPerson {
  const read = (field: keyof SsoMapping) => {
    for (const name of [mapping[field], ...USUAL[field]]) {
      const value = Object.hasOwn(claims, name) ? text(claims[name]) : null;
      if (value) return value;
    }
    return null;
  };
  const email = read('email') ?? (subject && /^[^\s@]+@[^\s@]+$/.test(subject) ? subject : null);
  return { email: email?.toLowerCase() ?? null, givenName: read('givenName'), familyName: read('familyName'), jobTitle: read('jobTitle') };
}

/** The domain of an address, lower-case ('' for no address). */
export const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();
