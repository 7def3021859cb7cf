import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminSubscriptionDetailSchema, paymentDetailSchema } from '@enlaza/contracts';
import { activityEvents, invoices, notifications, paymentDisputes, payments, subscriptions, users } from '../../src/db/schema/index.js';
import { callAs, checkoutSubscriber, freeCustomer, useAdminApp } from '../helpers/subscriber.js';
import { ADMIN, queueIdle, settledDeliveries } from '../helpers/test-app.js';

// Chargebacks of a provider that reports none (the sandbox here, Redsys in redsys-end-to-end.test.ts):
// an admin records the bank's chargeback and its outcome, and both take Stripe's disputes' path
// (docs/billing.md, "Disputes").
const app = useAdminApp();

const record = (token: string, paymentId: string, body: object) =>
  callAs(app.t, token, 'POST', `/api/admin/payments/${paymentId}/disputes`, body);
const close = (token: string, disputeId: string, outcome: string) =>
  callAs(app.t, token, 'POST', `/api/admin/disputes/${disputeId}/close`, { outcome });
const detailOf = async (subscriptionId: string) =>
  adminSubscriptionDetailSchema.parse((await callAs(app.t, app.admin, 'GET', `/api/admin/subscriptions/${subscriptionId}`)).body.data);
const disputeNotifications = () => app.t.db.select().from(notifications).where(eq(notifications.type, 'payment_disputed'));
const creditNotesOf = (userId: string) =>
  app.t.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.userId, userId), eq(invoices.kind, 'credit_note')))
    .orderBy(asc(invoices.issuedAt));
const settled = async () => {
  await queueIdle(app.t.app, 'event.');
  await queueIdle(app.t.app, 'notifications.');
};

