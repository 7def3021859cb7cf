import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, primaryId, updatedAt } from '../../platform/columns.js';
import { teams } from '../teams/schema.js';

/** Which claim (OIDC) or attribute (SAML) holds each of the person's fields. */
export type SsoMapping = { email: string; givenName: string; familyName: string; jobTitle: string };

/** The identity provider's side: an OIDC issuer and client, or a SAML IdP's entity id, sign-in URL and signing certificates. */
export type SsoIdentityProvider =
  { protocol: 'oidc'; issuer: string; clientId: string } | { protocol: 'saml'; entityId: string; ssoUrl: string; certificates: string[] };

/**
 * A team's single sign-on (docs/teams.md, "Single sign-on"; decision 0039): one identity provider per
 * team, configured by its owner. `clientSecretSealed`: an OIDC client's secret, sealed with the app
 * secret (lib/secret-box.ts, purpose `sso-client-secret`), never answered. `enforced`: members of the
 * team's proven domains sign in only through it (the owner excepted).
 */
export const ssoConnections = pgTable('sso_connections', {
  id: primaryId(),
  teamId: uuid()
    .notNull()
    .unique()
    .references(() => teams.id, { onDelete: 'cascade' }),
  provider: jsonb().$type<SsoIdentityProvider>().notNull(),
  clientSecretSealed: text(),
  mapping: jsonb().$type<SsoMapping>().notNull(),
  enforced: boolean().notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * An email domain a team's single sign-on covers. It applies only once `verified`: the team published
 * `enlaza-sso=<token>` at `_enlaza-sso.<domain>` (a team cannot claim gmail.com). A verified domain
 * belongs to one team at most (the partial unique index).
 */
export const ssoDomains = pgTable(
  'sso_domains',
  {
    id: primaryId(),
    teamId: uuid()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    domain: text().notNull(),
    token: text().notNull(),
    status: text({ enum: ['pending', 'verified'] })
      .notNull()
      .default('pending'),
    checkedAt: timestamp({ withTimezone: true }),
    verifiedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex().on(t.teamId, t.domain),
    uniqueIndex('sso_domains_verified_domain')
      .on(t.domain)
      .where(sql`${t.status} = 'verified'`),
  ],
);

/**
 * A sign-in (or the owner's test) on its way through the identity provider, for 10 minutes at most:
 * the OIDC state, nonce and PKCE verifier, or the SAML AuthnRequest's id (InResponseTo); the hash of
 * the browser's binding cookie; then the outcome (the user to sign in, with the hash of the one-time
 * code the browser exchanges, or the test's mapped claims). Deleted once exchanged or expired.
 */
export const ssoRequests = pgTable(
  'sso_requests',
  {
    id: primaryId(),
    teamId: uuid()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    purpose: text({ enum: ['sign_in', 'test'] }).notNull(),
    stateHash: text().notNull().unique(),
    nonce: text(),
    codeVerifier: text(),
    samlRequestId: text(),
    browserHash: text().notNull(),
    outcome: jsonb().$type<Record<string, unknown>>(),
    codeHash: text().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    completedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.expiresAt)],
);

/** SAML assertions already used, kept until their NotOnOrAfter: the same assertion twice is a replay. */
export const ssoAssertions = pgTable(
  'sso_assertions',
  {
    teamId: uuid()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    assertionId: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.assertionId] }), index().on(t.expiresAt)],
);
