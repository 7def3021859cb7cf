import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { paymentRefunds, payments, providerEvents } from './schema.js';

type NewPayment = typeof payments.$inferInsert;
type Db = Database | Transaction;

/** Payments and their refunds. */
export function paymentQueries(db: Database) {
  return {
    /** The customer's payment of an idempotency key (keys are per customer). */
    /** Whether the customer has paid anything before (a first-time-only promotion code is for those who have not). */
    async hasPaid(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.userId, userId), inArray(payments.status, ['succeeded', 'processing', 'refunded', 'partially_refunded'])))
        .limit(1);
      return Boolean(row);
    },

    async paymentByKey(userId: string, key: string, q: Db = db) {
      const [row] = await q
        .select()
        .from(payments)
        .where(and(eq(payments.userId, userId), eq(payments.idempotencyKey, key)));
      return row;
    },

    /**
     * The payment that bought the period starting at `periodStart` (a checkout, an upgrade or a
     * renewal of the subscription, charged in that period, with its invoice): the latest such.
     */
    async periodPayment(subscriptionId: string, periodStart: Date, q: Db = db) {
      const [row] = await q
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.subscriptionId, subscriptionId),
            inArray(payments.purpose, ['subscription', 'upgrade', 'renewal']),
            ne(payments.status, 'failed'),
            isNotNull(payments.invoiceId),
            gte(payments.createdAt, periodStart),
          ),
        )
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(1);
      return row;
    },

    async payment(id: string, q: Db = db) {
      const [row] = await q.select().from(payments).where(eq(payments.id, id));
      return row;
    },

    /** Inserts the payment unless the customer's key exists (a concurrent retry): then answers undefined. */
    async insertPayment(q: Db, values: NewPayment) {
      const [row] = await q
        .insert(payments)
        .values(values)
        .onConflictDoNothing({ target: [payments.userId, payments.idempotencyKey] })
        .returning();
      return row;
    },

    async setInvoice(tx: Transaction, paymentId: string, invoiceId: string, invoiceNumber: string) {
      const [row] = await tx
        .update(payments)
        .set({ invoiceId, invoiceNumber, updatedAt: new Date() })
        .where(eq(payments.id, paymentId))
        .returning();
      return row;
    },

    /**
     * Moves a payment out of a pending state (`requires_action`, or `processing` for a debit) once:
     * answers the row when this call moved it, undefined when it was not in `from` any more.
     */
    async settlePending(tx: Transaction, id: string, from: 'requires_action' | 'processing', values: Partial<NewPayment>) {
      const [row] = await tx
        .update(payments)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(payments.id, id), eq(payments.status, from)))
        .returning();
      return row;
    },

    /**
     * Changes how a payment still waiting for its customer is paid (Bizum chosen on its page, or back
     * to waiting after a Bizum attempt failed) once: only while it waits with the provider reference
     * `fromRef`; answers the row when this call changed it.
     */
    async repointPending(id: string, fromRef: string | null, values: Partial<NewPayment>) {
      const [row] = await db
        .update(payments)
        .set({ ...values, updatedAt: new Date() })
        .where(
          and(
            eq(payments.id, id),
            eq(payments.status, 'requires_action'),
            fromRef === null ? isNull(payments.providerChargeRef) : eq(payments.providerChargeRef, fromRef),
          ),
        )
        .returning();
      return row;
    },

    /** Debits still settling, oldest first (the sweep asks the provider about each). */
    processing: (limit: number, after?: { createdAt: Date; id: string }) =>
      db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.status, 'processing'),
            after ? sql`(${payments.createdAt}, ${payments.id}) > (${after.createdAt}, ${after.id})` : undefined,
          ),
        )
        .orderBy(asc(payments.createdAt), asc(payments.id))
        .limit(limit),

    async paymentByRef(ref: string) {
      const [row] = await db.select().from(payments).where(eq(payments.providerChargeRef, ref));
      return row;
    },

    async linkSubscription(tx: Transaction, paymentId: string, subscriptionId: string) {
      await tx.update(payments).set({ subscriptionId }).where(eq(payments.id, paymentId));
    },

    listPayments: (userId: string, limit: number) =>
      db.select().from(payments).where(eq(payments.userId, userId)).orderBy(desc(payments.createdAt)).limit(limit),

    /**
     * Deletes the providers' webhook events processed and received before `before` (a redelivery of
     * one so old no longer comes: Stripe retries for 3 days); unprocessed ones stay for their job.
     */
    async purgeProviderEvents(before: Date): Promise<number> {
      const deleted = await db
        .delete(providerEvents)
        .where(and(lt(providerEvents.receivedAt, before), isNotNull(providerEvents.processedAt)))
        .returning({ id: providerEvents.eventId });
      return deleted.length;
    },

    async refundByKey(key: string) {
      const [row] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.idempotencyKey, key));
      return row;
    },

    /** Records a refund once per key and raises the payment's refunded total. */
    async recordRefund(
      tx: Transaction,
      paymentId: string,
      key: string,
      amountCents: number,
      providerRefundRef: string,
      source: 'app' | 'provider' = 'app',
    ) {
      const [refund] = await tx
        .insert(paymentRefunds)
        .values({ paymentId, idempotencyKey: key, amountCents, providerRefundRef, source })
        .onConflictDoNothing({ target: paymentRefunds.idempotencyKey })
        .returning();
      if (!refund) return false;
      await tx
        .update(payments)
        .set({
          refundedCents: sql`${payments.refundedCents} + ${amountCents}`,
          status: sql`case when ${payments.refundedCents} + ${amountCents} >= ${payments.amountCents} then 'refunded' else 'partially_refunded' end`,
          updatedAt: new Date(),
        })
        .where(eq(payments.id, paymentId));
      return true;
    },
  };
}