describe('chargebacks recorded by an admin', () => {
  it('recorded once (the admins told, the history), shown to both, then lost: a credit note for it once and the plan ended', async () => {
    const s = await checkoutSubscriber(app.t, 'pro', 'monthly');
    const admins = await app.t.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.status, 'active')));
    expect((await detailOf(s.subscriptionId)).payments[0]).toMatchObject({ dispute: null, disputesRecordedHere: true });
    const before = (await disputeNotifications()).length;

    const body = { reference: 'RET-2026-0042', amountCents: s.payment.amountCents, reason: 'fraudulent', evidenceDueBy: '2026-12-20' };
    const recorded = await record(app.admin, s.payment.id, body);
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
    expect(recorded.body.data).toMatchObject({ status: 'needs_response', reason: 'fraudulent', amountCents: s.payment.amountCents });
    // The same chargeback again (a double click, a second admin): the same dispute, nobody told twice.
    expect((await record(app.admin, s.payment.id, body)).body.data.id).toBe(recorded.body.data.id);
    await settled();
    expect(await app.t.db.select().from(paymentDisputes).where(eq(paymentDisputes.paymentId, s.payment.id))).toHaveLength(1);
    const told = (await disputeNotifications()).slice(before);
    expect(told.map((n) => n.userId).sort()).toEqual(admins.map((a) => a.id).sort());
    expect((await settledDeliveries(app.t.db, ADMIN.email)).filter((d) => d.subject.includes('Payment disputed')).length).toBeGreaterThan(
      0,
    );
    const history = await app.t.db.select().from(activityEvents).where(eq(activityEvents.targetId, s.payment.id));
    expect(history.map((h) => h.action)).toEqual(['admin.dispute_recorded']);
    expect(history[0]!.after).toMatchObject({ reference: 'RET-2026-0042', reason: 'fraudulent' });

    const detail = await detailOf(s.subscriptionId);
    expect(detail.payments[0]!.dispute).toMatchObject({
      id: recorded.body.data.id,
      status: 'needs_response',
      evidenceDueBy: expect.any(String),
    });
    const own = paymentDetailSchema.parse((await callAs(app.t, s.token, 'GET', `/api/user/payments/${s.payment.id}`)).body.data);
    expect(own.payment.dispute).toMatchObject({ status: 'needs_response', amountCents: s.payment.amountCents });

    const lost = await close(app.admin, recorded.body.data.id, 'lost');
    expect(lost.status, JSON.stringify(lost.body)).toBe(200);
    expect(lost.body.data).toMatchObject({ status: 'lost', closedAt: expect.any(String), creditNoteNumber: expect.any(String) });
    // Closed once: again, or the other way, is refused and changes nothing.
    expect((await close(app.admin, recorded.body.data.id, 'lost')).body.code).toBe('payment.dispute_closed');
    expect((await close(app.admin, recorded.body.data.id, 'won')).status).toBe(409);
    expect((await record(app.admin, s.payment.id, body)).body.code).toBe('payment.dispute_closed');
    await settled();

    const notes = await creditNotesOf(s.user.id);
    expect(notes.map((n) => [n.totalCents, n.number])).toEqual([[-s.payment.amountCents, lost.body.data.creditNoteNumber]]);
    expect((await app.t.db.select().from(subscriptions).where(eq(subscriptions.id, s.subscriptionId)))[0]!.status).not.toBe('active');
    const after = await app.t.db.select().from(activityEvents).where(eq(activityEvents.targetId, s.payment.id));
    expect(after.map((h) => h.action).sort()).toEqual(['admin.dispute_closed', 'admin.dispute_recorded']);
  });

  it('won: closed with no money change', async () => {
    const s = await checkoutSubscriber(app.t, 'pro', 'monthly');
    const recorded = await record(app.admin, s.payment.id, { reference: 'RET-WON-1', amountCents: 500, reason: 'product_not_received' });
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
    expect(recorded.body.data).toMatchObject({ amountCents: 500, evidenceDueBy: null });
    const won = await close(app.admin, recorded.body.data.id, 'won');
    expect(won.body.data).toMatchObject({ status: 'won', creditNoteNumber: null });
    await settled();
    expect(await creditNotesOf(s.user.id)).toEqual([]);
    expect((await app.t.db.select().from(subscriptions).where(eq(subscriptions.id, s.subscriptionId)))[0]!.status).toBe('active');
  });

  it('refuses, with a translated reason and nothing recorded: too much, a payment not taken, a reference of another payment, bad fields', async () => {
    const s = await checkoutSubscriber(app.t, 'pro', 'monthly');
    const other = await checkoutSubscriber(app.t, 'pro', 'monthly');
    const ok = { reference: 'RET-X', amountCents: 100, reason: 'duplicate' };

    const tooMuch = await record(app.admin, s.payment.id, { ...ok, amountCents: s.payment.amountCents + 1 });
    expect([tooMuch.status, tooMuch.body.code]).toEqual([422, 'payment.dispute_too_large']);
    expect(tooMuch.body.message).toBe('The chargeback is larger than the payment.');
    for (const bad of [
      { ...ok, amountCents: 0 },
      { ...ok, reference: '  ' },
      { ...ok, reason: 'because' },
      { ...ok, evidenceDueBy: '20-12-2026' },
    ]) {
      const res = await record(app.admin, s.payment.id, bad);
      expect(res.status, JSON.stringify(bad)).toBe(422);
    }

    expect((await record(app.admin, other.payment.id, ok)).status).toBe(200);
    const taken = await record(app.admin, s.payment.id, ok);
    expect([taken.status, taken.body.code]).toEqual([409, 'payment.dispute_reference_used']);

    // A payment that failed was never taken.
    const [failed] = await app.t.db
      .insert(payments)
      .values({
        userId: s.user.id,
        provider: 'sandbox',
        amountCents: 1000,
        status: 'failed',
        purpose: 'renewal',
        description: { en: 'Renewal', es: 'Renovación', jp: '更新' },
        idempotencyKey: `failed-${s.user.id}`,
        subscriptionId: s.subscriptionId,
      })
      .returning();
    expect((await record(app.admin, failed!.id, { ...ok, reference: 'RET-F' })).body.code).toBe('payment.not_disputable');
    expect(await app.t.db.select().from(paymentDisputes).where(eq(paymentDisputes.paymentId, s.payment.id))).toEqual([]);
  });

  it('a Stripe payment’s disputes come from Stripe: 409 on both routes; unknown ids 404; customers 403 on both', async () => {
    const s = await checkoutSubscriber(app.t, 'pro', 'monthly');
    const [stripe] = await app.t.db
      .insert(payments)
      .values({
        userId: s.user.id,
        provider: 'stripe',
        providerChargeRef: `pi_${s.user.id.slice(0, 8)}`,
        amountCents: 1000,
        status: 'succeeded',
        purpose: 'renewal',
        description: { en: 'Renewal', es: 'Renovación', jp: '更新' },
        idempotencyKey: `stripe-${s.user.id}`,
        subscriptionId: s.subscriptionId,
      })
      .returning();
    const ok = { reference: 'RET-S', amountCents: 100, reason: 'general' };
    expect((await record(app.admin, stripe!.id, ok)).body.code).toBe('payment.disputes_from_provider');
    const [dispute] = await app.t.db
      .insert(paymentDisputes)
      .values({
        provider: 'stripe',
        providerRef: `dp_${s.user.id.slice(0, 8)}`,
        paymentId: stripe!.id,
        amountCents: 100,
        reason: 'general',
        status: 'needs_response',
      })
      .returning();
    expect((await close(app.admin, dispute!.id, 'lost')).body.code).toBe('payment.disputes_from_provider');
    expect((await detailOf(s.subscriptionId)).payments.find((p) => p.id === stripe!.id)).toMatchObject({ disputesRecordedHere: false });

    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await record(app.admin, unknown, ok)).status).toBe(404);
    expect((await close(app.admin, unknown, 'won')).status).toBe(404);

    const customer = await freeCustomer(app.t);
    expect((await record(customer.token, s.payment.id, ok)).status).toBe(403);
    expect((await close(customer.token, dispute!.id, 'won')).status).toBe(403);
    expect((await record(s.token, s.payment.id, ok)).status).toBe(403);
  });
});
