import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HISTORY_ACTIONS, type DomainEventName, type DomainEvents } from '@enlaza/contracts';
import { activityEvents, notifications, users } from '../../src/db/schema/index.js';
import { createActivityRepository } from '../../src/modules/activity/repository.js';
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
      'sends.counted',
      'invoice.issued',
      'campaign.finished',
      'campaign.start_failed',
      'campaign.stalled',
      'campaigns.paused',
      'payment.failed',
      'payment.succeeded',
      'renewal.no_payment_method',
      'renewal.reminder_due',
      'renewal.payment_failed',
      'subscription.ended',
    ];
    for (const event of events)
      expect(
        queues.some((q) => q.startsWith(`event.${event}.`)),
        event,
      ).toBe(true);
    // Every history action goes to the history's one queue.
    expect(queues).toContain('event.record-history');
  });
});

describe('the history from events', () => {
  type HistoryHandler = (
    action: string,
    fact: DomainEvents['password.changed'],
    context: Parameters<EventHandler<'file.uploaded'>>[1],
  ) => Promise<void>;
  async function subscribed() {
    const handlers = new Map<string, EventHandler<'file.uploaded'>>();
    let history: { actions: readonly string[]; handler: HistoryHandler } | undefined;
    const bus = {
      subscribe: async (event: string, _subscriber: string, handler: EventHandler<'file.uploaded'>) => void handlers.set(event, handler),
      subscribeAll: async (actions: readonly string[], _subscriber: string, handler: HistoryHandler) =>
        void (history = { actions, handler }),
    } as unknown as EventBus;
    await subscribeActivity(bus, createActivityRepository(t.db));
    return { handlers, history: history! };
  }
  const deliveryOf = (queue: string, publishedAt = new Date()) => {
    const context = { id: randomUUID(), name: queue, retryCount: 0, retryLimit: 5, log: silentLog };
    return { ...(context as JobContext), publishedAt, deliveryKey: `${queue}:${context.id}` };
  };

  it('writes one row for a delivery run twice (a retry after a crash), dated when the event was published', async () => {
    const { handlers } = await subscribed();
    const user = await insertUser(t.db);
    const fileId = randomUUID();
    const publishedAt = new Date(Date.now() - 60_000);
    const delivery = deliveryOf('event.file.uploaded.record-history', publishedAt);
    const payload = { fileId, userId: user.id, name: 'logo.png', sizeBytes: 1234, usedBytesBefore: 0, limitBytes: 10_000 };
    await handlers.get('file.uploaded')!(payload, delivery);
    await handlers.get('file.uploaded')!(payload, { ...delivery, retryCount: 1 });

    const rows = await t.db.select().from(activityEvents).where(eq(activityEvents.targetId, fileId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'file.uploaded', userId: user.id, after: { name: 'logo.png', sizeBytes: 1234 } });
    expect(rows[0]!.createdAt.getTime()).toBe(publishedAt.getTime());
  });

  it('records every other action from its event: once per delivery, dated by the fact or its publication, after erasures', async () => {
    const { history } = await subscribed();
    expect(new Set(history.actions)).toEqual(new Set(HISTORY_ACTIONS));
    const user = await insertUser(t.db);
    const admin = await insertUser(t.db);
    const origin = { address: '203.0.113.9', device: 'curl/8' };
    const target = { type: 'subscription', id: randomUUID() };
    const at = '2030-01-31T10:00:00.000Z';

    // A retried delivery stores one row; a fact's own time (the test clock) dates it.
    const delivery = deliveryOf('event.record-history');
    const fact = { userId: user.id, actorId: admin.id, origin, target, before: { a: 1 }, after: { a: 2 }, at };
    await history.handler('admin.subscription_extended', fact, delivery);
    await history.handler('admin.subscription_extended', fact, { ...delivery, retryCount: 1 });
    const rows = await t.db.select().from(activityEvents).where(eq(activityEvents.targetId, target.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'admin.subscription_extended',
      userId: user.id,
      actorId: admin.id,
      address: origin.address,
      device: origin.device,
      before: { a: 1 },
      after: { a: 2 },
    });
    expect(rows[0]!.createdAt.toISOString()).toBe(at);

    // The actor erased before delivery: stored as the system's action (as erasure leaves older rows).
    const other = { type: 'user', id: randomUUID() };
    await t.db.delete(users).where(eq(users.id, admin.id));
    await history.handler(
      'admin.user_suspended',
      { userId: user.id, actorId: admin.id, target: other },
      deliveryOf('event.record-history'),
    );
    expect(
      await t.db.select({ actorId: activityEvents.actorId }).from(activityEvents).where(eq(activityEvents.targetId, other.id)),
    ).toEqual([{ actorId: null }]);

    // The account itself erased before delivery (its row kept as `deleted`, as erasure leaves it):
    // nothing stored, its history went with it; and no error to retry.
    await t.db.update(users).set({ status: 'deleted' }).where(eq(users.id, user.id));
    await history.handler('password.changed', { userId: user.id, actorId: user.id, origin }, deliveryOf('event.record-history'));
    expect(
      await t.db
        .select()
        .from(activityEvents)
        .where(and(eq(activityEvents.userId, user.id), eq(activityEvents.action, 'password.changed'))),
    ).toEqual([]);
  });

  it('delivers a published action to the history after its transaction commits, and never when it rolls back', async () => {
    const user = await insertUser(t.db);
    const events = t.app.platform.events;
    await t.db
      .transaction(async (tx) => {
        await events.publish('alias.changed', { userId: user.id, actorId: user.id, after: { alias: 'rolled-back' } }, tx);
        throw new Error('the write failed');
      })
      .catch(() => undefined);
    await t.db.transaction((tx) => events.publish('alias.changed', { userId: user.id, actorId: user.id, after: { alias: 'kept' } }, tx));
    await queueIdle(t.app, 'event.');
    const rows = await t.db.select({ after: activityEvents.after }).from(activityEvents).where(eq(activityEvents.userId, user.id));
    expect(rows).toEqual([{ after: { alias: 'kept' } }]);
  });
});
