import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionDataSchema, testClockAdvanceResultSchema, testClockSchema, type PlansCatalogue } from '@enlaza/contracts';
import {
  deliveries,
  invoices,
  notifications,
  paymentMethods,
  payments,
  plans,
  profiles,
  subscriptionEvents,
  subscriptionRenewals,
  subscriptions,
  users,
} from '../../src/db/schema/index.js';
import { ADMIN, bearer, createTestApp, insertUser, login, queueIdle, type TestContext } from '../helpers/test-app.js';
import { saveTestMethodAs, TEST_METHODS, type TestMethodId } from '../helpers/sandbox-methods.js';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ TEST_CLOCK_ENABLED: 'true' });
  admin = await login(t.app, ADMIN);
});
afterAll(() => t.close());

const DAY = 86_400_000;
const CARDS = { ok: TEST_METHODS.ok, chargeFails: TEST_METHODS.chargeDeclined };

async function call(token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url,
    headers: { ...bearer(token), 'accept-language': 'en' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.statusCode, body: res.json<{ ok?: number; data?: any; code?: string; message?: string }>() };
}

const addCard = async (token: string, number: TestMethodId, makeDefault = false) => {
  const res = await saveTestMethodAs(t, token, number, { holder: 'Ada Lovelace', makeDefault });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: string };
};

