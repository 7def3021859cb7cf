import type { HistoryAction, Team, TeamRole } from '@enlaza/contracts';
import type { Transaction } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { Actor } from '../../platform/actor.js';
import type { RequireAccess } from '../../platform/access.js';
import type { EventBus } from '../../platform/events.js';
import { activeMemberCount } from './query-pieces.js';
import type { Membership, TeamRow, TeamsRepository } from './repository.js';

/** Who may do what: `member` reads, `manager` (owner or admin) runs the team, `owner` alone changes or deletes it. */
export type Need = 'member' | 'manager' | 'owner';
const ROLES_OF: Record<Need, readonly TeamRole[]> = { member: ['owner', 'admin', 'member'], manager: ['owner', 'admin'], owner: ['owner'] };

export const toTeam = (team: TeamRow, activeMembers: number): Team => ({
  id: team.id,
  name: team.name,
  alias: team.alias,
  logoFileId: team.logoFileId,
  coverFileId: team.coverFileId,
  color: team.color,
  address: team.address,
  website: team.website,
  directoryEnabled: team.directoryEnabled,
  directoryPath: `/link/${team.alias}`,
  activeMembers,
  createdAt: team.createdAt.toISOString(),
  updatedAt: team.updatedAt.toISOString(),
});

/** A team card's public address: the team's alias, whoever holds the card. */
export const cardPath = (teamAlias: string, profileId: string) => `/link/${teamAlias}/${profileId}`;

type TeamAction = Extract<HistoryAction, `team.${string}`>;

/** What every team service stands on: the actor's team and role, the history and the seat count's event. */
export function createTeamContext(deps: { repo: TeamsRepository; requireAccess: RequireAccess; events: Pick<EventBus, 'publish'> }) {
  const { repo, requireAccess, events } = deps;
  return {
    /** The actor's team, when their role there allows `need` (403 `team.role_required` otherwise; 404 `team.none` with no team). */
    async teamOf(actor: Actor, need: Need): Promise<Membership> {
      const membership = await repo.membershipOf(actor.id);
      if (!membership) throw new AppError('team.none');
      await requireAccess(actor, 'team', membership.team.id);
      if (!ROLES_OF[need].includes(membership.member.role)) throw new AppError('team.role_required');
      return membership;
    },

    /**
     * A team admin's action, in the history with before and after (in `tx` when given: it happens only if the write commits).
     * A change no person made (an identity provider's, through SCIM) has `actor: null` and says `via` whom in `after`; it is in `userId`'s history (the owner's).
     */
    record(
      action: TeamAction,
      fact:
        | { actor: Actor | string; userId?: string; target: { type: string; id: string }; before?: object; after?: object }
        | { actor: null; userId: string; target: { type: string; id: string }; before?: object; after?: object },
      tx?: Transaction,
    ): Promise<void> {
      const actorId = fact.actor === null ? null : typeof fact.actor === 'string' ? fact.actor : fact.actor.id;
      return events.publish(
        action,
        {
          userId: fact.userId ?? actorId,
          actorId,
          target: fact.target,
          before: { ...fact.before },
          after: { ...fact.after },
        },
        tx,
      );
    },

    /** The team's active members after a join or a removal, told in that transaction (billing counts seats from it). */
    async membersChanged(tx: Transaction, teamId: string, ownerId: string, gone = false): Promise<void> {
      const activeMembers = gone ? 0 : await activeMemberCount(tx, teamId);
      await events.publish('team.members_changed', { teamId, ownerId, activeMembers }, tx);
    },
  };
}

export type TeamContext = ReturnType<typeof createTeamContext>;
