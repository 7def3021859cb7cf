import { and, eq, inArray } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { uuidsOf, type AccessKind, type AccessProvider } from '../../platform/access.js';
import { teamCards, teamInvitations, teamMembers } from './schema.js';

/**
 * The team kinds of `requireAccess`: records of the team the actor is an active member of. Another
 * team's id (or a missing one) is 404, whatever the actor's role in their own team.
 */
export function createTeamsAccess(db: Database): AccessProvider[] {
  const actorTeam = (actorId: string) =>
    db
      .select({ teamId: teamMembers.teamId })
      .from(teamMembers)
      .where(and(eq(teamMembers.userId, actorId), eq(teamMembers.status, 'active')));

  const provider = (kind: AccessKind, table: PgTable, id: AnyPgColumn, teamId: AnyPgColumn): AccessProvider => ({
    kind,
    async accessible(actorId, ids) {
      const valid = uuidsOf(ids);
      if (valid.length === 0) return new Set();
      const rows = await db
        .select({ id })
        .from(table)
        .where(and(inArray(id, valid), inArray(teamId, actorTeam(actorId))));
      return new Set(rows.map((row) => row.id as string));
    },
  });

  return [
    provider('team', teamMembers, teamMembers.teamId, teamMembers.teamId),
    provider('team_member', teamMembers, teamMembers.userId, teamMembers.teamId),
    provider('team_invitation', teamInvitations, teamInvitations.id, teamInvitations.teamId),
    provider('team_card', teamCards, teamCards.profileId, teamCards.teamId),
  ];
}