/** A Free user who then buys `plan` for `period` with a working card. */
async function subscriber(plan: 'pro' | 'business', period: 'monthly' | 'yearly') {
  const user = await insertUser(t.db);
  const [free] = await t.db.select().from(plans).where(eq(plans.code, 'free'));
  await t.db.insert(subscriptions).values({ userId: user.id, planId: free!.id, status: 'active', currentPeriodStart: new Date() });
  const token = await login(t.app, user);
  const card = await addCard(token, CARDS.ok);
  const catalogue = (await call(token, 'GET', '/api/user/plans')).body.data as PlansCatalogue;
  const offer = catalogue.plans.find((p) => p.code === plan)!.offers.find((o) => o.period.code === period)!;
  const paid = await call(token, 'POST', '/api/user/checkout', {
    offerId: offer.id,
    methodId: card.id,
    idempotencyKey: `checkout-${user.id}`,
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  const sub = await subscriptionOf(user.id);
  return { user, token, subscriptionId: sub.id, periodEnd: sub.currentPeriodEnd!, catalogue };
}

const subscriptionOf = async (userId: string) =>
  (await t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(asc(subscriptions.createdAt)))[0]!;
const subscription = async (id: string) => (await t.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
const historyOf = async (id: string) =>
  (
    await t.db
      .select()
      .from(subscriptionEvents)
      .where(eq(subscriptionEvents.subscriptionId, id))
      .orderBy(asc(subscriptionEvents.at), asc(subscriptionEvents.id))
  ).map((e) => e.kind);
const renewalPayments = (subscriptionId: string) =>
  t.db
    .select()
    .from(payments)
    .where(and(eq(payments.subscriptionId, subscriptionId), eq(payments.purpose, 'renewal')))
    .orderBy(asc(payments.createdAt));
const clockNow = async () => new Date(testClockSchema.parse((await call(admin, 'GET', '/api/admin/test-clock')).body.data).now);

/** Moves the test clock by whole days to within half a day of `instant`, running what fell due (and the notifications its events raise), the scheduled run's included. */
async function advanceTo(instant: Date) {
  const days = Math.max(1, Math.round((instant.getTime() - (await clockNow()).getTime()) / DAY));
  const res = await call(admin, 'POST', '/api/admin/test-clock/advance', { days });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  // A renewal the scheduled run (every minute) took after the clock moved is that run's to finish.
  await queueIdle(t.app, 'renewals.');
  await queueIdle(t.app, 'event.');
  return testClockAdvanceResultSchema.parse(res.body.data);
}

describe('test clock endpoints', () => {
  it('answers the clock to admins and 403 to users', async () => {
    const before = testClockSchema.parse((await call(admin, 'GET', '/api/admin/test-clock')).body.data);
    expect(before.enabled).toBe(true);
    const user = await insertUser(t.db);
    const token = await login(t.app, user);
    expect((await call(token, 'GET', '/api/admin/test-clock')).status).toBe(403);
    expect((await call(token, 'POST', '/api/admin/test-clock/advance', { days: 1 })).status).toBe(403);
    expect((await call(admin, 'POST', '/api/admin/test-clock/advance', { days: 0 })).status).toBe(422);
  });

  it('answers 404 test_clock.disabled when the setting is off', async () => {
    const off = await createTestApp();
    try {
      const token = await login(off.app, ADMIN);
      for (const [method, url] of [
        ['GET', '/api/admin/test-clock'],
        ['POST', '/api/admin/test-clock/advance'],
      ] as const) {
        const res = await off.app.inject({
          method,
          url,
          headers: { ...bearer(token), 'accept-language': 'es' },
          ...(method === 'POST' ? { payload: { days: 1 } } : {}),
        });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ code: 'test_clock.disabled', message: expect.stringContaining('reloj') });
      }
    } finally {
      await off.close();
    }
  });
});

describe('renewals', () => {
  it('renews a paid period once: charge with the period key, renewal invoice, next period from the old end', async () => {
    const s = await subscriber('pro', 'monthly');
    const run = await advanceTo(new Date(s.periodEnd.getTime() + DAY / 2));
    expect(run.ran.renewed).toBeGreaterThanOrEqual(1);
    const after = await subscription(s.subscriptionId);
    expect(after.status).toBe('active');
    expect(after.currentPeriodStart.getTime()).toBe(s.periodEnd.getTime());
    expect(after.currentPeriodEnd!.getTime()).toBeGreaterThan(s.periodEnd.getTime() + 27 * DAY);
    const paid = await renewalPayments(s.subscriptionId);
    expect(paid.map((p) => [p.idempotencyKey, p.status, p.amountCents])).toEqual([
      [`renewal:${s.subscriptionId}:${s.periodEnd.toISOString()}`, 'succeeded', 1089],
    ]);
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.paymentId, paid[0]!.id));
    expect(invoice).toBeDefined();
    expect(await historyOf(s.subscriptionId)).toEqual(['created', 'renewed']);
    // Running again changes nothing.
    await call(admin, 'POST', '/api/admin/test-clock/advance', { days: 1 });
    expect(await renewalPayments(s.subscriptionId)).toHaveLength(1);
  });

  it('ends a subscription cancelled at period end (Free, nothing deleted) and applies a scheduled downgrade', async () => {
    const cancelling = await subscriber('pro', 'monthly');
    await t.db.insert(profiles).values([1, 2, 3].map((i) => ({ userId: cancelling.user.id, kind: 'card' as const, name: `card ${i}` })));
    expect((await call(cancelling.token, 'POST', '/api/user/myplan/cancel')).status).toBe(200);
    const downgrading = await subscriber('business', 'monthly');
    const proMonthly = downgrading.catalogue.plans.find((p) => p.code === 'pro')!.offers.find((o) => o.period.code === 'monthly')!;
    expect((await call(downgrading.token, 'PUT', '/api/user/myplan/downgrade', { offerId: proMonthly.id })).status).toBe(200);

    await advanceTo(new Date(Math.max(cancelling.periodEnd.getTime(), downgrading.periodEnd.getTime()) + DAY / 2));

    const ended = await subscription(cancelling.subscriptionId);
    expect(ended.status).toBe('cancelled');
    expect(await renewalPayments(cancelling.subscriptionId)).toHaveLength(0);
    const data = subscriptionDataSchema.parse((await call(cancelling.token, 'GET', '/api/datasuscription')).body);
    expect(data.plan?.code).toBe('free');
    expect(data.limits.profiles).toBe(1);
    expect(data.usage.profiles).toBe(3);
    expect(await t.db.select().from(profiles).where(eq(profiles.userId, cancelling.user.id))).toHaveLength(3);
    expect(await historyOf(cancelling.subscriptionId)).toEqual(['created', 'cancel_scheduled', 'cancelled']);

    const moved = await subscription(downgrading.subscriptionId);
    const [pro] = await t.db.select().from(plans).where(eq(plans.code, 'pro'));
    expect(moved).toMatchObject({ status: 'active', planId: pro!.id, offerId: proMonthly.id });
    expect((await renewalPayments(downgrading.subscriptionId)).map((p) => p.amountCents)).toEqual([1089]);
    expect(await historyOf(downgrading.subscriptionId)).toEqual(['created', 'downgrade_scheduled', 'downgraded', 'renewed']);
    expect((await call(downgrading.token, 'GET', '/api/user/myplan')).body.data.pendingChange).toBeNull();
  });

  it('reminds a paid subscriber once, 7 days before the renewal, whatever the period', async () => {
    const s = await subscriber('pro', 'yearly');
    const reminders = () =>
      t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, s.user.id), eq(notifications.type, 'subscription_ending')));
    await advanceTo(new Date(s.periodEnd.getTime() - 6 * DAY));
    expect(await reminders()).toHaveLength(1);
    await call(admin, 'POST', '/api/admin/test-clock/advance', { days: 1 });
    await call(admin, 'POST', '/api/admin/test-clock/advance', { days: 1 });
    expect(await reminders()).toHaveLength(1);
    expect((await reminders())[0]!.payload).toMatchObject({ subscriptionId: s.subscriptionId, endsAt: s.periodEnd.toISOString() });
    expect((await historyOf(s.subscriptionId)).filter((k) => k === 'renewal_reminder')).toHaveLength(1);
    // A monthly subscriber gets one too; one cancelling at the period end gets none.
    const monthly = await subscriber('pro', 'monthly');
    const cancelling = await subscriber('pro', 'monthly');
    expect((await call(cancelling.token, 'POST', '/api/user/myplan/cancel')).status).toBe(200);
    await advanceTo(new Date(monthly.periodEnd.getTime() - 3 * DAY));
    const remindersOf = (userId: string) =>
      t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.type, 'subscription_ending')));
    expect((await remindersOf(monthly.user.id)).map((n) => n.payload)).toEqual([
      { subscriptionId: monthly.subscriptionId, planName: 'Pro', endsAt: monthly.periodEnd.toISOString() },
    ]);
    expect(await remindersOf(cancelling.user.id)).toHaveLength(0);
  });
});

