import { and, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { notificationRecipient } from '../account/index.js';
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
    async insert(
      tx: Transaction,
      userId: string,
      type: string,
      payload: Record<string, unknown>,
      sourceKey: string | undefined,
      createdAt: Date,
    ): Promise<NotificationRow | undefined> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`notifications:${userId}`}))`);
      // A source key already stored means this raise already happened (a retried event): nothing new.
      const [row] = await tx
        .insert(notifications)
        .values({ userId, type, payload, sourceKey, createdAt })
        .onConflictDoNothing()
        .returning();
      if (row) await tx.execute(sql`select pg_notify(${NOTIFICATION_CHANNEL}, ${userId})`);
      return row;
    },

    /** Runs `work` in a transaction unless one is given (the caller's write and the notification commit together). */
    inTransaction<T>(tx: Transaction | undefined, work: (tx: Transaction) => Promise<T>): Promise<T> {
      return tx ? work(tx) : db.transaction((own) => work(own));
    },

    async list(userId: string, before: number | null, limit: number, unreadOnly: boolean): Promise<NotificationRow[]> {
      return db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, userId),
            before ? lt(notifications.id, before) : undefined,
            unreadOnly ? isNull(notifications.readAt) : undefined,
          ),
        )
        .orderBy(desc(notifications.id))
        .limit(limit + 1);
    },

    /**
     * For many users at once (one query per burst of NOTIFYs, whatever the number of streams): each
     * user's notifications after their `afterId`, oldest first (at most `limit` each), and their
     * unread count. A user with nothing new still comes back once, with `row` null.
     */
    async afterMany(
      wanted: { userId: string; afterId: number }[],
      limit: number,
    ): Promise<{ userId: string; unread: number; row: NotificationRow | null }[]> {
      if (!wanted.length) return [];
      const result = await db.execute<{
        user_id: string;
        unread: number;
        id: string | null;
        type: string | null;
        payload: string | null;
        read_ms: string | null;
        created_ms: string | null;
      }>(sql`
        select w.user_id::text as user_id, c.unread, n.id::text as id, n.type, n.payload::text as payload, (extract(epoch from n.read_at) * 1000)::text as read_ms,
               (extract(epoch from n.created_at) * 1000)::text as created_ms
        from unnest(${`{${wanted.map((w) => w.userId).join(',')}}`}::uuid[], ${`{${wanted.map((w) => w.afterId).join(',')}}`}::bigint[]) as w(user_id, after_id)
        cross join lateral (select count(*)::int as unread from (select 1 from notifications u where u.user_id = w.user_id and u.read_at is null limit ${UNREAD_CAP}) x) c
        left join lateral (select * from notifications n where n.user_id = w.user_id and n.id > w.after_id order by n.id limit ${limit}) n on true
        order by w.user_id, n.id`);
      return result.rows.map((r) => ({
        userId: r.user_id,
        unread: Number(r.unread),
        row:
          r.id === null
            ? null
            : {
                id: Number(r.id),
                userId: r.user_id,
                type: r.type ?? '',
                payload: JSON.parse(r.payload ?? '{}') as Record<string, unknown>,
                readAt: r.read_ms === null ? null : new Date(Number(r.read_ms)),
                createdAt: new Date(Number(r.created_ms)),
                sourceKey: null,
              },
      }));
    },

    /** The newest id of a user (where a fresh stream starts), 0 when none. */
    async lastId(userId: string): Promise<number> {
      const [row] = await db
        .select({ id: sql<number>`coalesce(max(${notifications.id}), 0)`.mapWith(Number) })
        .from(notifications)
        .where(eq(notifications.userId, userId));
      return row?.id ?? 0;
    },

    async unreadCount(userId: string): Promise<number> {
      const capped = db
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
        .limit(UNREAD_CAP)
        .as('capped');
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
      const rows = await tx
        .insert(notificationThresholds)
        .values({ userId, key })
        .onConflictDoNothing()
        .returning({ key: notificationThresholds.key });
      return rows.length > 0;
    },

    /** Usage fell back under these thresholds: the next crossing raises them again. */
    async rearmThresholds(userId: string, keys: string[]): Promise<void> {
      if (keys.length)
        await db
          .delete(notificationThresholds)
          .where(and(eq(notificationThresholds.userId, userId), inArray(notificationThresholds.key, keys)));
    },

    /** Who receives a notification's email: address, name, language and the types they chose. */
    async recipient(tx: Transaction, userId: string) {
      // Read in the caller's transaction: on PGlite (one connection) a read outside it would wait for it forever.
      return notificationRecipient(tx, userId);
    },

    /** The user's time zone (Preferences), which the times of their notifications are shown in; null: none set. */
    async timeZoneOf(userId: string): Promise<string | null> {
      return (await notificationRecipient(db, userId))?.timeZone ?? null;
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
