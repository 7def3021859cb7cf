import { and, asc, eq } from 'drizzle-orm';
import type { SsoSettings, SsoSettingsBody } from '@enlaza/contracts';
import type { Database, Transaction } from '../../db/client.js';
import type { DnsReader } from '../../lib/dns.js';
import { AppError } from '../../lib/errors.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { RequireAccess } from '../../platform/access.js';
import type { Actor } from '../../platform/actor.js';
import type { Services } from '../../platform/modules.js';
import { DEFAULT_MAPPING } from './mapping.js';
import { isLoopbackHttp, type Oidc } from './oidc.js';
import { certificateBody, readIdpMetadata } from './saml.js';
import { ssoConnections, ssoDomains, type SsoIdentityProvider } from './schema.js';
import { serviceProviderOf } from './urls.js';
import { createSsoDomains, toDomain } from './domains.js';

type ConnectionRow = typeof ssoConnections.$inferSelect;

type Deps = {
  db: Database;
  teams: Pick<Services['teams'], 'context'>;
  requireAccess: RequireAccess;
  dns: DnsReader;
  box: SecretBox;
  oidc: Pick<Oidc, 'check'>;
  publicUrl: string;
};

/** The provider as saved: the OIDC issuer must answer its discovery; SAML from metadata XML or the three fields. */
function providerOf(body: SsoSettingsBody): SsoIdentityProvider {
  if (body.protocol === 'oidc') {
    const issuer = new URL(body.issuer);
    if (issuer.protocol !== 'https:' && !isLoopbackHttp(issuer)) throw new AppError('sso.https_required');
    return { protocol: 'oidc', issuer: body.issuer.replace(/\/$/, ''), clientId: body.clientId };
  }
  if (body.metadataXml) return { protocol: 'saml', ...readIdpMetadata(body.metadataXml) };
  if (!body.entityId || !body.ssoUrl || !body.certificate) throw new AppError('sso.saml_fields_required');
  const ssoUrl = new URL(body.ssoUrl);
  if (ssoUrl.protocol !== 'https:' && !isLoopbackHttp(ssoUrl)) throw new AppError('sso.https_required');
  return { protocol: 'saml', entityId: body.entityId, ssoUrl: body.ssoUrl, certificates: [certificateBody(body.certificate)] };
}

/**
 * The owner's side of a team's single sign-on (docs/teams.md, "Single sign-on"): the identity
 * provider, the domains it covers and their DNS proof, and enforcement. The owner only (403 for an
 * admin or member, 404 `team.none` without a team); another team's domain is 404. Every change is in
 * the team's history (`team.sso_changed`); the routes ask a fresh proof and email the owner.
 */
export function createSsoSettings(deps: Deps) {
  const { db, teams, box, oidc, publicUrl } = deps;
  const ownTeam = async (actor: Actor) => (await teams.context.teamOf(actor, 'owner')).team;

  const connectionOf = async (teamId: string): Promise<ConnectionRow | undefined> =>
    (await db.select().from(ssoConnections).where(eq(ssoConnections.teamId, teamId)))[0];

  /** In `tx`: the history's line exists exactly when the change does. */
  const record = (tx: Transaction, actor: Actor, team: { id: string; name: string }, change: string, details: object = {}) =>
    teams.context.record(
      'team.sso_changed',
      { actor, target: { type: 'team', id: team.id }, after: { name: team.name, change, ...details } },
      tx,
    );

  async function settingsOf(teamId: string): Promise<SsoSettings> {
    const [row, domains] = await Promise.all([
      connectionOf(teamId),
      db.select().from(ssoDomains).where(eq(ssoDomains.teamId, teamId)).orderBy(asc(ssoDomains.createdAt)),
    ]);
    const p = row?.provider;
    return {
      provider: !p
        ? null
        : p.protocol === 'oidc'
          ? {
              protocol: 'oidc',
              issuer: p.issuer,
              clientId: p.clientId,
              clientSecretSet: Boolean(row.clientSecretSealed),
              entityId: null,
              ssoUrl: null,
              certificates: 0,
            }
          : {
              protocol: 'saml',
              issuer: null,
              clientId: null,
              clientSecretSet: false,
              entityId: p.entityId,
              ssoUrl: p.ssoUrl,
              certificates: p.certificates.length,
            },
      mapping: row?.mapping ?? DEFAULT_MAPPING,
      enforced: row?.enforced ?? false,
      domains: domains.map(toDomain),
      serviceProvider: serviceProviderOf(publicUrl, teamId),
      updatedAt: row?.updatedAt.toISOString() ?? null,
    };
  }

  return {
    connectionOf,

    async get(actor: Actor): Promise<SsoSettings> {
      return settingsOf((await ownTeam(actor)).id);
    },

    /** Saves the identity provider (an OIDC client secret left out keeps the one saved; the issuer must answer). */
    async save(actor: Actor, body: SsoSettingsBody): Promise<SsoSettings> {
      const team = await ownTeam(actor);
      const provider = providerOf(body);
      const before = await connectionOf(team.id);
      let clientSecretSealed: string | null = null;
      if (provider.protocol === 'oidc') {
        const kept = before?.provider.protocol === 'oidc' ? before.clientSecretSealed : null;
        clientSecretSealed = body.protocol === 'oidc' && body.clientSecret ? box.seal(body.clientSecret) : kept;
        if (!clientSecretSealed) throw new AppError('sso.client_secret_required');
        await oidc.check({ issuer: provider.issuer, clientId: provider.clientId, clientSecret: box.open(clientSecretSealed) });
      }
      const values = { provider, clientSecretSealed, mapping: body.mapping, updatedAt: new Date() };
      await db.transaction(async (tx) => {
        await tx
          .insert(ssoConnections)
          .values({ teamId: team.id, ...values })
          .onConflictDoUpdate({ target: ssoConnections.teamId, set: values });
        await record(tx, actor, team, before ? 'updated' : 'configured', { protocol: provider.protocol });
      });
      return settingsOf(team.id);
    },

    /** Removes the identity provider (and so its enforcement); the proven domains stay for a next one. */
    async remove(actor: Actor): Promise<SsoSettings> {
      const team = await ownTeam(actor);
      await db.transaction(async (tx) => {
        const [gone] = await tx.delete(ssoConnections).where(eq(ssoConnections.teamId, team.id)).returning();
        if (!gone) throw new AppError('sso.not_set_up');
        await record(tx, actor, team, 'removed', { protocol: gone.provider.protocol });
      });
      return settingsOf(team.id);
    },

    /** Enforcement on or off; on needs a provider and a proven domain. */
    async enforce(actor: Actor, enforced: boolean): Promise<SsoSettings> {
      const team = await ownTeam(actor);
      const row = await connectionOf(team.id);
      if (!row) throw new AppError('sso.not_set_up');
      if (enforced) {
        const proven = await db
          .select({ id: ssoDomains.id })
          .from(ssoDomains)
          .where(and(eq(ssoDomains.teamId, team.id), eq(ssoDomains.status, 'verified')));
        if (proven.length === 0) throw new AppError('sso.domain_required');
      }
      if (row.enforced !== enforced) {
        await db.transaction(async (tx) => {
          await tx.update(ssoConnections).set({ enforced, updatedAt: new Date() }).where(eq(ssoConnections.id, row.id));
          await record(tx, actor, team, enforced ? 'enforced' : 'not_enforced');
        });
      }
      return settingsOf(team.id);
    },

    ...createSsoDomains(deps, { ownTeam, record }),
  };
}

export type SsoSettingsService = ReturnType<typeof createSsoSettings>;
