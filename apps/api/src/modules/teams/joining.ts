import type { Locale, TeamRole } from '@enlaza/contracts';
import type { Transaction } from '../../db/client.js';
import type { Actor } from '../../platform/actor.js';
import type { TeamContext } from './context.js';
import type { TeamsRepository } from './repository.js';
import type { createCardIssuer, Person } from './team-service.js';

/** Who lets someone in: the person themselves (an accepted invitation), or an identity provider (`via`, SCIM), recorded in the owner's history. */
export type JoinActor = { actor: Actor } | { actor: null; via: string };

/**
 * Joining a team, the one way for every path (an accepted invitation, SCIM provisioning, single
 * sign-on's first sign-in): membership (or membership again), the member's card from the team's
 * template filled with the person's fields, the seat count's event (billing charges the seat) and
 * `team.member_joined` in the history, all in the caller's transaction.
 */
export function createJoining(deps: { repo: TeamsRepository; context: TeamContext; issueCard: ReturnType<typeof createCardIssuer> }) {
  const { repo, context, issueCard } = deps;
  return async function admit(
    tx: Transaction,
    join: { team: { id: string; name: string }; person: Person; role: Exclude<TeamRole, 'owner'>; locale: Locale } & JoinActor,
  ): Promise<{ cardId: string }> {
    const { team, person, role } = join;
    await repo.joinTeam(tx, { teamId: team.id, userId: person.userId, role, jobTitle: person.jobTitle, phone: person.phone });
    const cardId = await issueCard(tx, team.id, person, join.locale);
    const ownerId = await repo.ownerOf(team.id, tx);
    await context.membersChanged(tx, team.id, ownerId);
    const target = { type: 'team', id: team.id };
    if (join.actor) await context.record('team.member_joined', { actor: join.actor, target, after: { name: team.name, role } }, tx);
    else
      await context.record(
        'team.member_joined',
        { actor: null, userId: ownerId, target: { type: 'user', id: person.userId }, after: { name: person.name, role, via: join.via } },
        tx,
      );
    return { cardId };
  };
}

export type AdmitMember = ReturnType<typeof createJoining>;
