import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { ownedRowsAccess } from '../../platform/access-sql.js';
import { sessions, users, type UserRow } from './schema.js';

/** The access provider of kind `session`: the signed-in user's own sessions (registered by the auth module). */
export const sessionAccess = (db: Database) => ownedRowsAccess('session', db, sessions);

/** Sign-in's reads and writes of the account tables: users by email, and sessions. */
export function createSessionsRepository(db: Database) {
  // Runs on every authenticated request: a named prepared statement skips parsing and planning.
  const liveSession = db
    .select({ sessionId: sessions.id, lastUsedAt: sessions.lastUsedAt, createdAt: sessions.createdAt, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.lastUsedAt, sql.placeholder('usedAfter')),
        gt(sessions.createdAt, sql.placeholder('createdAfter')),
      ),
    )
    .prepare('find_live_session');

  return {
    async findUserByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email));
      return row;
    },

    /** The account a second sign-in step (two-factor challenge) belongs to. */
    async findUserById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },

    async insertSession(userId: string, tokenHash: string, userAgent: string | null, tx: Database | Transaction = db): Promise<void> {
      await tx.insert(sessions).values({ userId, tokenHash, userAgent });
    },

    transaction: <T>(work: (tx: Transaction) => Promise<T>) => db.transaction(work),

    /** The session of a token hash, if used within the idle window and started within its lifetime, with its user. One query. */
    async findLiveSession(tokenHash: string, live: { usedAfter: Date; createdAfter: Date }) {
      const [row] = await liveSession.execute({
        tokenHash,
        usedAfter: live.usedAfter.toISOString(),
        createdAfter: live.createdAfter.toISOString(),
      });
      return row;
    },

    async touchSession(sessionId: string): Promise<void> {
      await db
        .update(sessions)
        .set({ lastUsedAt: sql`now()` })
        .where(eq(sessions.id, sessionId));
    },

    /** Records a fresh proof of the owner on this session only (never another session, never a token). */
    async stampReauthenticated(sessionId: string, at: Date): Promise<void> {
      await db.update(sessions).set({ reauthenticatedAt: at }).where(eq(sessions.id, sessionId));
    },

    /** When the session last gave a fresh proof (read on each sensitive request: a few a day, never cached). */
    async reauthenticatedAt(sessionId: string): Promise<Date | null> {
      const [row] = await db.select({ at: sessions.reauthenticatedAt }).from(sessions).where(eq(sessions.id, sessionId));
      return row?.at ?? null;
    },

    async deleteSession(sessionId: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, sessionId));
    },

    async deleteSessionsOfUser(userId: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.userId, userId));
    },

    /** A user's live sessions (used within the idle window, started within their lifetime), most recently used first (Opciones lists them). */
    async listSessionsOfUser(userId: string, live: { usedAfter: Date; createdAfter: Date }) {
      return db
        .select({ id: sessions.id, userAgent: sessions.userAgent, createdAt: sessions.createdAt, lastUsedAt: sessions.lastUsedAt })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), gt(sessions.lastUsedAt, live.usedAfter), gt(sessions.createdAt, live.createdAfter)))
        .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
    },

    /** Ends one session of this user; false when it is not theirs or no longer exists. */
    async deleteSessionOfUser(userId: string, sessionId: string): Promise<boolean> {
      const rows = await db
        .delete(sessions)
        .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
        .returning({ id: sessions.id });
      return rows.length > 0;
    },

    /** Ends every session of this user but one; returns how many ended. */
    async deleteOtherSessions(userId: string, keepSessionId: string): Promise<number> {
      const rows = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
        .returning({ id: sessions.id });
      return rows.length;
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
