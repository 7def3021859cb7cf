import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import {
  CRM_PROVIDERS,
  type CrmConnectBody,
  type CrmConnection,
  type CrmOverview,
  type CrmProvider,
  type CrmSync,
} from '@enlaza/contracts';
import type { Database, Transaction } from '../../db/client.js';
import type { EventBus } from '../../platform/events.js';
import { AppError } from '../../lib/errors.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { afterAccess, type RequireAccess } from '../../platform/access.js';
import type { Actor } from '../../platform/actor.js';
import { teamOfOwner } from '../teams/index.js';
import { pkcePair, type CrmOAuth } from './oauth.js';
import { crmAuthorizations, crmConnections } from './schema.js';
import { crmLinks, syncLog } from './sync-log.js';
import type { ConnectionRow } from './tokens.js';
import { VendorError } from './vendor-http.js';

/** An authorization must come back within this. */
const AUTHORIZATION_MS = 10 * 60_000;

type Deps = {
  db: Database;
  requireAccess: RequireAccess;
  oauth: CrmOAuth;
  box: SecretBox;
  publicUrl: string;
  events: Pick<EventBus, 'publish'>;
  log: { warn: (o: object, m: string) => void };
};

const VENDOR_NAMES: Record<CrmProvider, string> = { hubspot: 'HubSpot', salesforce: 'Salesforce' };

const hashOf = (state: string) => createHash('sha256').update(state).digest('hex');

const toConnection = (row: ConnectionRow): CrmConnection => ({
  id: row.id,
  provider: row.provider,
  scope: row.teamId ? 'team' : 'user',
  accountName: row.accountName,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
});

/**
 * CRM connections (docs/teams.md, "Leads into your CRM"): a user connects HubSpot or Salesforce for
 * their own cards, a team's owner for all the team's cards (the team's connection serves a team card
 * before its holder's own). Connecting is the OAuth 2 authorization code flow with PKCE, its `state`
 * bound to the session that started it; the tokens are kept sealed. Another user's connection is 404.
 */
