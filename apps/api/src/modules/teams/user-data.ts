import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { iso, type UserDataProvider } from '../../platform/user-data-registry.js';
import { handOverCards } from './hand-over.js';
import type { TeamCardsRepository } from './cards-repository.js';
import type { TeamContext } from './context.js';
import { activeMemberCount } from './query-pieces.js';
import type { TeamsRepository } from './repository.js';
import { teamMembers, teams } from './schema.js';

/**
 * The user's memberships. Erasing an account runs before the cards' section: a member's team card
 * goes to the team's owner (unassigned: the team keeps it, its link and its messages); an owner whose
 * team has other active members is refused (409), one alone in it deletes the team.
 */
export function createTeamsUserData(
  db: Database,
  deps: { repo: TeamsRepository; cards: TeamCardsRepository; context: TeamContext },
): UserDataProvider<'team'> {
  const { repo, cards, context } = deps;
  return {
    section: 'team',
    async export(userId) {
      const rows = await db
        .select({ member: teamMembers, teamName: teams.name })
        .from(teamMembers)
        .innerJoin(teams, eq(teams.id, teamMembers.teamId))
        .where(eq(teamMembers.userId, userId))
        .orderBy(teamMembers.joinedAt);
      return {
        memberships: rows.map(({ member: m, teamName }) => ({
          teamId: m.teamId,
          teamName,
          role: m.role,
          status: m.status,
          jobTitle: m.jobTitle,
          phone: m.phone,
          joinedAt: m.joinedAt.toISOString(),
          removedAt: iso(m.removedAt),
        })),
      };
    },
    async erase(userId, tx) {
      const membership = await repo.membershipOf(userId, tx);
      if (membership?.member.role === 'owner') {
        if ((await activeMemberCount(tx, membership.team.id)) > 1) throw new AppError('team.owner_has_members');
        await repo.deleteTeam(tx, membership.team.id);
        await context.membersChanged(tx, membership.team.id, userId, true);
      } else if (membership) {
        const teamId = membership.team.id;
        const ownerId = await repo.ownerOf(teamId, tx);
        const held = (await cards.assignedCardsOf(tx, userId)).map((card) => card.profileId);
        await handOverCards(tx, cards, { teamId, profileIds: held, holderId: ownerId, status: 'unassigned' });
        await repo.removeMember(tx, teamId, userId);
        await context.membersChanged(tx, teamId, ownerId);
      }
      await tx.delete(teamMembers).where(eq(teamMembers.userId, userId));
    },
  };
}
