import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { AccessProvider } from '../../platform/access.js';
import { notifications } from './schema.js';

const NUMERIC = /^[1-9]\d{0,15}$/;

/** A notification of the owner (`notification`); its id is a number, so anything else names none. */
export function createNotificationsAccess(db: Database): AccessProvider {
  return {
    kind: 'notification',
    async accessible(actorId, ids) {
      const numbers = ids.filter((id) => NUMERIC.test(id)).map(Number);
      if (numbers.length === 0) return new Set();
      const rows = await db
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.userId, actorId), inArray(notifications.id, numbers)));
      return new Set(rows.map((row) => String(row.id)));
    },
  };
}