export function createCrmService({ db, requireAccess, oauth, box, publicUrl, events, log }: Deps) {
  const redirectUri = `${publicUrl}/user/crm/callback`;

  async function own(actor: Actor, id: string): Promise<ConnectionRow> {
    await requireAccess(actor, 'crm_connection', id);
    const [row] = await db
      .select()
      .from(crmConnections)
      .where(and(eq(crmConnections.id, id), eq(crmConnections.userId, actor.id)));
    return afterAccess(row);
  }

  /** The team a team-scoped connection is for: the one the actor owns (403 `team.role_required` otherwise). */
  async function teamIdFor(actor: Actor, scope: CrmConnectBody['scope']): Promise<string | null> {
    if (scope === 'user') return null;
    const team = await teamOfOwner(db, actor.id);
    if (!team) throw new AppError('team.role_required');
    return team.teamId;
  }

  /** A team's connection changing is in the team's history (its owner's), with the CRM and the account. */
  const teamHistory = (tx: Transaction, action: 'team.crm_connected' | 'team.crm_disconnected', actor: Actor, row: ConnectionRow) =>
    row.teamId
      ? events.publish(
          action,
          {
            userId: actor.id,
            actorId: actor.id,
            target: { type: 'team', id: row.teamId },
            before: {},
            after: { name: VENDOR_NAMES[row.provider], account: row.accountName },
          },
          tx,
        )
      : Promise.resolve();

  async function existing(userId: string, teamId: string | null, provider: CrmProvider) {
    const [row] = await db
      .select({ id: crmConnections.id })
      .from(crmConnections)
      .where(
        and(
          eq(crmConnections.provider, provider),
          teamId ? eq(crmConnections.teamId, teamId) : and(eq(crmConnections.userId, userId), isNullTeam()),
        ),
      );
    return row ?? null;
  }

  return {
    async overview(actor: Actor): Promise<CrmOverview> {
      const rows = await db.select().from(crmConnections).where(eq(crmConnections.userId, actor.id)).orderBy(crmConnections.createdAt);
      return {
        providers: CRM_PROVIDERS.map((provider) => ({ provider, configured: oauth.configured(provider) })),
        connections: rows.map(toConnection),
        teamOwner: (await teamOfOwner(db, actor.id)) !== null,
      };
    },

    /** Starts connecting: where to send the browser (the vendor's consent page). */
    async connect(actor: Actor, sessionId: string, body: CrmConnectBody): Promise<{ authorizeUrl: string }> {
      if (!oauth.configured(body.provider)) throw new AppError('crm.not_configured');
      const teamId = await teamIdFor(actor, body.scope);
      if (await existing(actor.id, teamId, body.provider)) throw new AppError('crm.already_connected');
      const state = randomBytes(32).toString('base64url');
      const { verifier, challenge } = pkcePair();
      // Authorizations left unfinished are dropped as new ones start.
      await db.delete(crmAuthorizations).where(lt(crmAuthorizations.expiresAt, new Date()));
      await db.insert(crmAuthorizations).values({
        stateHash: hashOf(state),
        sessionId,
        userId: actor.id,
        teamId,
        provider: body.provider,
        codeVerifier: box.seal(verifier),
        expiresAt: new Date(Date.now() + AUTHORIZATION_MS),
      });
      return { authorizeUrl: oauth.authorizeUrl(body.provider, redirectUri, state, challenge) };
    },

    /** The vendor sent the browser back with a code: exchanged (once, by the session that started) and kept. */
    async finish(actor: Actor, sessionId: string, input: { code: string; state: string }): Promise<CrmConnection> {
      const [authorization] = await db
        .delete(crmAuthorizations)
        .where(and(eq(crmAuthorizations.stateHash, hashOf(input.state)), eq(crmAuthorizations.userId, actor.id)))
        .returning();
      if (!authorization || authorization.sessionId !== sessionId || authorization.expiresAt < new Date())
        throw new AppError('crm.authorization_invalid');
      let grant;
      try {
        grant = await oauth.exchange(authorization.provider, input.code, redirectUri, box.open(authorization.codeVerifier));
      } catch (error) {
        if (error instanceof VendorError) throw new AppError('crm.connect_failed', { message: error.message });
        throw error;
      }
      const row = await db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(crmConnections)
          .values({
            userId: actor.id,
            teamId: authorization.teamId,
            provider: authorization.provider,
            accountName: grant.accountName,
            accountId: grant.accountId,
            instanceUrl: grant.instanceUrl,
            accessTokenSealed: box.seal(grant.accessToken),
            refreshTokenSealed: box.seal(grant.refreshToken),
            accessExpiresAt: grant.expiresAt,
          })
          .onConflictDoNothing()
          .returning();
        if (inserted) await teamHistory(tx, 'team.crm_connected', actor, inserted);
        return inserted;
      });
      if (!row) throw new AppError('crm.already_connected');
      return toConnection(row);
    },

    /** Disconnects: the refresh token is revoked at the vendor (best effort), the connection and its log removed. */
    async disconnect(actor: Actor, id: string): Promise<void> {
      const row = await own(actor, id);
      try {
        await oauth.revoke(row.provider, box.open(row.refreshTokenSealed));
      } catch (error) {
        log.warn({ connection: id, error: error instanceof Error ? error.message : String(error) }, 'a CRM refused to revoke a token');
      }
      await db.transaction(async (tx) => {
        await tx.delete(crmConnections).where(eq(crmConnections.id, id));
        await teamHistory(tx, 'team.crm_disconnected', actor, row);
      });
    },

    /** The connection's latest leads, newest first. */
    async syncs(actor: Actor, id: string): Promise<CrmSync[]> {
      await own(actor, id);
      return syncLog(db, id);
    },

    /** The mailbox's links (the `crmLinks` hook). */
    links: (messageIds: string[]) => crmLinks(db, messageIds),
  };
}

const isNullTeam = () => isNull(crmConnections.teamId);

export type CrmService = ReturnType<typeof createCrmService>;
