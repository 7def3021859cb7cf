import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { ApiTokenScope } from '@enlaza/contracts';
import type { Database } from '../../db/client.js';
import { ownedRowsAccess } from '../../platform/access-sql.js';
import { apiTokens, users } from './schema.js';

/** The access provider of kind `api_token`: the signed-in user's own personal access tokens (registered by the auth module). */
export const apiTokenAccess = (db: Database) => ownedRowsAccess('api_token', db, apiTokens);

/** Personal access tokens: the account tables they live in, read and written for the auth module. */
export function createApiTokensRepository(db: Database) {
  // Runs on every token request the cache does not answer.
  const liveToken = db
    .select({
      tokenId: apiTokens.id,
      scopes: apiTokens.scopes,
      expiresAt: apiTokens.expiresAt,
      lastUsedAt: apiTokens.lastUsedAt,
      user: users,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.tokenHash, sql.placeholder('tokenHash')))
    .prepare('find_api_token');

  return {
    /** The token of a hash with its user, expired or not (the caller decides). */
    async findToken(tokenHash: string) {
      const [row] = await liveToken.execute({ tokenHash });
      return row;
    },

    /** Inserts a token unless the user already holds `max`: the user's row is locked, so parallel creations count one another. */
    async insertToken(
      userId: string,
      values: { name: string; tokenHash: string; scopes: ApiTokenScope[]; expiresAt: Date | null },
      max: number,
    ) {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        const [held] = await tx.select({ n: count() }).from(apiTokens).where(eq(apiTokens.userId, userId));
        if ((held?.n ?? 0) >= max) return null;
        const [row] = await tx
          .insert(apiTokens)
          .values({ userId, ...values })
          .returning();
        return row ?? null;
      });
    },

    async touchToken(tokenId: string): Promise<void> {
      await db
        .update(apiTokens)
        .set({ lastUsedAt: sql`now()` })
        .where(eq(apiTokens.id, tokenId));
    },

    /** A user's tokens, newest first. */
    async listTokensOfUser(userId: string) {
      return db.select().from(apiTokens).where(eq(apiTokens.userId, userId)).orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
    },

    /** Revokes every token of this user (a password reset that asks for it): how many. */
    async deleteTokensOfUser(userId: string): Promise<number> {
      return (await db.delete(apiTokens).where(eq(apiTokens.userId, userId)).returning({ id: apiTokens.id })).length;
    },

    /** Revokes one token of this user: its name, or null when it is not theirs or no longer exists. */
    async deleteTokenOfUser(userId: string, tokenId: string): Promise<{ name: string } | null> {
      const [row] = await db
        .delete(apiTokens)
        .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.userId, userId)))
        .returning({ name: apiTokens.name });
      return row ?? null;
    },
  };
}

export type ApiTokensRepository = ReturnType<typeof createApiTokensRepository>;
