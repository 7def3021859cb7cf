import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { sessions, users, type UserRow } from './schema.js';

/** Sign-in's reads and writes of the account tables: users by email, and sessions. */
export function createSessionsRepository(db: Database) {
  // Runs on every authenticated request: a named prepared statement skips parsing and planning.
  const liveSession = db
    .select({ sessionId: sessions.id, lastUsedAt: sessions.lastUsedAt, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.lastUsedAt, sql.placeholder('usedAfter'))))
    .prepare('find_live_session');

  return {
    async findUserByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email));
      return row;
    },

    async insertSession(userId: string, tokenHash: string, userAgent: string | null, tx: Database | Transaction = db): Promise<void> {
      await tx.insert(sessions).values({ userId, tokenHash, userAgent });
    },

    transaction: <T>(work: (tx: Transaction) => Promise<T>) => db.transaction(work),

    /** The session of a token hash, if used within the idle window, with its user. One query. */
    async findLiveSession(tokenHash: string, usedAfter: Date) {
      const [row] = await liveSession.execute({ tokenHash, usedAfter: usedAfter.toISOString() });
      return row;
    },

    async touchSession(sessionId: string): Promise<void> {
      await db
        .update(sessions)
        .set({ lastUsedAt: sql`now()` })
        .where(eq(sessions.id, sessionId));
    },

    async deleteSession(sessionId: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, sessionId));
    },

    async deleteSessionsOfUser(userId: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.userId, userId));
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
