import { creditNoteAnswerSchema, subscriptionDataSchema } from '@enlaza/contracts';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, invoiceTaxTotals, paymentRefunds, subscriptionEvents, subscriptions } from '../../src/db/schema/index.js';
import type { InvoiceLineInput } from '../../src/modules/invoices/index.js';
import { customerWithCard } from '../helpers/invoice-customers.js';
import { callAs, checkoutSubscriber } from '../helpers/subscriber.js';
import { ADMIN, createTestApp, login, type TestContext } from '../helpers/test-app.js';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, ADMIN);
}, 240_000);
afterAll(() => t.close());

/** 29.00 € at IVA 21 %: an invoice of 35.09 € (tax 6.09 €). */
const LINE: InvoiceLineInput = {
  description: { en: 'Consulting', es: 'Consultoría', jp: 'コンサルティング' },
  quantity: 1,
  unitAmountCents: 2900,
  taxId: null,
  taxName: 'IVA 21 %',
  taxRateBasisPoints: 2100,
};

/** A 35.09 € invoice, paid through the payments module's charge path (no subscription behind it). */
async function invoice3509() {
  const { user, method } = await customerWithCard(t);
  const payment = await t.app.payments.charge({
    userId: user.id,
    method,
    idempotencyKey: randomUUID(),
    purpose: 'renewal',
    description: LINE.description,
    subscriptionId: null,
    locale: 'es',
    lines: [LINE],
    taxRule: 'domestic',
    apply: async () => {},
  });
  expect(payment.amountCents).toBe(3509);
  return { invoiceId: payment.invoiceId!, paymentId: payment.id };
}

const credit = (id: string, payload: object) => callAs(t, admin, 'POST', `/api/admin/invoices/${id}/credit-notes`, payload);
const issued = async (id: string, payload: object) => {
  const res = await credit(id, payload);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return creditNoteAnswerSchema.parse(res.body).data;
};
const statusOf = async (id: string) => (await t.db.select().from(invoices).where(eq(invoices.id, id)))[0]!.status;
const taxTotalsOf = (id: string) =>
  t.db
    .select({ rate: invoiceTaxTotals.rateBasisPoints, base: invoiceTaxTotals.baseCents, tax: invoiceTaxTotals.taxCents })
    .from(invoiceTaxTotals)
    .where(eq(invoiceTaxTotals.invoiceId, id));

describe('credit notes that add up', () => {
  it('10.00 € + 10.00 € + the rest of a 35.09 € invoice: 10.00 € exactly each, then exactly its base and tax per rate', async () => {
    const { invoiceId, paymentId } = await invoice3509();
    const first = await issued(invoiceId, { amountCents: 1000, reason: 'Ten euros back' });
    const second = await issued(invoiceId, { amountCents: 1000, reason: 'Ten more' });
    expect(await statusOf(invoiceId)).toBe('partially_credited');
    const rest = await issued(invoiceId, { reason: 'The rest' });
    expect([first, second, rest].map((n) => [n.subtotalCents, n.taxCents, n.totalCents])).toEqual([
      [-826, -174, -1000],
      [-826, -174, -1000],
      [-1248, -261, -1509],
    ]);
    expect(rest.serviceEnded).toBeNull(); // no subscription behind this payment
    const refunds = await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId));
    expect(refunds.map((r) => r.amountCents).sort()).toEqual([1000, 1000, 1509]);
    // The credit notes' tax totals, per rate, are the invoice's exactly.
    const notes = await t.db.select().from(invoices).where(eq(invoices.correctedInvoiceId, invoiceId)).orderBy(asc(invoices.sequence));
    const summed = { base: 0, tax: 0 };
    for (const note of notes)
      for (const r of await taxTotalsOf(note.id)) {
        summed.base += r.base;
        summed.tax += r.tax;
      }
    expect(await taxTotalsOf(invoiceId)).toEqual([{ rate: 2100, base: 2900, tax: 609 }]);
    expect(summed).toEqual({ base: -2900, tax: -609 });
    expect(await statusOf(invoiceId)).toBe('credited');
  });

  it('credits an exact base before tax; refuses both kinds at once and more than is left, with translated errors', async () => {
    const { invoiceId } = await invoice3509();
    const both = await credit(invoiceId, { amountCents: 1000, baseCents: 1000, reason: 'Both' });
    expect(both.status).toBe(422);
    expect(both.body.errors.baseCents).toEqual(['Give either the amount with tax or the base before tax, not both.']);
    const base = await issued(invoiceId, { baseCents: 1000, reason: 'Ten euros before tax' });
    expect(base).toMatchObject({ subtotalCents: -1000, taxCents: -210, totalCents: -1210 });
    const tooMuch = await credit(invoiceId, { baseCents: 1901, reason: 'Too much' });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body).toMatchObject({ code: 'invoice.credit_exceeds', errors: { baseCents: [expect.any(String)] } });
    expect(tooMuch.body.message).toContain('19.00 EUR');
    const rest = await issued(invoiceId, { baseCents: 1900, reason: 'The base left' });
    expect(rest).toMatchObject({ subtotalCents: -1900, taxCents: -399, totalCents: -2299 });
    expect(await statusOf(invoiceId)).toBe('credited');
  });

  it('the database refuses a credited status without credit notes that take back the whole invoice', async () => {
    const { invoiceId } = await invoice3509();
    const set = (status: 'credited' | 'partially_credited') => t.db.update(invoices).set({ status }).where(eq(invoices.id, invoiceId));
    await expect(set('credited')).rejects.toThrow();
    await expect(set('partially_credited')).rejects.toThrow();
    await issued(invoiceId, { amountCents: 1000, reason: 'Part' });
    await expect(set('credited')).rejects.toThrow();
    expect(await statusOf(invoiceId)).toBe('partially_credited');
    // A credit note is never anything but issued, and nothing is inserted already credited.
    const [note] = await t.db.select().from(invoices).where(eq(invoices.correctedInvoiceId, invoiceId));
    await expect(t.db.execute(sql`update invoices set status = 'credited' where id = ${note!.id}`)).rejects.toThrow();
  });
});

