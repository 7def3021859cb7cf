import { randomUUID } from 'node:crypto';
import { adminMetricsSchema, creditNoteAnswerSchema } from '@enlaza/contracts';
import { and, asc, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { localDate } from '../../src/lib/time-zone.js';
import { customerCredits, invoiceRecords, invoices, notifications, payments, subscriptionEvents } from '../../src/db/schema/index.js';
import { customerWithCard, PRO_LINE } from '../helpers/invoice-customers.js';
import { callAs, checkoutSubscriber, useTestClockApp } from '../helpers/subscriber.js';
import { waitFor } from '../helpers/test-app.js';

const app = useTestClockApp();

const DAY = 86_400_000;
const clockNow = () => app.clockNow();
/** Within the few seconds a request takes, after `from`. */
const justAfter = (at: Date, from: Date) => {
  expect(at.getTime()).toBeGreaterThanOrEqual(from.getTime());
  expect(at.getTime()).toBeLessThan(from.getTime() + 60_000);
};

describe('everything that dates a record follows the product clock (the sandbox test clock)', () => {
  it('credit notes, their chain records and notifications, admin cancellations and the churn they make', async () => {
    const leaving = await checkoutSubscriber(app.t, 'pro', 'monthly');
    const staying = await checkoutSubscriber(app.t, 'pro', 'monthly');
    // 40 days on: both renewed, by the test clock (their renewal invoices are dated then).
    const moved = await callAs(app.t, app.admin, 'POST', '/api/admin/test-clock/advance', { days: 40 });
    expect(moved.status).toBe(200);
    expect(moved.body.data.ran.renewed).toBe(2);
    const now = await clockNow();
    expect(now.getTime()).toBeGreaterThan(Date.now() + 39 * DAY);

    // An admin cancels one now: the history's time is the product's "now", not the real one.
    const cancelled = await callAs(app.t, app.admin, 'POST', `/api/admin/subscriptions/${leaving.subscriptionId}/cancel`, {
      atPeriodEnd: false,
      reason: 'Asked to leave',
    });
    expect(cancelled.status).toBe(200);
    const [event] = await app.t.db
      .select()
      .from(subscriptionEvents)
      .where(and(eq(subscriptionEvents.subscriptionId, leaving.subscriptionId), eq(subscriptionEvents.kind, 'cancelled')));
    justAfter(event!.at, now);

    // Churn over the last 30 days (of the product's clock): both paid 30 days ago, one left since.
    const metrics = adminMetricsSchema.parse((await callAs(app.t, app.admin, 'GET', '/api/admin/dashboard/metrics')).body.data);
    expect(metrics.generatedAt.slice(0, 10)).toBe(now.toISOString().slice(0, 10));
    expect(metrics.churn).toEqual({ startCustomers: 2, churnedCustomers: 1, rate: 0.5 });

    // A credit note of the renewal invoice (issued by the test clock): dated now, never before it.
    const [renewal] = await app.t.db
      .select()
      .from(payments)
      .where(and(eq(payments.subscriptionId, staying.subscriptionId), eq(payments.purpose, 'renewal')));
    const [renewed] = await app.t.db.select().from(invoices).where(eq(invoices.id, renewal!.invoiceId!));
    justAfter(now, renewed!.issuedAt);
    const answer = await callAs(app.t, app.admin, 'POST', `/api/admin/invoices/${renewed!.id}/credit-notes`, {
      amountCents: 500,
      reason: 'Goodwill',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const note = creditNoteAnswerSchema.parse(answer.body).data;
    justAfter(new Date(note.issuedAt), now);
    expect(new Date(note.issuedAt).getTime()).toBeGreaterThanOrEqual(renewed!.issuedAt.getTime());
    expect(note.issueDate).toBe(localDate(now, 'Europe/Madrid'));
    const [record] = await app.t.db.select().from(invoiceRecords).where(eq(invoiceRecords.invoiceId, note.id));
    expect(record!.generatedAt.slice(0, 10)).toBe(localDate(now, 'Europe/Madrid'));

    // Its notification (after commit), and the renewal's, are dated by the product clock too.
    const noted = await waitFor(
      async () =>
        (
          await app.t.db
            .select()
            .from(notifications)
            .where(and(eq(notifications.userId, staying.user.id), eq(notifications.type, 'invoice_issued')))
            .orderBy(desc(notifications.id))
        ).find((n) => (n.payload as { invoiceId?: string }).invoiceId === note.id),
      "the credit note's notification",
    );
    justAfter(noted.createdAt, now);
    const [paidNote] = await app.t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, staying.user.id), eq(notifications.type, 'payment_succeeded')))
      .orderBy(asc(notifications.id))
      .offset(1);
    justAfter(paidNote!.createdAt, renewed!.issuedAt);
  });

  it('the credit-balance ledger: a plan change’s credit and the balance a later charge uses', async () => {
    const customer = await customerWithCard(app.t);
    await callAs(app.t, app.admin, 'POST', '/api/admin/test-clock/advance', { days: 3 });
    const now = await clockNow();
    expect(now.getTime()).toBeGreaterThan(Date.now() + 2 * DAY);
    const charge = (creditToBalanceCents?: number) =>
      app.t.app.payments.charge({
        userId: customer.user.id,
        method: customer.method,
        idempotencyKey: randomUUID(),
        purpose: 'renewal',
        description: PRO_LINE.description,
        subscriptionId: null,
        locale: 'es',
        lines: [PRO_LINE],
        taxRule: 'domestic',
        ...(creditToBalanceCents === undefined ? {} : { creditToBalanceCents }),
        apply: async () => {},
      });
    // A change whose credit exceeded its charge adds the rest to the balance; the next plan invoice uses it.
    const adding = await charge(300);
    const using = await charge();
    const ledger = await app.t.db.select().from(customerCredits).where(eq(customerCredits.userId, customer.user.id));
    expect(ledger.map((e) => [e.kind, e.amountCents])).toEqual(
      expect.arrayContaining([
        ['plan_change', 300],
        ['applied', -300],
      ]),
    );
    for (const entry of ledger) {
      // Dated with the payment that wrote it, on the product's clock: not the real time three days ago.
      expect(entry.createdAt.getTime(), entry.kind).toBe((entry.kind === 'applied' ? using : adding).createdAt.getTime());
      justAfter(entry.createdAt, now);
    }
  });
});
