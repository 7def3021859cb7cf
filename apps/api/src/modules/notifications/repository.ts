import { and, count, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { notifications, notificationThresholds } from './schema.js';

export type NotificationRow = typeof notifications.$inferSelect;
/** The channel every API process LISTENs on; the payload is `userId` (something changed for that user). */
export const NOTIFICATION_CHANNEL = 'enlaza_notifications';
/** Unread counts stop at this many (the bell shows "99+" long before). */
const UNREAD_CAP = 1000;

export function createNotificationsRepository(db: Database) {
  return {
    /**
     * Stores one notification and tells every process (NOTIFY is delivered at commit). The per-user
     * transaction lock makes one user's ids commit in increasing order, so a stream resuming after
     * id N never misses a row that got a smaller id but committed later.
     */
    async insert(tx: Database | Transaction, userId: string, type: string, payload: Record<string, unknown>): Promise<NotificationRow> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`notifications:${userId}`}))`);
      const [row] = await tx.insert(notifications).values({ userId, type, payload }).returning();
      if (!row) throw new Error('notification insert returned nothing');
      await tx.execute(sql`select pg_notify(${NOTIFICATION_CHANNEL}, ${userId})`);
      return row;
    },

    /** Runs `work` in a transaction unless one is given (the caller's write and the notification commit together). */
    inTransaction<T>(tx: Transaction | undefined, work: (tx: Database | Transaction) => Promise<T>): Promise<T> {
      return tx ? work(tx) : db.transaction((own) => work(own));
    },

    async list(userId: string, before: number | null, limit: number, unreadOnly: boolean): Promise<NotificationRow[]> {
      return db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), before ? lt(notifications.id, before) : undefined, unreadOnly ? isNull(notifications.readAt) : undefined))
        .orderBy(desc(notifications.id))
        .limit(limit + 1);
    },

    /** Oldest first, for a stream catching up after `afterId`, each with the user's unread count (one query). */
    async after(userId: string, afterId: number, limit: number): Promise<{ row: NotificationRow; unread: number }[]> {
      const unread = sql<number>`(select count(*) from (select 1 from notifications u where u.user_id = ${userId} and u.read_at is null limit ${UNREAD_CAP}) c)`.mapWith(Number);
      return db.select({ row: notifications, unread }).from(notifications).where(and(eq(notifications.userId, userId), gt(notifications.id, afterId))).orderBy(notifications.id).limit(limit);
    },

    /** The newest id of a user (where a fresh stream starts), 0 when none. */
    async lastId(userId: string): Promise<number> {
      const [row] = await db.select({ id: sql<number>`coalesce(max(${notifications.id}), 0)`.mapWith(Number) }).from(notifications).where(eq(notifications.userId, userId));
      return row?.id ?? 0;
    },

    async unreadCount(userId: string): Promise<number> {
      const capped = db.select({ id: notifications.id }).from(notifications).where(and(eq(notifications.userId, userId), isNull(notifications.readAt))).limit(UNREAD_CAP).as('capped');
      const [row] = await db.select({ n: count() }).from(capped);
      return row?.n ?? 0;
    },

    /** Owner-scoped: another user's id matches nothing (undefined → 404). */
    async markRead(userId: string, id: number): Promise<NotificationRow | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(notifications)
          .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
          .where(and(eq(notifications.userId, userId), eq(notifications.id, id)))
          .returning();
        if (row) await tx.execute(sql`select pg_notify(${NOTIFICATION_CHANNEL}, ${userId})`);
        return row;
      });
    },

    async markAllRead(userId: string): Promise<number> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(notifications)
          .set({ readAt: sql`now()` })
          .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
          .returning({ id: notifications.id });
        if (rows.length) await tx.execute(sql`select pg_notify(${NOTIFICATION_CHANNEL}, ${userId})`);
        return rows.length;
      });
    },

    /** Raises a threshold once: true only for the caller that recorded it. */
    async claimThreshold(tx: Database | Transaction, userId: string, key: string): Promise<boolean> {
      const rows = await tx.insert(notificationThresholds).values({ userId, key }).onConflictDoNothing().returning({ key: notificationThresholds.key });
      return rows.length > 0;
    },

    /** Usage fell back under these thresholds: the next crossing raises them again. */
    async rearmThresholds(userId: string, keys: string[]): Promise<void> {
      if (keys.length) await db.delete(notificationThresholds).where(and(eq(notificationThresholds.userId, userId), inArray(notificationThresholds.key, keys)));
    },

    /** Who receives a notification's email: address, name, language and the types they chose. */
    async recipient(userId: string) {
      const [row] = await db
        .select({ email: users.email, name: users.name, locale: users.locale, status: users.status, notificationEmails: users.notificationEmails })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
