import { createHash } from 'node:crypto';
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
  await events.subscribe('file.uploaded', 'record-history', async ({ fileId, userId, name, sizeBytes }, { deliveryKey, publishedAt }) => {
    await repo.insert({
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
