import { and, count, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { TeamRole } from '@enlaza/contracts';
import type { Database, Transaction } from '../../db/client.js';
import { queryPieces } from '../../platform/query-pieces.js';
import { teamAliasRedirects, teamMembers, teams } from './schema.js';

// Teams for other modules' own statements (the public page's hot path, the admin's user list):
// correlated subqueries on indexed keys, the teams tables known here only.

/**
 * A team's name or alias by its id, for a card's team in the caller's select list (a team card's
 * address is `/link/{alias}/{cardId}`): a correlated scalar subquery on the primary key, null for no
 * team. `teamId` is the caller's column, qualified.
 */
export function teamFieldSql(teamId: AnyColumn | SQL, field: 'name' | 'alias'): SQL<string | null> {
  return sql<string | null>`(select t.${sql.identifier(field)} from ${teams} t where t.id = ${teamId})`;
}

/** A user's team (as an active member) and role as one JSON value, null for none, for the caller's select list (`userId` qualified). */
export function userTeamSql(userId: AnyColumn | SQL): SQL<{ id: string; name: string; alias: string; role: TeamRole } | null> {
  return sql`(select json_build_object('id', t.id, 'name', t.name, 'alias', t.alias, 'role', m.role)
    from ${teamMembers} m join ${teams} t on t.id = m.team_id where m.user_id = ${userId} and m.status = 'active')`;
}

/** Whether a user is an active member of a team (`owner`: owns one), for the caller's filter. */
export function inTeamSql(userId: AnyColumn | SQL, ownerOnly = false): SQL {
  return sql`exists (select 1 from ${teamMembers} m where m.user_id = ${userId} and m.status = 'active'${ownerOnly ? sql` and m.role = 'owner'` : sql``})`;
}

/** Each user's active membership: their team (id, name, alias) and role (billing counts a team's seats from it). */
export const teamMembershipPiece = (alias = 'team_membership') =>
  queryPieces
    .select({ userId: teamMembers.userId, teamId: teams.id, teamName: teams.name, teamAlias: teams.alias, role: teamMembers.role })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.status, 'active'))
    .as(alias);

/** Whether `alias` is one of this team's old aliases (they redirect to the current one). */
export async function isOldTeamAlias(db: Database | Transaction, alias: string, teamId: string): Promise<boolean> {
  const [row] = await db
    .select({ alias: teamAliasRedirects.alias })
    .from(teamAliasRedirects)
    .where(and(eq(teamAliasRedirects.alias, alias), eq(teamAliasRedirects.teamId, teamId)));
  return Boolean(row);
}

/** A team's active members, counted (billing's seats). */
export async function activeMemberCount(db: Database | Transaction, teamId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.status, 'active')));
  return row?.n ?? 0;
}

/** The team this user owns, with its active members counted; null when they own none. */
export async function teamOfOwner(db: Database | Transaction, userId: string): Promise<{ teamId: string; activeMembers: number } | null> {
  const [row] = await db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(and(eq(teamMembers.userId, userId), eq(teamMembers.role, 'owner'), eq(teamMembers.status, 'active')));
  return row ? { teamId: row.teamId, activeMembers: await activeMemberCount(db, row.teamId) } : null;
}
