import { desc, eq, inArray } from 'drizzle-orm';
import type { CrmSync, MessageCrmLink } from '@enlaza/contracts';
import type { Database } from '../../db/client.js';
import { messageSenders } from '../mailbox/index.js';
import { crmConnections, crmSyncs } from './schema.js';

/** The sync log shows this many of a connection's latest leads. */
export const CRM_LOG_SIZE = 50;

/** A connection's latest leads, newest first, with each sender's address (access checked by the caller). */
export async function syncLog(db: Database, connectionId: string): Promise<CrmSync[]> {
  const rows = await db
    .select()
    .from(crmSyncs)
    .where(eq(crmSyncs.connectionId, connectionId))
    .orderBy(desc(crmSyncs.createdAt), desc(crmSyncs.id))
    .limit(CRM_LOG_SIZE);
  const senders = new Map(
    (
      await messageSenders(
        db,
        rows.map((r) => r.messageId),
      )
    ).map((m) => [m.id, m.email]),
  );
  return rows.map((r) => ({
    id: r.id,
    messageId: r.messageId,
    senderEmail: senders.get(r.messageId) ?? '',
    status: r.status,
    attempts: r.attempts,
    lastError: r.lastError,
    lastStatus: r.lastStatus,
    nextAttemptAt: r.nextAttemptAt?.toISOString() ?? null,
    recordUrl: r.recordUrl,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

/** The mailbox's links: each message's record in the CRM, once it is there (the first connection's, when several). */
export async function crmLinks(db: Database, messageIds: string[]): Promise<Map<string, MessageCrmLink>> {
  if (messageIds.length === 0) return new Map();
  const rows = await db
    .select({ messageId: crmSyncs.messageId, url: crmSyncs.recordUrl, provider: crmConnections.provider })
    .from(crmSyncs)
    .innerJoin(crmConnections, eq(crmConnections.id, crmSyncs.connectionId))
    .where(inArray(crmSyncs.messageId, messageIds))
    .orderBy(crmSyncs.createdAt);
  const links = new Map<string, MessageCrmLink>();
  for (const r of rows) if (r.url && !links.has(r.messageId)) links.set(r.messageId, { provider: r.provider, url: r.url });
  return links;
}
