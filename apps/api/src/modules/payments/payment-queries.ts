import { and, desc, eq, gte, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { paymentRefunds, payments } from './schema.js';

type NewPayment = typeof payments.$inferInsert;
type Db = Database | Transaction;

/** Payments and their refunds. */
export function paymentQueries(db: Database) {
  return {
    /** The customer's payment of an idempotency key (keys are per customer). */
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

    async linkSubscription(tx: Transaction, paymentId: string, subscriptionId: string) {
      await tx.update(payments).set({ subscriptionId }).where(eq(payments.id, paymentId));
    },

    listPayments: (userId: string, limit: number) =>
      db.select().from(payments).where(eq(payments.userId, userId)).orderBy(desc(payments.createdAt)).limit(limit),

    async refundByKey(key: string) {
      const [row] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.idempotencyKey, key));
      return row;
    },

    /** Records a refund once per key and raises the payment's refunded total. */
    async recordRefund(tx: Transaction, paymentId: string, key: string, amountCents: number, providerRefundRef: string) {
      const [refund] = await tx
        .insert(paymentRefunds)
        .values({ paymentId, idempotencyKey: key, amountCents, providerRefundRef })
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
