import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEventName, DomainEvents } from '@enlaza/contracts';
import { activityEvents, notifications } from '../../src/db/schema/index.js';
import { createActivityRepository } from '../../src/modules/activity/index.js';
import { subscribeActivity } from '../../src/modules/activity/subscribers.js';
import type { EventBus, EventHandler } from '../../src/platform/events.js';
import type { JobContext } from '../../src/platform/jobs.js';
import { bearer, createTestApp, insertUser, login, queueIdle, type TestContext } from '../helpers/test-app.js';
import { silentLog } from '../helpers/jobs.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
}, 240_000);
afterAll(() => t.close());

const publish = <E extends DomainEventName>(event: E, payload: DomainEvents[E]) => t.app.platform.events.publish(event, payload);
const notificationsOf = (userId: string, type: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));

describe('domain events reach their subscribers after commit', () => {
  it('a finished campaign notifies its owner once, in their language, even when the event comes twice', async () => {
    const owner = await insertUser(t.db, { locale: 'es' });
    const finished = { campaignId: randomUUID(), userId: owner.id, campaignName: 'Otoño', sent: 40, failed: 1, bounced: 2 };
    await publish('campaign.finished', finished);
    await publish('campaign.finished', finished);
    await queueIdle(t.app, 'event.');

    const rows = await notificationsOf(owner.id, 'campaign_finished');
    expect(rows.map((r) => r.payload)).toEqual([{ campaignId: finished.campaignId, campaignName: 'Otoño', sent: 40, failed: 3 }]);
    const listed = await t.app.inject({
      url: '/api/notifications',
      headers: { ...bearer(await login(t.app, owner)), 'accept-language': 'es' },
    });
    expect(listed.json().data[0]).toMatchObject({ type: 'campaign_finished', link: '/user/campanas' });
    expect(listed.json().data[0].body).toContain('40');
  });

  it('an event published in a transaction that rolls back is never delivered', async () => {
    const owner = await insertUser(t.db);
    await t.db
      .transaction(async (tx) => {
        await t.app.platform.events.publish(
          'payment.succeeded',
          { paymentId: randomUUID(), userId: owner.id, amountCents: 1089, currency: 'EUR' },
          tx,
        );
        throw new Error('the write failed');
      })
      .catch(() => undefined);
    await publish('payment.failed', { paymentId: randomUUID(), userId: owner.id, amountCents: 500, currency: 'EUR' });
    await queueIdle(t.app, 'event.');
    expect(await notificationsOf(owner.id, 'payment_succeeded')).toEqual([]);
    expect(await notificationsOf(owner.id, 'payment_failed')).toHaveLength(1);
  });

  it('each event of the map has a subscriber, so none is published into the void', () => {
    const queues = t.app.platform.jobs
      .defined()
      .map((job) => job.name)
      .filter((name) => name.startsWith('event.'));
    const events: DomainEventName[] = [
      'message.received',
      'tag.scanned_lost',
      'file.uploaded',
      'invoice.issued',
      'campaign.finished',
      'campaign.start_failed',
      'campaign.stalled',
      'campaigns.paused',
      'payment.failed',
      'payment.succeeded',
      'renewal.no_payment_method',
      'renewal.reminder_due',
    ];
    for (const event of events)
      expect(
        queues.some((q) => q.startsWith(`event.${event}.`)),
        event,
      ).toBe(true);
  });
});

describe('the history from events', () => {
  it('writes one row for a delivery run twice (a retry after a crash), dated when the event was published', async () => {
    const handlers = new Map<string, EventHandler<'file.uploaded'>>();
    const bus = {
      subscribe: async (event: string, _subscriber: string, handler: EventHandler<'file.uploaded'>) => void handlers.set(event, handler),
    } as unknown as EventBus;
    await subscribeActivity(bus, createActivityRepository(t.db));
    const user = await insertUser(t.db);
    const fileId = randomUUID();
    const publishedAt = new Date(Date.now() - 60_000);
    const context = { id: randomUUID(), name: 'event.file.uploaded.record-history', retryCount: 0, retryLimit: 5, log: silentLog };
    const delivery = { ...(context as JobContext), publishedAt, deliveryKey: `event.file.uploaded.record-history:${context.id}` };
    const payload = { fileId, userId: user.id, name: 'logo.png', sizeBytes: 1234, usedBytesBefore: 0, limitBytes: 10_000 };
    await handlers.get('file.uploaded')!(payload, delivery);
    await handlers.get('file.uploaded')!(payload, { ...delivery, retryCount: 1 });

    const rows = await t.db.select().from(activityEvents).where(eq(activityEvents.targetId, fileId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'file.uploaded', userId: user.id, after: { name: 'logo.png', sizeBytes: 1234 } });
    expect(rows[0]!.createdAt.getTime()).toBe(publishedAt.getTime());
  });
});
