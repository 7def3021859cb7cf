import { and, asc, eq, like, sql } from 'drizzle-orm';
import type { TeamRole } from '@enlaza/contracts';
import type { Database, Transaction } from '../../db/client.js';
import { lastSeenSql, userPiece } from '../account/index.js';
import { teamAliasRedirects, teamCards, teamMembers, teams, teamTemplates } from './schema.js';

export type TeamRow = typeof teams.$inferSelect;
export type TeamValues = Pick<TeamRow, 'name' | 'alias' | 'logoFileId' | 'coverFileId' | 'color' | 'address' | 'website'>;
export type MemberRow = typeof teamMembers.$inferSelect;
/** The actor's place in their team: the team, their role and their own membership row. */
export type Membership = { team: TeamRow; member: MemberRow };

/** Teams' aliases, current and old: they share the users' namespace (`/link/{alias}`). */
function teamAliasQueries(db: Database) {
  return {
    /** Whether a team holds `alias`, current or old. */
    async aliasTaken(alias: string): Promise<boolean> {
      const [current] = await db.select({ id: teams.id }).from(teams).where(eq(teams.alias, alias));
      if (current) return true;
      const [old] = await db.select({ id: teamAliasRedirects.teamId }).from(teamAliasRedirects).where(eq(teamAliasRedirects.alias, alias));
      return Boolean(old);
    },

    /** The team that holds `alias` as an old alias, if any. */
    async oldAliasTeam(alias: string): Promise<string | undefined> {
      const [old] = await db.select({ id: teamAliasRedirects.teamId }).from(teamAliasRedirects).where(eq(teamAliasRedirects.alias, alias));
      return old?.id;
    },

    /** Teams' aliases (current and old) starting with `prefix`, bounded (alias suggestions). */
    async aliasesStartingWith(prefix: string): Promise<Set<string>> {
      const pattern = `${prefix.replace(/[%_\\]/g, '\\$&')}%`;
      const [current, old] = await Promise.all([
        db.select({ alias: teams.alias }).from(teams).where(like(teams.alias, pattern)).limit(1000),
        db.select({ alias: teamAliasRedirects.alias }).from(teamAliasRedirects).where(like(teamAliasRedirects.alias, pattern)).limit(1000),
      ]);
      return new Set([...current, ...old].map((r) => r.alias));
    },

    /** The team of an alias, current or old (`current` false: it redirects). */
    async teamOfAlias(alias: string): Promise<{ team: TeamRow; current: boolean } | undefined> {
      const [current] = await db.select().from(teams).where(eq(teams.alias, alias));
      if (current) return { team: current, current: true };
      const [old] = await db
        .select({ team: teams })
        .from(teamAliasRedirects)
        .innerJoin(teams, eq(teams.id, teamAliasRedirects.teamId))
        .where(eq(teamAliasRedirects.alias, alias));
      return old ? { team: old.team, current: false } : undefined;
    },
  };
}

