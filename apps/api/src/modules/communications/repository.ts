import type { DeliveryFilter } from '@enlaza/contracts';
import { and, desc, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { deliveries } from './schema.js';
import type { KeysetCursor } from '../../lib/keyset-cursor.js';

const columns = {
  id: deliveries.id,
  kind: deliveries.kind,
  toEmail: deliveries.toEmail,
  subject: deliveries.subject,
  status: deliveries.status,
  error: deliveries.error,
  createdAt: deliveries.createdAt,
  sentAt: deliveries.sentAt,
  hasBody: sql<boolean>`(${deliveries.kind} not in ('system', 'confirmation') and (${deliveries.bodyHtml} is not null or ${deliveries.bodyText} is not null))`,
  createdAtText: sql<string>`${deliveries.createdAt}::text`,
};

export type DeliveryRow = {
  id: string;
  kind: 'campaign' | 'reply' | 'test' | 'system' | 'confirmation';
  toEmail: string;
  subject: string;
  status: 'queued' | 'sent' | 'logged' | 'failed' | 'bounced';
  error: string | null;
  createdAt: Date;
  sentAt: Date | null;
  hasBody: boolean;
  createdAtText: string;
};

/** The user's deliveries (comunicaciones): newest first, keyset on (created_at, id), over the (user_id, created_at) index. */
export function createCommunicationsRepository(db: Database) {
  function where(userId: string, filter: DeliveryFilter, cursor: KeysetCursor | null): SQL {
    const terms: (SQL | undefined)[] = [eq(deliveries.userId, userId)];
    if (filter.kind) terms.push(eq(deliveries.kind, filter.kind));
    if (filter.status) terms.push(eq(deliveries.status, filter.status));
    if (filter.from) terms.push(sql`${deliveries.createdAt} >= ${filter.from}::timestamptz`);
    if (filter.to) terms.push(sql`${deliveries.createdAt} < ${filter.to}::timestamptz`);
    if (filter.recipient)
      terms.push(sql`lower(${deliveries.toEmail}) like ${`%${filter.recipient.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
    if (cursor) terms.push(sql`(${deliveries.createdAt}, ${deliveries.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`);
    return and(...terms)!;
  }

  return {
    async page(userId: string, filter: DeliveryFilter, cursor: KeysetCursor | null, limit: number): Promise<DeliveryRow[]> {
      const rows = await db
        .select(columns)
        .from(deliveries)
        .where(where(userId, filter, cursor))
        .orderBy(desc(deliveries.createdAt), desc(deliveries.id))
        .limit(limit + 1);
      return rows;
    },

    async find(userId: string, id: string) {
      const [row] = await db
        .select({ ...columns, bodyHtml: deliveries.bodyHtml, bodyText: deliveries.bodyText })
        .from(deliveries)
        .where(and(eq(deliveries.userId, userId), eq(deliveries.id, id)));
      return row ?? null;
    },
  };
}

export type CommunicationsRepository = ReturnType<typeof createCommunicationsRepository>;

// How other modules (campaigns) write their rows of the log, in the caller's connection or transaction.

type DeliveryStatus = (typeof deliveries.$inferSelect)['status'];

/** Queued rows, one per message about to be sent (they count against the monthly sends from now on). */
export async function queueDeliveries(
  tx: Database | Transaction,
  rows: { id: string; userId: string; kind: 'campaign'; toEmail: string; subject: string }[],
): Promise<void> {
  if (rows.length) await tx.insert(deliveries).values(rows.map((r) => ({ ...r, status: 'queued' as const })));
}

export async function setDeliveryStatus(
  tx: Database | Transaction,
  id: string,
  status: DeliveryStatus,
  error: string | null,
): Promise<void> {
  await tx.update(deliveries).set({ status, error }).where(eq(deliveries.id, id));
}

/** The rows of messages just accepted, in one statement (only those still queued). */
export async function markDeliveriesSent(tx: Database | Transaction, ids: string[], status: 'sent' | 'logged'): Promise<void> {
  if (ids.length)
    await tx
      .update(deliveries)
      .set({ status, sentAt: sql`now()`, error: null })
      .where(and(inArray(deliveries.id, ids), eq(deliveries.status, 'queued')));
}

/**
 * Removes the still-queued rows among `ids` (messages that will not be sent no longer count), in
 * one statement: `ids` may be the caller's subquery of ids.
 */
export async function dropQueuedDeliveries(tx: Database | Transaction, ids: SQLWrapper): Promise<void> {
  await tx.delete(deliveries).where(and(inArray(deliveries.id, ids), eq(deliveries.status, 'queued')));
}

/**
 * Brings queued rows in line with what happened to their messages, in one statement. `outcomes` is
 * the caller's select of `id`, `status`, `sent_at` and `error` (one row per message): a row already
 * past `queued` is left alone, and a known send time is kept.
 */
/** The ids of the deliveries still queued (a few: those in flight), as a subquery (read through their partial index). */
export const queuedDeliveryIds = sql`select id from ${deliveries} where status = 'queued'`;

export async function settleQueuedDeliveries(tx: Database | Transaction, outcomes: SQL): Promise<void> {
  await tx.execute(sql`
    update ${deliveries} d set status = o.status, sent_at = coalesce(d.sent_at, o.sent_at), error = o.error
    from (${outcomes}) o
    where d.id = o.id and d.status = 'queued'`);
}
