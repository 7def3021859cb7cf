import type { ActivityEvent, HistoryQuery } from '@enlaza/contracts';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor.js';
import type { RequestOrigin } from '../../lib/request-context.js';
import type { ActivityRepository } from './repository.js';

export type { RequestOrigin };

const DAY = 86_400_000;

/**
 * Historial: every sign-in, failed sign-in, change and admin action, read here. Rows are written
 * only from events (subscribers.ts): the modules publish what happened, none writes the history.
 */
export function createActivityService(repo: ActivityRepository) {
  return {
    /** One page of history; `forUserId` pins it to one user's own events (the user's Historial). */
    async list(query: HistoryQuery, forUserId?: string): Promise<{ data: ActivityEvent[]; nextCursor: string | null }> {
      const rows = await repo.list(
        {
          userId: forUserId ?? query.userId,
          action: query.action,
          from: query.from ? new Date(query.from) : undefined,
          to: query.to ? new Date(Date.parse(query.to) + DAY) : undefined,
        },
        decodeCursor(query.cursor, 'cursor'),
        query.limit,
      );
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        data: page.map(({ event, userName, userEmail, actorName, actorEmail }) => ({
          id: event.id,
          action: event.action,
          createdAt: event.createdAt.toISOString(),
          userId: event.userId,
          userName,
          userEmail,
          actorId: event.actorId,
          actorName,
          actorEmail,
          targetType: event.targetType,
          targetId: event.targetId,
          address: event.address,
          device: event.device,
          before: event.before,
          after: event.after,
        })),
        // The exact timestamp text keeps microseconds, so the keyset never skips or repeats a row.
        nextCursor: rows.length > query.limit && last ? encodeCursor({ createdAt: last.createdAtText, id: last.event.id }) : null,
      };
    },
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
