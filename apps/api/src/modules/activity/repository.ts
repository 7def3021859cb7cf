import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { activityEvents } from './schema.js';
import { erasedAccounts, namesOf } from '../account/index.js';

export type NewActivityEvent = typeof activityEvents.$inferInsert;
export type HistoryFilter = { userId?: string | undefined; action?: string | undefined; from?: Date | undefined; to?: Date | undefined };
export type Cursor = { createdAt: string; id: string };

export function createActivityRepository(db: Database) {
  return {
    /** An id given twice (an event delivered again, subscribers.ts) stores one row. */
    /**
     * The row of a delivered event, whose accounts may have been erased since it was published: an
     * actor erased meanwhile is stored as "system" (as erasure does to rows already there); the row
     * of an erased account is not stored (erasure deleted its history, and must not get it back).
     * The accounts stay locked until the row is in, so an erasure running now waits and then deletes
     * it. Returns whether it was stored.
     */
    insertDelivered: (event: NewActivityEvent): Promise<boolean> =>
      db.transaction(async (tx) => {
        const gone = await erasedAccounts(
          tx,
          [event.userId, event.actorId].filter((id): id is string => Boolean(id)),
        );
        if (event.userId && gone.has(event.userId)) return false;
        const row = event.actorId && gone.has(event.actorId) ? { ...event, actorId: null } : event;
        await tx.insert(activityEvents).values(row).onConflictDoNothing({ target: activityEvents.id });
        return true;
      }),

    /** Newest first, keyset-paginated on (created_at, id) so deep pages cost the same as the first. */
    async list(filter: HistoryFilter, cursor: Cursor | null, limit: number) {
      const conditions: (SQL | undefined)[] = [
        filter.userId ? eq(activityEvents.userId, filter.userId) : undefined,
        filter.action ? eq(activityEvents.action, filter.action) : undefined,
        filter.from ? gte(activityEvents.createdAt, filter.from) : undefined,
        filter.to ? lt(activityEvents.createdAt, filter.to) : undefined,
        // Compared as timestamptz text from the previous page, keeping its microseconds.
        cursor
          ? sql`(${activityEvents.createdAt}, ${activityEvents.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
          : undefined,
      ];
      const rows = await db
        .select({ event: activityEvents, createdAtText: sql<string>`${activityEvents.createdAt}::text` })
        .from(activityEvents)
        .where(and(...conditions))
        .orderBy(desc(activityEvents.createdAt), desc(activityEvents.id))
        .limit(limit + 1);
      // The people named on the page, from the accounts module in one query.
      const names = await namesOf(
        db,
        rows.flatMap((r) => [r.event.userId, r.event.actorId].filter((id): id is string => id !== null)),
      );
      return rows.map((r) => {
        const user = r.event.userId ? names.get(r.event.userId) : undefined;
        const actor = r.event.actorId ? names.get(r.event.actorId) : undefined;
        return {
          ...r,
          userName: user?.name ?? null,
          userEmail: user?.email ?? null,
          actorName: actor?.name ?? null,
          actorEmail: actor?.email ?? null,
        };
      });
    },
  };
}

export type ActivityRepository = ReturnType<typeof createActivityRepository>;
