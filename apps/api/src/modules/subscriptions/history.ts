import { asc, eq } from 'drizzle-orm';
import type { SubscriptionEvent, SubscriptionEventDetail, SubscriptionEventKind } from '@enlaza/contracts';
import type { Database } from '../../db/client.js';
import { subscriptionEvents } from './schema.js';

/** A database or a transaction: an event is written in the transaction that makes the change. */
type Writer = Pick<Database, 'insert'>;

/** Records one change of a subscription (call it inside the transaction that makes the change). */
export async function recordSubscriptionEvent(
  db: Writer,
  event: { subscriptionId: string; kind: SubscriptionEventKind; detail?: SubscriptionEventDetail; actorId?: string | null; at?: Date },
): Promise<void> {
  await db.insert(subscriptionEvents).values({
    subscriptionId: event.subscriptionId,
    kind: event.kind,
    detail: event.detail ?? {},
    actorId: event.actorId ?? null,
    ...(event.at ? { at: event.at } : {}),
  });
}

/** A subscription's history, oldest first. */
export async function listSubscriptionEvents(db: Database, subscriptionId: string): Promise<SubscriptionEvent[]> {
  const rows = await db
    .select()
    .from(subscriptionEvents)
    .where(eq(subscriptionEvents.subscriptionId, subscriptionId))
    .orderBy(asc(subscriptionEvents.at), asc(subscriptionEvents.id));
  return rows.map((r) => ({ id: r.id, kind: r.kind, detail: r.detail, actorId: r.actorId, at: r.at.toISOString() }));
}
