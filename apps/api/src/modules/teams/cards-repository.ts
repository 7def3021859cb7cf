import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { TeamCardStatus } from '@enlaza/contracts';
import type { Database, Transaction } from '../../db/client.js';
import { userNameSql } from '../account/index.js';
import { teamCards } from './schema.js';

export type TeamCardRow = typeof teamCards.$inferSelect;

/** Which of the team's cards is whose, and in which state (the card itself is a row of `profiles`). */
export function createTeamCardsRepository(db: Database) {
  return {
    /** The team's cards with the name of the member each is assigned to. */
    async list(teamId: string) {
      return db
        .select({ card: teamCards, memberName: userNameSql(teamCards.memberUserId) })
        .from(teamCards)
        .where(eq(teamCards.teamId, teamId))
        .orderBy(asc(teamCards.status), asc(teamCards.profileId));
    },

    async find(teamId: string, profileId: string, tx: Database | Transaction = db): Promise<TeamCardRow | undefined> {
      const [row] = await tx
        .select()
        .from(teamCards)
        .where(and(eq(teamCards.teamId, teamId), eq(teamCards.profileId, profileId)));
      return row;
    },

    /** The card assigned to a member of the team (at most one). */
    async assignedTo(teamId: string, userId: string, tx: Database | Transaction = db): Promise<TeamCardRow | undefined> {
      const [row] = await tx
        .select()
        .from(teamCards)
        .where(and(eq(teamCards.teamId, teamId), eq(teamCards.memberUserId, userId), eq(teamCards.status, 'assigned')));
      return row;
    },

    /** Every card a user holds as a member, in any team (the account's erase hands them over). */
    async assignedCardsOf(tx: Transaction, userId: string): Promise<TeamCardRow[]> {
      return tx
        .select()
        .from(teamCards)
        .where(and(eq(teamCards.memberUserId, userId), eq(teamCards.status, 'assigned')));
    },

    async insert(tx: Transaction, values: { profileId: string; teamId: string; memberUserId: string }): Promise<void> {
      await tx.insert(teamCards).values({ ...values, status: 'assigned' });
    },

    async set(tx: Transaction, profileIds: string[], values: { memberUserId: string | null; status: TeamCardStatus }): Promise<void> {
      if (profileIds.length === 0) return;
      await tx
        .update(teamCards)
        .set({ ...values, updatedAt: sql`now()` })
        .where(inArray(teamCards.profileId, profileIds));
    },
  };
}

export type TeamCardsRepository = ReturnType<typeof createTeamCardsRepository>;