/** Teams, their aliases and their members. */
export function createTeamsRepository(db: Database) {
  return {
    ...teamAliasQueries(db),
    db,
    transaction: <T>(work: (tx: Transaction) => Promise<T>): Promise<T> => db.transaction(work),

    /** The user's active membership, or undefined when they are in no team. */
    async membershipOf(userId: string, tx: Database | Transaction = db): Promise<Membership | undefined> {
      const [row] = await tx
        .select({ team: teams, member: teamMembers })
        .from(teamMembers)
        .innerJoin(teams, eq(teams.id, teamMembers.teamId))
        .where(and(eq(teamMembers.userId, userId), eq(teamMembers.status, 'active')));
      return row;
    },

    /** A new team with its owner and its template (from the team's own fields). */
    async insertTeam(tx: Transaction, values: TeamValues, ownerId: string): Promise<TeamRow> {
      const [team] = await tx
        .insert(teams)
        .values({ ...values, createdBy: ownerId })
        .returning();
      if (!team) throw new Error('team insert returned nothing');
      await tx.insert(teamTemplates).values({
        teamId: team.id,
        company: values.name,
        logoFileId: values.logoFileId,
        coverFileId: values.coverFileId,
        address: values.address,
        website: values.website,
        theme: { color: values.color, layout: 'classic' },
      });
      return team;
    },

    /** The team's fields; an alias it leaves keeps redirecting (and one it takes back stops). */
    async updateTeam(tx: Transaction, team: TeamRow, values: TeamValues): Promise<TeamRow> {
      if (values.alias !== team.alias) {
        await tx.delete(teamAliasRedirects).where(and(eq(teamAliasRedirects.alias, values.alias), eq(teamAliasRedirects.teamId, team.id)));
        await tx.insert(teamAliasRedirects).values({ alias: team.alias, teamId: team.id }).onConflictDoNothing();
      }
      const [row] = await tx
        .update(teams)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(teams.id, team.id))
        .returning();
      return row ?? team;
    },

    async setDirectory(teamId: string, enabled: boolean): Promise<void> {
      await db
        .update(teams)
        .set({ directoryEnabled: enabled, updatedAt: sql`now()` })
        .where(eq(teams.id, teamId));
    },

    /** Deletes the team (its members, invitations, template and card rows go with it; its cards become their holders'). */
    async deleteTeam(tx: Transaction, teamId: string): Promise<void> {
      await tx.delete(teams).where(eq(teams.id, teamId));
    },

    /** The team's members (active, removed or all) with their account's name and email, card and last activity. */
    async members(teamId: string, status: 'active' | 'removed' | 'all') {
      const person = userPiece('person');
      return db
        .select({
          member: teamMembers,
          name: person.name,
          email: person.email,
          lastSeenAt: lastSeenSql(teamMembers.userId),
          cardId: teamCards.profileId,
          cardStatus: teamCards.status,
        })
        .from(teamMembers)
        .innerJoin(person, eq(person.id, teamMembers.userId))
        .leftJoin(
          teamCards,
          and(eq(teamCards.memberUserId, teamMembers.userId), eq(teamCards.teamId, teamId), eq(teamCards.status, 'assigned')),
        )
        .where(and(eq(teamMembers.teamId, teamId), status === 'all' ? undefined : eq(teamMembers.status, status)))
        .orderBy(asc(teamMembers.joinedAt), asc(teamMembers.userId));
    },

    /** Whether an active member of the team has this account email. */
    async activeMemberWithEmail(teamId: string, email: string): Promise<boolean> {
      const person = userPiece('person');
      const [row] = await db
        .select({ userId: teamMembers.userId })
        .from(teamMembers)
        .innerJoin(person, eq(person.id, teamMembers.userId))
        .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.status, 'active'), eq(person.email, email)));
      return Boolean(row);
    },

    async member(teamId: string, userId: string, tx: Database | Transaction = db): Promise<MemberRow | undefined> {
      const [row] = await tx
        .select()
        .from(teamMembers)
        .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
      return row;
    },

    /** Joins (or joins again) a team; the one-team index refuses a user already active in another. */
    async joinTeam(
      tx: Transaction,
      values: { teamId: string; userId: string; role: TeamRole; jobTitle: string | null; phone: string | null },
    ): Promise<void> {
      await tx
        .insert(teamMembers)
        .values({ ...values, status: 'active' })
        .onConflictDoUpdate({
          target: [teamMembers.teamId, teamMembers.userId],
          set: {
            role: values.role,
            jobTitle: values.jobTitle,
            phone: values.phone,
            status: 'active',
            joinedAt: sql`now()`,
            removedAt: null,
          },
        });
    },

    async updateMember(teamId: string, userId: string, patch: Partial<Pick<MemberRow, 'role' | 'jobTitle' | 'phone'>>): Promise<void> {
      await db
        .update(teamMembers)
        .set(patch)
        .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
    },

    async removeMember(tx: Transaction, teamId: string, userId: string): Promise<void> {
      await tx
        .update(teamMembers)
        .set({ status: 'removed', removedAt: sql`now()` })
        .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
    },

    /** The team's active owner (every team has exactly one). */
    async ownerOf(teamId: string, tx: Database | Transaction = db): Promise<string> {
      const [row] = await tx
        .select({ userId: teamMembers.userId })
        .from(teamMembers)
        .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.role, 'owner'), eq(teamMembers.status, 'active')));
      if (!row) throw new Error(`team ${teamId} has no owner`);
      return row.userId;
    },
  };
}

export type TeamsRepository = ReturnType<typeof createTeamsRepository>;
