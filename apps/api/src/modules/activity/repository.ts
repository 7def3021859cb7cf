import type { Database } from '../../db/client.js';
import { activityEvents } from '../../db/schema/index.js';

export type NewActivityEvent = typeof activityEvents.$inferInsert;

export function createActivityRepository(db: Database) {
  return {
    async insert(event: NewActivityEvent): Promise<void> {
      await db.insert(activityEvents).values(event);
    },
  };
}

export type ActivityRepository = ReturnType<typeof createActivityRepository>;