describe('a full credit ends the service', () => {
  const subscriptionOf = async (id: string) => (await t.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
  const lastEvent = async (id: string) =>
    (
      await t.db
        .select()
        .from(subscriptionEvents)
        .where(eq(subscriptionEvents.subscriptionId, id))
        .orderBy(asc(subscriptionEvents.at), asc(subscriptionEvents.id))
    ).at(-1)!;

  it('at once by default: cancelled, back to Free, and the answer says so', async () => {
    const s = await checkoutSubscriber(t, 'pro', 'monthly');
    const partial = await issued(s.payment.invoiceId, { amountCents: 100, reason: 'A goodwill euro' });
    expect(partial.serviceEnded).toBeNull();
    expect((await subscriptionOf(s.subscriptionId)).status).toBe('active');
    const note = await issued(s.payment.invoiceId, { reason: 'Refund in full' });
    expect(note.serviceEnded).toEqual({ subscriptionId: s.subscriptionId, when: 'now', endsAt: note.issuedAt });
    expect(await subscriptionOf(s.subscriptionId)).toMatchObject({ status: 'cancelled', cancelAtPeriodEnd: false });
    expect(await lastEvent(s.subscriptionId)).toMatchObject({
      kind: 'cancelled',
      detail: { atPeriodEnd: false, invoiceNumber: s.payment.invoiceNumber, reason: 'credited: Refund in full' },
    });
    const data = subscriptionDataSchema.parse((await callAs(t, s.token, 'GET', '/api/datasuscription')).body);
    expect(data.plan?.code).toBe('free');
  });

  it('or at the end of the paid period, when asked: it stops renewing and says when it ends', async () => {
    const s = await checkoutSubscriber(t, 'pro', 'monthly');
    const note = await issued(s.payment.invoiceId, { reason: 'Refund, keep the month', endService: 'period_end' });
    expect(note.serviceEnded).toEqual({ subscriptionId: s.subscriptionId, when: 'period_end', endsAt: s.periodEnd.toISOString() });
    expect(await subscriptionOf(s.subscriptionId)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect(await lastEvent(s.subscriptionId)).toMatchObject({ kind: 'cancel_scheduled', detail: { atPeriodEnd: true } });
    const plan = await callAs(t, s.token, 'GET', '/api/user/myplan');
    expect(plan.body.data.renewsAt).toBeNull();
  });

  it('leaves a subscription alone when the invoice credited paid for no running period of it', async () => {
    const s = await checkoutSubscriber(t, 'pro', 'monthly');
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/subscriptions/${s.subscriptionId}/cancel`,
      headers: { authorization: `Bearer ${admin}` },
      payload: { atPeriodEnd: false, reason: 'left' },
    });
    const note = await issued(s.payment.invoiceId, { reason: 'Refund after the end' });
    expect(note.serviceEnded).toBeNull();
    expect(
      await t.db
        .select()
        .from(subscriptionEvents)
        .where(and(eq(subscriptionEvents.subscriptionId, s.subscriptionId), eq(subscriptionEvents.kind, 'cancelled'))),
    ).toHaveLength(1);
  });
});
