import { and, count, eq, gte, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { UsageProvider } from '../../platform/usage-registry.js';
import { deliveries } from './schema.js';

/**
 * Sends that count against the monthly quota: the owner's own emails and the confirmations their
 * audience is asked for (double opt-in); system emails (verification, receipts…) do not.
 */
export const COUNTED_SEND_KINDS = ['campaign', 'reply', 'test', 'confirmation'] as const;

/** What the mailer counts against the plan: the user's counted deliveries since the sending period began. */
export function createSendsUsage(db: Database): UsageProvider {
  return {
    metrics: ['sendsThisMonth'],
    async count(userId, { sendsSince }) {
      const [row] = await db
        .select({ n: count() })
        .from(deliveries)
        .where(
          and(eq(deliveries.userId, userId), gte(deliveries.createdAt, sendsSince), inArray(deliveries.kind, [...COUNTED_SEND_KINDS])),
        );
      return { sendsThisMonth: row?.n ?? 0 };
    },
  };
}
