import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { billingPeriods, offers, paymentMethods, payments, plans, subscriptions } from '../../src/db/schema/index.js';
import { quoteTotals, type InvoiceLineInput } from '../../src/modules/invoices/index.js';
import type { Transaction } from '../../src/db/client.js';
import type { TestContext } from './test-app.js';
import { saveTestMethodFor } from './sandbox-methods.js';

const DAY = 86_400_000;
export const daysAgo = (days: number, now = Date.now()) => new Date(now - days * DAY);

/** A subscription row as the payments module leaves it, on the seeded offer of `plan` × `period`. */
export async function subscribe(
  t: TestContext,
  userId: string,
  plan: 'pro' | 'business',
  period: 'monthly' | 'yearly',
  values: Partial<typeof subscriptions.$inferInsert> = {},
) {
  const [offer] = await t.db
    .select({ id: offers.id, planId: offers.planId, priceCents: offers.priceCents, months: billingPeriods.months })
    .from(offers)
    .innerJoin(plans, eq(plans.id, offers.planId))
    .innerJoin(billingPeriods, eq(billingPeriods.id, offers.billingPeriodId))
    .where(and(eq(plans.code, plan), eq(billingPeriods.code, period)));
  if (!offer) throw new Error(`no seeded offer ${plan}/${period}`);
  const start = values.currentPeriodStart ?? new Date();
  const row = {
    userId,
    planId: offer.planId,
    offerId: offer.id,
    status: 'active' as const,
    currentPeriodStart: start,
    currentPeriodEnd: new Date(start.getTime() + offer.months * 30 * DAY),
    ...values,
  };
  // The renewals job runs every minute in the test app: a running subscription whose period has
  // already ended would be charged by it at some moment of the test (a race seen in CI), so a
  // fixture must describe a period still under way.
  if (
    ['trialing', 'active', 'past_due'].includes(row.status) &&
    row.currentPeriodEnd &&
    row.currentPeriodEnd.getTime() <= Date.now() + DAY
  ) {
    throw new Error(
      `fixture subscription due for renewal (period ends ${row.currentPeriodEnd.toISOString()}): the renewals job would charge it mid-test`,
    );
  }
  const [inserted] = await t.db.insert(subscriptions).values(row).returning();
  return { subscription: inserted!, offer };
}

const line = (unitAmountCents: number): InvoiceLineInput => ({
  description: { en: 'Plan', es: 'Plan', jp: 'プラン' },
  quantity: 1,
  unitAmountCents,
  taxId: null,
  taxName: 'IVA 21 %',
  taxRateBasisPoints: 2100,
});

/**
 * A succeeded payment at `when` charged by the sandbox on a saved sandbox test card (visa), stored and invoiced
 * in one transaction as the payments module's charge path does (the product's clock cannot be moved).
 */
export async function paidAt(t: TestContext, userId: string, subscriptionId: string | null, subtotalCents: number, when: Date) {
  return paidWithLines(t, userId, subscriptionId, [line(subtotalCents)], when);
}

type PaymentRow = typeof payments.$inferSelect;
type Hook = (tx: Transaction, payment: PaymentRow) => Promise<unknown>;

/** `paidAt` with the invoice's `lines`, and what else the transaction writes before or after the invoice. */
export async function paidWithLines(
  t: TestContext,
  userId: string,
  subscriptionId: string | null,
  lines: InvoiceLineInput[],
  when: Date,
  { beforeInvoice, afterInvoice }: { beforeInvoice?: Hook; afterInvoice?: Hook } = {},
) {
  const card = await saveTestMethodFor(t, { id: userId, name: 'Fixture' });
  const [method] = await t.db.select().from(paymentMethods).where(eq(paymentMethods.id, card.id));
  const amountCents = quoteTotals(lines).totalCents;
  const idempotencyKey = randomUUID();
  const charged = await t.app.payments.provider.charge({
    customer: { userId, email: '', name: 'Fixture', providerCustomerRef: null },
    methodRef: method!.providerToken,
    amountCents,
    currency: 'EUR',
    idempotencyKey,
    offSession: true,
    description: 'fixture',
  });
  if (charged.status !== 'succeeded') throw new Error('sandbox refused the charge');
  return t.db.transaction(async (tx) => {
    const [payment] = await tx
      .insert(payments)
      .values({
        userId,
        methodId: method!.id,
        subscriptionId,
        idempotencyKey,
        amountCents,
        status: 'succeeded',
        purpose: 'renewal',
        description: lines[0]!.description,
        methodBrand: method!.brand,
        methodLast4: method!.last4,
        provider: t.app.payments.provider.name,
        providerChargeRef: charged.ref,
        createdAt: when,
        updatedAt: when,
      })
      .returning();
    await beforeInvoice?.(tx, payment!);
    const invoice = await t.app.invoiceIssuer.issueInvoice(tx, {
      userId,
      paymentId: payment!.id,
      currency: 'EUR',
      locale: 'en',
      lines,
      taxRule: 'domestic',
      issuedAt: when,
    });
    await tx.update(payments).set({ invoiceId: invoice.id, invoiceNumber: invoice.number }).where(eq(payments.id, payment!.id));
    await afterInvoice?.(tx, payment!);
    return { payment: payment!, invoice };
  });
}
