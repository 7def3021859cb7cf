import { createHash } from 'node:crypto';
import { HISTORY_ACTIONS } from '@enlaza/contracts';
import type { EventBus } from '../../platform/events.js';
import type { ActivityRepository } from './repository.js';

/**
 * A stable row id for one delivery: a retried delivery inserts the same id and stores nothing new.
 * (SHA-256 of the key, shaped as a UUID of version 8, the RFC 9562 custom kind.)
 */
export function activityIdOf(deliveryKey: string): string {
  const hex = createHash('sha256').update(deliveryKey).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The history rows written from other modules' events. The event is published in the writer's
 * transaction and delivered durably after it commits, so the row exists exactly when the change
 * committed; it is dated when the event was published, so the history keeps the order of the facts.
 */
export async function subscribeActivity(events: EventBus, repo: ActivityRepository): Promise<void> {
  // Every other action: its event carries the row's facts (HistoryFact), one queue for all of them.
  await events.subscribeAll(HISTORY_ACTIONS, 'record-history', async (action, fact, { deliveryKey, publishedAt }) => {
    await repo.insertDelivered({
      id: activityIdOf(deliveryKey),
      action,
      userId: fact.userId,
      actorId: fact.actorId ?? null,
      targetType: fact.target?.type ?? null,
      targetId: fact.target?.id ?? null,
      address: fact.origin?.address ?? null,
      device: fact.origin?.device ?? null,
      before: fact.before ?? null,
      after: fact.after ?? null,
      createdAt: fact.at ? new Date(fact.at) : publishedAt,
    });
  });
  await events.subscribe('file.uploaded', 'record-history', async ({ fileId, userId, name, sizeBytes }, { deliveryKey, publishedAt }) => {
    await repo.insertDelivered({
      id: activityIdOf(deliveryKey),
      action: 'file.uploaded',
      userId,
      actorId: userId,
      targetType: 'file',
      targetId: fileId,
      before: {},
      after: { name, sizeBytes },
      createdAt: publishedAt,
    });
  });
}
