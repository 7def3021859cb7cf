import { adminSubscriptionDetailSchema, adminSubscriptionListSchema } from '@enlaza/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityEvents, subscriptions } from '../../src/db/schema/index.js';
import { daysAgo, paidAt, subscribe } from '../helpers/billing-fixture.js';
import { bearer, createAdminTestApp, insertUser, login, type TestContext, queueIdle } from '../helpers/test-app.js';

let t: TestContext;
let admin: Record<string, string>;
beforeAll(async () => void ({ t, admin } = await createAdminTestApp()), 240_000);
afterAll(() => t.close());

const list = async (query: string, headers = admin) => {
  const res = await t.app.inject({ url: `/api/admin/subscriptions${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return adminSubscriptionListSchema.parse(res.json());
};
const post = (id: string, action: 'cancel' | 'extend', payload: object, headers = admin) =>
  t.app.inject({ method: 'POST', url: `/api/admin/subscriptions/${id}/${action}`, headers, payload });

describe('admin Suscripcions', () => {
  it('lists every subscription newest first in keyset pages, filtered by status, plan, period and customer', async () => {
    const ana = await insertUser(t.db, { name: 'Ana Filtro', email: `ana-filtro-${Date.now()}@test.example` });
    const bob = await insertUser(t.db, { name: 'Bob Filtro' });
    const a = await subscribe(t, ana.id, 'pro', 'monthly', { createdAt: daysAgo(3) });
    const b = await subscribe(t, bob.id, 'business', 'yearly', { status: 'past_due', createdAt: daysAgo(2) });

    const first = await list('?limit=1&q=filtro');
    expect(first.data.map((s) => s.id)).toEqual([b.subscription.id]);
    expect(first.data[0]).toMatchObject({
      user: { name: 'Bob Filtro' },
      plan: { code: 'business' },
      // The period's length comes along, for the price per period ("€290.00 / year").
      period: { code: 'yearly', months: 12 },
      status: 'past_due',
      priceCents: 29000,
    });
    const second = await list(`?limit=1&q=filtro&before=${first.meta.nextCursor}`);
    expect(second.data.map((s) => s.id)).toEqual([a.subscription.id]);
    expect(second.meta.nextCursor).toBeNull();

    expect((await list('?q=filtro&status=past_due')).data.map((s) => s.id)).toEqual([b.subscription.id]);
    expect((await list('?q=filtro&plan=pro')).data.map((s) => s.id)).toEqual([a.subscription.id]);
    expect((await list('?q=filtro&period=yearly')).data.map((s) => s.id)).toEqual([b.subscription.id]);
    expect((await list(`?q=${encodeURIComponent(ana.email)}`)).data.map((s) => s.id)).toEqual([a.subscription.id]);
    // The Free plan's subscriptions are listed too (the seeded demo user), without a period or price.
    expect((await list('?plan=free')).data[0]).toMatchObject({ period: null, priceCents: null });
  });

  it('refuses a customer (403), answers 404 for an unknown id and 422 for bad input', async () => {
    const user = await insertUser(t.db);
    const userHeaders = bearer(await login(t.app, { email: user.email, password: user.password }));
    expect((await t.app.inject({ url: '/api/admin/subscriptions', headers: userHeaders })).statusCode).toBe(403);
    const own = await subscribe(t, user.id, 'pro', 'monthly');
    expect((await post(own.subscription.id, 'extend', { days: 3, reason: 'goodwill' }, userHeaders)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/subscriptions/00000000-0000-4000-8000-000000000000', headers: admin })).statusCode).toBe(
      404,
    );
    expect((await post('00000000-0000-4000-8000-000000000000', 'cancel', { atPeriodEnd: false, reason: 'nobody' })).statusCode).toBe(404);
    expect((await post(own.subscription.id, 'extend', { days: 0, reason: 'x' })).statusCode).toBe(422);
    expect((await t.app.inject({ url: '/api/admin/subscriptions?before=garbage', headers: admin })).statusCode).toBe(422);
  });

  it('shows the detail with history, payments and invoices', async () => {
    const user = await insertUser(t.db);
    const { subscription } = await subscribe(t, user.id, 'pro', 'monthly');
    const { payment, invoice } = await paidAt(t, user.id, subscription.id, 900, daysAgo(1));
    const res = await t.app.inject({ url: `/api/admin/subscriptions/${subscription.id}`, headers: admin });
    expect(res.statusCode).toBe(200);
    const detail = adminSubscriptionDetailSchema.parse(res.json().data);
    expect(detail.payments).toEqual([
      expect.objectContaining({ id: payment.id, amountCents: 1089, status: 'succeeded', invoiceNumber: invoice.number }),
    ]);
    expect(detail.invoices).toEqual([
      expect.objectContaining({ id: invoice.id, number: invoice.number, totalCents: 1089, kind: 'invoice' }),
    ]);
    expect(detail.history).toEqual([]);
  });

  it('cancels now: the customer falls back to Free, nothing deleted, history and audit log written', async () => {
    const user = await insertUser(t.db);
    const { subscription } = await subscribe(t, user.id, 'business', 'monthly');
    const res = await post(subscription.id, 'cancel', { atPeriodEnd: false, reason: 'customer asked by phone' });
    expect(res.statusCode, res.body).toBe(200);
    const detail = adminSubscriptionDetailSchema.parse(res.json().data);
    expect(detail).toMatchObject({ status: 'cancelled', cancelAtPeriodEnd: false });
    expect(detail.history).toEqual([
      expect.objectContaining({
        kind: 'cancelled',
        detail: { reason: 'customer asked by phone', atPeriodEnd: false },
        actorId: expect.any(String),
      }),
    ]);

    const me = await t.app.inject({
      url: '/api/datasuscription',
      headers: bearer(await login(t.app, { email: user.email, password: user.password })),
    });
    expect(me.json()).toMatchObject({ status: 'cancelled', plan: { code: 'free' } });
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id));
    expect(row).toBeDefined();

    await queueIdle(t.app, 'event.');
    const [audit] = await t.db.select().from(activityEvents).where(eq(activityEvents.targetId, subscription.id));
    expect(audit).toMatchObject({
      action: 'admin.subscription_cancelled',
      userId: user.id,
      before: { status: 'active', cancelAtPeriodEnd: false },
      after: { status: 'cancelled', reason: 'customer asked by phone' },
    });
    // An ended subscription cannot be cancelled or extended again.
    expect((await post(subscription.id, 'extend', { days: 5, reason: 'too late' })).json()).toMatchObject({
      code: 'subscription.not_running',
    });
  });

  it('cancels at period end and extends the period by N days, each audit-logged with the reason', async () => {
    const user = await insertUser(t.db);
    const { subscription } = await subscribe(t, user.id, 'pro', 'yearly');
    const atEnd = adminSubscriptionDetailSchema.parse(
      (await post(subscription.id, 'cancel', { atPeriodEnd: true, reason: 'end of contract' })).json().data,
    );
    expect(atEnd).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });

    const res = await post(subscription.id, 'extend', { days: 10, reason: 'service outage' });
    expect(res.statusCode, res.body).toBe(200);
    const extended = adminSubscriptionDetailSchema.parse(res.json().data);
    expect(Date.parse(extended.currentPeriodEnd!) - subscription.currentPeriodEnd!.getTime()).toBe(10 * 86_400_000);
    expect(extended.history.map((e) => [e.kind, e.detail.reason])).toEqual([
      ['cancel_scheduled', 'end of contract'],
      ['extended', 'service outage'],
    ]);
    await queueIdle(t.app, 'event.');
    const audits = await t.db
      .select()
      .from(activityEvents)
      .where(eq(activityEvents.targetId, subscription.id))
      .orderBy(activityEvents.createdAt);
    expect(audits.map((a) => a.action)).toEqual(['admin.subscription_cancelled', 'admin.subscription_extended']);
    expect(audits[1]).toMatchObject({
      before: { currentPeriodEnd: subscription.currentPeriodEnd!.toISOString() },
      after: { currentPeriodEnd: extended.currentPeriodEnd, days: 10, reason: 'service outage' },
    });

    // The Free plan has no period to extend.
    const free = (await list('?plan=free')).data[0]!;
    expect((await post(free.id, 'extend', { days: 1, reason: 'nothing' })).json()).toMatchObject({ code: 'subscription.free_plan' });
  });
});
