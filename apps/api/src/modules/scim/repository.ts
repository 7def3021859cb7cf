import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { scimCalls, scimGroupMembers, scimGroups, scimSettings, scimTokens, scimUsers, type ScimUserAttributes } from './schema.js';

export type ScimTokenRow = typeof scimTokens.$inferSelect;
export type ScimUserRow = typeof scimUsers.$inferSelect;
export type ScimGroupRow = typeof scimGroups.$inferSelect;
type Db = Database | Transaction;

const KEPT_CALLS = 50;

/** The SCIM module's own tables: tokens, the deactivation choice, the provider's attributes of members, groups and the last calls. */
export function createScimRepository(db: Database) {
  return {
    transaction: <T>(work: (tx: Transaction) => Promise<T>) => db.transaction(work),

    tokens: (teamId: string) => db.select().from(scimTokens).where(eq(scimTokens.teamId, teamId)).orderBy(desc(scimTokens.createdAt)),

    async liveTokenCount(teamId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(scimTokens)
        .where(and(eq(scimTokens.teamId, teamId), isNull(scimTokens.revokedAt)));
      return row?.n ?? 0;
    },

    async insertToken(values: { teamId: string; name: string; tokenHash: string; createdBy: string }, tx: Db = db): Promise<ScimTokenRow> {
      const [row] = await tx.insert(scimTokens).values(values).returning();
      return row!;
    },

    /** A live token by its hash (a revoked one is no token). */
    async liveToken(tokenHash: string): Promise<ScimTokenRow | undefined> {
      const [row] = await db
        .select()
        .from(scimTokens)
        .where(and(eq(scimTokens.tokenHash, tokenHash), isNull(scimTokens.revokedAt)));
      return row;
    },

    async revokeToken(teamId: string, id: string, tx: Db = db): Promise<ScimTokenRow | undefined> {
      const [row] = await tx
        .update(scimTokens)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(scimTokens.teamId, teamId), eq(scimTokens.id, id), isNull(scimTokens.revokedAt)))
        .returning();
      return row;
    },

    touchToken: (id: string) =>
      db
        .update(scimTokens)
        .set({ lastUsedAt: sql`now()` })
        .where(eq(scimTokens.id, id)),

    async cardOnDeactivation(teamId: string): Promise<'keep' | 'retire'> {
      const [row] = await db.select().from(scimSettings).where(eq(scimSettings.teamId, teamId));
      return row?.cardOnDeactivation ?? 'keep';
    },

    setCardOnDeactivation: (teamId: string, card: 'keep' | 'retire', tx: Db = db) =>
      tx
        .insert(scimSettings)
        .values({ teamId, cardOnDeactivation: card })
        .onConflictDoUpdate({ target: scimSettings.teamId, set: { cardOnDeactivation: card, updatedAt: sql`now()` } }),

    users: (teamId: string) => db.select().from(scimUsers).where(eq(scimUsers.teamId, teamId)),

    async user(teamId: string, userId: string, tx: Db = db): Promise<ScimUserRow | undefined> {
      const [row] = await tx
        .select()
        .from(scimUsers)
        .where(and(eq(scimUsers.teamId, teamId), eq(scimUsers.userId, userId)));
      return row;
    },

    async userByExternalId(teamId: string, externalId: string): Promise<ScimUserRow | undefined> {
      const [row] = await db
        .select()
        .from(scimUsers)
        .where(and(eq(scimUsers.teamId, teamId), eq(scimUsers.externalId, externalId)));
      return row;
    },

    /** Writes what the provider says of a member, bumping its version. */
    saveUser: (tx: Db, values: { teamId: string; userId: string; externalId: string | null; attributes: ScimUserAttributes }) =>
      tx
        .insert(scimUsers)
        .values(values)
        .onConflictDoUpdate({
          target: [scimUsers.teamId, scimUsers.userId],
          set: {
            externalId: values.externalId,
            attributes: values.attributes,
            version: sql`${scimUsers.version} + 1`,
            updatedAt: sql`now()`,
          },
        }),

    /** SCIM forgets a member it deleted (their team row stays `removed`, as after a manual removal). */
    forgetUser: (teamId: string, userId: string) =>
      db.delete(scimUsers).where(and(eq(scimUsers.teamId, teamId), eq(scimUsers.userId, userId))),

    /** A member leaving the team leaves its groups. */
    leaveGroups: (tx: Db, teamId: string, userId: string) =>
      tx
        .delete(scimGroupMembers)
        .where(
          and(
            eq(scimGroupMembers.userId, userId),
            inArray(scimGroupMembers.groupId, db.select({ id: scimGroups.id }).from(scimGroups).where(eq(scimGroups.teamId, teamId))),
          ),
        ),

    groups: (teamId: string) =>
      db.select().from(scimGroups).where(eq(scimGroups.teamId, teamId)).orderBy(scimGroups.createdAt, scimGroups.id),

    async group(teamId: string, id: string, tx: Db = db): Promise<ScimGroupRow | undefined> {
      const [row] = await tx
        .select()
        .from(scimGroups)
        .where(and(eq(scimGroups.teamId, teamId), eq(scimGroups.id, id)));
      return row;
    },

    async groupNamed(teamId: string, displayName: string, tx: Db = db): Promise<ScimGroupRow | undefined> {
      const [row] = await tx
        .select()
        .from(scimGroups)
        .where(and(eq(scimGroups.teamId, teamId), sql`lower(${scimGroups.displayName}) = lower(${displayName})`));
      return row;
    },

    /** Every group's members of the team, as group id → user ids. */
    async memberships(teamId: string, tx: Db = db): Promise<Map<string, string[]>> {
      const rows = await tx
        .select({ groupId: scimGroupMembers.groupId, userId: scimGroupMembers.userId })
        .from(scimGroupMembers)
        .innerJoin(scimGroups, eq(scimGroups.id, scimGroupMembers.groupId))
        .where(eq(scimGroups.teamId, teamId));
      const byGroup = new Map<string, string[]>();
      for (const row of rows) byGroup.set(row.groupId, [...(byGroup.get(row.groupId) ?? []), row.userId]);
      return byGroup;
    },

    async insertGroup(tx: Db, values: { teamId: string; displayName: string; externalId: string | null }): Promise<ScimGroupRow> {
      const [row] = await tx.insert(scimGroups).values(values).returning();
      return row!;
    },

    updateGroup: (tx: Db, id: string, values: { displayName: string; externalId: string | null }) =>
      tx
        .update(scimGroups)
        .set({ ...values, version: sql`${scimGroups.version} + 1`, updatedAt: sql`now()` })
        .where(eq(scimGroups.id, id)),

    async setGroupMembers(tx: Db, groupId: string, userIds: string[]): Promise<void> {
      await tx.delete(scimGroupMembers).where(eq(scimGroupMembers.groupId, groupId));
      if (userIds.length > 0) await tx.insert(scimGroupMembers).values(userIds.map((userId) => ({ groupId, userId })));
    },

    deleteGroup: (tx: Db, id: string) => tx.delete(scimGroups).where(eq(scimGroups.id, id)),

    /** Logs a call and drops the team's calls beyond the last KEPT_CALLS. */
    async logCall(values: { teamId: string; tokenId: string; method: string; path: string; status: number }): Promise<void> {
      await db.insert(scimCalls).values(values);
      const older = db
        .select({ id: scimCalls.id })
        .from(scimCalls)
        .where(eq(scimCalls.teamId, values.teamId))
        .orderBy(desc(scimCalls.at), desc(scimCalls.id))
        .offset(KEPT_CALLS);
      await db.delete(scimCalls).where(inArray(scimCalls.id, older));
    },

    lastCalls: (teamId: string, limit = 20) =>
      db
        .select({ call: scimCalls, tokenName: scimTokens.name })
        .from(scimCalls)
        .leftJoin(scimTokens, eq(scimTokens.id, scimCalls.tokenId))
        .where(eq(scimCalls.teamId, teamId))
        .orderBy(desc(scimCalls.at))
        .limit(limit),
  };
}

export type ScimRepository = ReturnType<typeof createScimRepository>;
