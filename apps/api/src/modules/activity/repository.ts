import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { activityEvents, users } from '../../db/schema/index.js';

export type NewActivityEvent = typeof activityEvents.$inferInsert;
export type HistoryFilter = { userId?: string | undefined; action?: string | undefined; from?: Date | undefined; to?: Date | undefined };
export type Cursor = { createdAt: string; id: string };

export function createActivityRepository(db: Database) {
  const actor = alias(users, 'actor');
  return {
    async insert(event: NewActivityEvent): Promise<void> {
      await db.insert(activityEvents).values(event);
    },

    /** Newest first, keyset-paginated on (created_at, id) so deep pages cost the same as the first. */
    async list(filter: HistoryFilter, cursor: Cursor | null, limit: number) {
      const conditions: (SQL | undefined)[] = [
        filter.userId ? eq(activityEvents.userId, filter.userId) : undefined,
        filter.action ? eq(activityEvents.action, filter.action) : undefined,
        filter.from ? gte(activityEvents.createdAt, filter.from) : undefined,
        filter.to ? lt(activityEvents.createdAt, filter.to) : undefined,
        // Compared as timestamptz text from the previous page, keeping its microseconds.
        cursor ? sql`(${activityEvents.createdAt}, ${activityEvents.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)` : undefined,
      ];
      return db
        .select({ event: activityEvents, userName: users.name, userEmail: users.email, actorName: actor.name, actorEmail: actor.email, createdAtText: sql<string>`${activityEvents.createdAt}::text` })
        .from(activityEvents)
        .leftJoin(users, eq(users.id, activityEvents.userId))
        .leftJoin(actor, eq(actor.id, activityEvents.actorId))
        .where(and(...conditions))
        .orderBy(desc(activityEvents.createdAt), desc(activityEvents.id))
        .limit(limit + 1);
    },
  };
}

export type ActivityRepository = ReturnType<typeof createActivityRepository>;
