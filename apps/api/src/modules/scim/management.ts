import {
  SCIM_TOKEN_PREFIX,
  SCIM_TOKENS_PER_TEAM,
  type CreatedScimToken,
  type ScimCardChoice,
  type ScimOverview,
  type ScimToken,
} from '@enlaza/contracts';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import type { Actor } from '../../platform/actor.js';
import type { RequireAccess } from '../../platform/access.js';
import type { Services } from '../../platform/modules.js';
import type { ScimRepository, ScimTokenRow } from './repository.js';

type TeamsService = Services['teams'];

const toToken = (row: ScimTokenRow, names: Map<string, string>): ScimToken => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
  createdBy: row.createdBy ? (names.get(row.createdBy) ?? null) : null,
});

/**
 * The team's SCIM settings (`/api/team/scim`): the owner and admins see them; the owner alone makes
 * and revokes tokens (a token is made with a fresh proof and emailed about, lib/auth.ts) and picks
 * what deactivation does with a card. Another team's token is 404.
 */
export function createScimManagement(deps: { repo: ScimRepository; teams: TeamsService; requireAccess: RequireAccess; publicUrl: string }) {
  const { repo, teams, requireAccess } = deps;
  const baseUrl = `${deps.publicUrl.replace(/\/$/, '')}/scim/v2`;

  async function names(teamId: string): Promise<Map<string, string>> {
    const members = await teams.repo.members(teamId, 'all');
    return new Map(members.map((m) => [m.member.userId, m.name]));
  }

  return {
    baseUrl,

    async overview(actor: Actor): Promise<ScimOverview> {
      const { team, member } = await teams.context.teamOf(actor, 'manager');
      const [tokens, calls, card, users, groups, people] = await Promise.all([
        repo.tokens(team.id),
        repo.lastCalls(team.id),
        repo.cardOnDeactivation(team.id),
        repo.users(team.id),
        repo.groups(team.id),
        names(team.id),
      ]);
      return {
        role: member.role === 'owner' ? 'owner' : 'admin',
        baseUrl,
        cardOnDeactivation: card,
        tokens: tokens.map((t) => toToken(t, people)),
        calls: calls.map(({ call, tokenName }) => ({
          method: call.method,
          path: call.path,
          status: call.status,
          at: call.at.toISOString(),
          tokenName,
        })),
        users: users.length,
        groups: groups.length,
      };
    },

    /** A new token: its secret is in this answer only (`enlaza_scim_…`); the team keeps its SHA-256. */
    async createToken(actor: Actor, name: string): Promise<CreatedScimToken> {
      const { team } = await teams.context.teamOf(actor, 'owner');
      if ((await repo.liveTokenCount(team.id)) >= SCIM_TOKENS_PER_TEAM)
        throw new AppError('team.scim_too_many_tokens', { max: SCIM_TOKENS_PER_TEAM });
      const token = `${SCIM_TOKEN_PREFIX}${randomToken()}`;
      const row = await repo.transaction(async (tx) => {
        const inserted = await repo.insertToken({ teamId: team.id, name, tokenHash: sha256(token), createdBy: actor.id }, tx);
        await teams.context.record(
          'team.scim_token_created',
          { actor, target: { type: 'scim_token', id: inserted.id }, after: { name } },
          tx,
        );
        return inserted;
      });
      return { ...toToken(row, await names(team.id)), token };
    },

    /** Revoked at once: the next call with it is 401. */
    async revokeToken(actor: Actor, id: string): Promise<void> {
      const { team } = await teams.context.teamOf(actor, 'manager');
      await requireAccess(actor, 'scim_token', id);
      await teams.context.teamOf(actor, 'owner');
      await repo.transaction(async (tx) => {
        const revoked = await repo.revokeToken(team.id, id, tx);
        if (revoked)
          await teams.context.record(
            'team.scim_token_revoked',
            { actor, target: { type: 'scim_token', id }, before: { name: revoked.name } },
            tx,
          );
      });
    },

    async setCardOnDeactivation(actor: Actor, card: ScimCardChoice): Promise<void> {
      const { team } = await teams.context.teamOf(actor, 'owner');
      const before = await repo.cardOnDeactivation(team.id);
      if (before === card) return;
      await repo.transaction(async (tx) => {
        await repo.setCardOnDeactivation(team.id, card, tx);
        await teams.context.record(
          'team.scim_settings_changed',
          { actor, target: { type: 'team', id: team.id }, before: { cardOnDeactivation: before }, after: { cardOnDeactivation: card } },
          tx,
        );
      });
    },
  };
}

export type ScimManagement = ReturnType<typeof createScimManagement>;