describe('dunning', () => {
  it('a failing card: past_due, 3 retries over 7 days, expired, Free quotas with nothing deleted', async () => {
    const s = await subscriber('pro', 'monthly');
    await t.db.insert(profiles).values([1, 2, 3].map((i) => ({ userId: s.user.id, kind: 'card' as const, name: `card ${i}` })));
    await addCard(s.token, CARDS.chargeFails, true);
    const end = s.periodEnd.getTime();
    const state = async () =>
      (await t.db.select().from(subscriptionRenewals).where(eq(subscriptionRenewals.subscriptionId, s.subscriptionId)))[0];

    await advanceTo(new Date(end + DAY / 2));
    expect((await subscription(s.subscriptionId)).status).toBe('past_due');
    expect(await state()).toMatchObject({ attempt: 1, nextAttemptAt: new Date(end + DAY) });
    // While past due the paid plan's quotas stay.
    expect(subscriptionDataSchema.parse((await call(s.token, 'GET', '/api/datasuscription')).body).limits.profiles).toBe(10);

    await advanceTo(new Date(end + DAY + DAY / 2));
    expect(await state()).toMatchObject({ attempt: 2, nextAttemptAt: new Date(end + 3 * DAY) });
    await advanceTo(new Date(end + 3 * DAY + DAY / 2));
    expect(await state()).toMatchObject({ attempt: 3, nextAttemptAt: new Date(end + 7 * DAY) });
    expect((await subscription(s.subscriptionId)).status).toBe('past_due');
    await advanceTo(new Date(end + 7 * DAY + DAY / 2));
    expect((await subscription(s.subscriptionId)).status).toBe('expired');

    const tried = await renewalPayments(s.subscriptionId);
    const key = `renewal:${s.subscriptionId}:${s.periodEnd.toISOString()}`;
    expect(tried.map((p) => [p.idempotencyKey, p.status])).toEqual([
      [key, 'failed'],
      [`${key}:retry-1`, 'failed'],
      [`${key}:retry-2`, 'failed'],
      [`${key}:retry-3`, 'failed'],
    ]);
    const failedNotes = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, s.user.id), eq(notifications.type, 'payment_failed')));
    expect(failedNotes).toHaveLength(4);
    expect(await historyOf(s.subscriptionId)).toEqual([
      'created',
      'past_due',
      'payment_failed',
      'payment_failed',
      'payment_failed',
      'payment_failed',
      'expired',
    ]);

    const data = subscriptionDataSchema.parse((await call(s.token, 'GET', '/api/datasuscription')).body);
    expect(data.plan?.code).toBe('free');
    expect(data.status).toBe('expired');
    expect(data.limits).toMatchObject({ profiles: 1, tags: 1, sendsPerMonth: 100 });
    expect(data.usage.profiles).toBe(3);
    expect(await t.db.select().from(profiles).where(eq(profiles.userId, s.user.id))).toHaveLength(3);
    expect(await t.db.select().from(paymentMethods).where(eq(paymentMethods.userId, s.user.id))).toHaveLength(2);
    // More than Free allows is refused with the limit named.
    const more = await t.app.inject({
      method: 'POST',
      url: '/api/profiles',
      headers: { ...bearer(s.token), 'accept-language': 'en' },
      payload: { kind: 'card', card: { firstName: 'Four' } },
    });
    expect(more.statusCode).toBe(403);
  });

  it('no default payment method: past_due like a declined card, payment_failed in-app and by email as chosen', async () => {
    const chose = await subscriber('pro', 'monthly');
    const didNot = await subscriber('pro', 'monthly');
    // Both remove their only card; one chose payment_failed emails in Options.
    for (const s of [chose, didNot]) {
      const methods = (await call(s.token, 'GET', '/api/user/methods')).body.data as { id: string }[];
      expect(methods).toHaveLength(1);
      expect((await call(s.token, 'DELETE', `/api/user/methods/${methods[0]!.id}`)).status).toBe(200);
      expect((await call(s.token, 'GET', '/api/user/methods')).body.data).toEqual([]);
    }
    await t.db
      .update(users)
      .set({ notificationEmails: ['new_message', 'payment_failed'] })
      .where(eq(users.id, chose.user.id));

    await advanceTo(new Date(Math.max(chose.periodEnd.getTime(), didNot.periodEnd.getTime()) + DAY / 2));
    for (const s of [chose, didNot]) {
      expect((await subscription(s.subscriptionId)).status).toBe('past_due');
      expect((await historyOf(s.subscriptionId)).slice(-2)).toEqual(['past_due', 'payment_failed']);
      expect(await renewalPayments(s.subscriptionId)).toEqual([]); // nothing to charge: no payment
      const notes = await call(s.token, 'GET', '/api/notifications');
      const failed = (notes.body.data as { type: string; title: string; body: string }[]).filter((n) => n.type === 'payment_failed');
      expect(failed).toEqual([
        expect.objectContaining({
          title: 'Your plan could not be renewed',
          body: 'We could not renew Pro: there is no payment method. Add a card to keep your plan.',
        }),
      ]);
    }
    const mails = async (email: string) =>
      (await t.db.select().from(deliveries).where(eq(deliveries.toEmail, email))).filter((d) => d.subject.includes('could not be renewed'));
    expect(await mails(chose.user.email)).toHaveLength(1);
    expect(await mails(didNot.user.email)).toEqual([]);

    // The next retry without a method notifies again, once.
    await advanceTo(new Date(chose.periodEnd.getTime() + DAY + DAY / 2));
    const notes = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, chose.user.id), eq(notifications.type, 'payment_failed')));
    expect(notes.map((n) => n.payload)).toEqual([
      { subscriptionId: chose.subscriptionId, planName: 'Pro', reason: 'no_method' },
      { subscriptionId: chose.subscriptionId, planName: 'Pro', reason: 'no_method' },
    ]);
  });

  it('a new working card while past due retries at once: active again on the same period', async () => {
    const s = await subscriber('pro', 'monthly');
    await addCard(s.token, CARDS.chargeFails, true);
    await advanceTo(new Date(s.periodEnd.getTime() + DAY / 2));
    expect((await subscription(s.subscriptionId)).status).toBe('past_due');
    // Two days later, before the second retry, the customer adds a working card as the default.
    await advanceTo(new Date(s.periodEnd.getTime() + DAY + DAY / 2));
    expect((await subscription(s.subscriptionId)).status).toBe('past_due');
    const fresh = await addCard(s.token, CARDS.ok, true);
    const after = await subscription(s.subscriptionId);
    expect(after.status).toBe('active');
    expect(after.currentPeriodStart.getTime()).toBe(s.periodEnd.getTime());
    const paid = await t.db
      .select()
      .from(payments)
      .where(
        and(eq(payments.subscriptionId, s.subscriptionId), like(payments.idempotencyKey, 'renewal:%'), eq(payments.status, 'succeeded')),
      );
    expect(paid.map((p) => p.idempotencyKey)).toEqual([`renewal:${s.subscriptionId}:${s.periodEnd.toISOString()}:card-${fresh.id}`]);
    expect(paid[0]!.invoiceId).not.toBeNull();
    expect((await historyOf(s.subscriptionId)).slice(-2)).toEqual(['reactivated', 'renewed']);
    expect(
      (await t.db.select().from(subscriptionRenewals).where(eq(subscriptionRenewals.subscriptionId, s.subscriptionId)))[0],
    ).toMatchObject({ attempt: 0, nextAttemptAt: null });
  });
});
