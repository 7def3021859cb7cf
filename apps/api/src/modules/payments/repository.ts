import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { addOns, billingPeriods, offers, plans, subscriptionAddOns, subscriptions, taxes, users } from '../../db/schema/index.js';
import { paymentMethods, paymentRefunds, payments, scheduledPlanChanges } from './schema.js';

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;
export type OfferRow = typeof offers.$inferSelect;
export type PlanRow = typeof plans.$inferSelect;
export type PeriodRow = typeof billingPeriods.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
type Db = Database | Transaction;

const RUNNING = sql`${subscriptions.status} in ('trialing', 'active', 'past_due')`;

export function createPaymentsRepository(db: Database) {
  return {
    db,
    transaction: <T>(work: (tx: Transaction) => Promise<T>) => db.transaction(work),

    async customer(userId: string) {
      const [row] = await db
        .select({ id: users.id, role: users.role, locale: users.locale, accountTypeId: users.accountTypeId })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },

    // ---- methods
    listMethods: (userId: string) =>
      db
        .select()
        .from(paymentMethods)
        .where(and(eq(paymentMethods.userId, userId), isNull(paymentMethods.removedAt)))
        .orderBy(desc(paymentMethods.isDefault), asc(paymentMethods.createdAt)),

    async findMethod(userId: string, id: string, q: Db = db) {
      const [row] = await q
        .select()
        .from(paymentMethods)
        .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId), isNull(paymentMethods.removedAt)));
      return row;
    },

    async defaultMethod(userId: string, q: Db = db) {
      const [row] = await q
        .select()
        .from(paymentMethods)
        .where(and(eq(paymentMethods.userId, userId), isNull(paymentMethods.removedAt)))
        .orderBy(desc(paymentMethods.isDefault), asc(paymentMethods.createdAt))
        .limit(1);
      return row;
    },

    async insertMethod(tx: Transaction, values: typeof paymentMethods.$inferInsert) {
      const [row] = await tx.insert(paymentMethods).values(values).returning();
      if (!row) throw new Error('insert payment method failed');
      return row;
    },

    async setDefault(tx: Transaction, userId: string, id: string) {
      await tx
        .update(paymentMethods)
        .set({ isDefault: sql`${paymentMethods.id} = ${id}` })
        .where(eq(paymentMethods.userId, userId));
    },

    async removeMethod(tx: Transaction, userId: string, id: string) {
      await tx
        .update(paymentMethods)
        .set({ removedAt: new Date(), isDefault: false })
        .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId)));
    },

    // ---- catalogue (read only)
    async defaultTax() {
      const [row] = await db
        .select()
        .from(taxes)
        .where(and(eq(taxes.isDefault, true), eq(taxes.active, true)))
        .limit(1);
      return row;
    },

    /**
     * Active offers of active plans that this user's account type may buy (offers without a type are
     * for everyone); the account type is read in the same query, so it runs alongside the others.
     */
    visibleOffersFor(userId: string) {
      const accountType = sql`(select ${users.accountTypeId} from ${users} where ${users.id} = ${userId})`;
      return db
        .select({ offer: offers, plan: plans, period: billingPeriods })
        .from(offers)
        .innerJoin(plans, eq(plans.id, offers.planId))
        .innerJoin(billingPeriods, eq(billingPeriods.id, offers.billingPeriodId))
        .where(
          and(
            eq(offers.active, true),
            eq(plans.active, true),
            eq(billingPeriods.active, true),
            or(isNull(offers.accountTypeId), sql`${offers.accountTypeId} = ${accountType}`),
          ),
        )
        .orderBy(asc(plans.sortOrder), asc(billingPeriods.months), asc(offers.priceCents));
    },

    activePlans: () => db.select().from(plans).where(eq(plans.active, true)).orderBy(asc(plans.sortOrder)),

    async offer(id: string) {
      const [row] = await db
        .select({ offer: offers, plan: plans, period: billingPeriods })
        .from(offers)
        .innerJoin(plans, eq(plans.id, offers.planId))
        .innerJoin(billingPeriods, eq(billingPeriods.id, offers.billingPeriodId))
        .where(eq(offers.id, id));
      return row;
    },

    activeAddOns: () => db.select().from(addOns).where(eq(addOns.active, true)).orderBy(asc(addOns.priceCents)),
    async addOn(id: string) {
      const [row] = await db
        .select()
        .from(addOns)
        .where(and(eq(addOns.id, id), eq(addOns.active, true)));
      return row;
    },

    // ---- subscriptions
    async running(userId: string, q: Db = db) {
      const [row] = await q
        .select({ subscription: subscriptions, plan: plans })
        .from(subscriptions)
        .innerJoin(plans, eq(plans.id, subscriptions.planId))
        .where(and(eq(subscriptions.userId, userId), RUNNING))
        .orderBy(desc(subscriptions.createdAt))
        .limit(1);
      return row;
    },

    /** Locks the running subscription row for the change (PostgreSQL; PGlite has one connection anyway). */
    async lockRunning(tx: Transaction, userId: string) {
      const [row] = await tx
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, userId), RUNNING))
        .orderBy(desc(subscriptions.createdAt))
        .limit(1)
        .for('update');
      return row;
    },

    async updateSubscription(tx: Transaction, id: string, values: Partial<typeof subscriptions.$inferInsert>) {
      await tx
        .update(subscriptions)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(subscriptions.id, id));
    },

    async insertSubscription(tx: Transaction, values: typeof subscriptions.$inferInsert) {
      const [row] = await tx.insert(subscriptions).values(values).returning();
      if (!row) throw new Error('insert subscription failed');
      return row;
    },

    async addAddOn(tx: Transaction, subscriptionId: string, addOnId: string, validUntil: Date) {
      await tx.insert(subscriptionAddOns).values({ subscriptionId, addOnId, validUntil });
    },

    async pendingChange(subscriptionId: string) {
      const [row] = await db
        .select({ change: scheduledPlanChanges, offer: offers, plan: plans, period: billingPeriods })
        .from(scheduledPlanChanges)
        .innerJoin(offers, eq(offers.id, scheduledPlanChanges.offerId))
        .innerJoin(plans, eq(plans.id, offers.planId))
        .innerJoin(billingPeriods, eq(billingPeriods.id, offers.billingPeriodId))
        .where(eq(scheduledPlanChanges.subscriptionId, subscriptionId));
      return row;
    },

    async schedule(tx: Transaction, subscriptionId: string, offerId: string) {
      await tx
        .insert(scheduledPlanChanges)
        .values({ subscriptionId, offerId })
        .onConflictDoUpdate({ target: scheduledPlanChanges.subscriptionId, set: { offerId, updatedAt: new Date() } });
    },

    async unschedule(tx: Transaction, subscriptionId: string) {
      const rows = await tx.delete(scheduledPlanChanges).where(eq(scheduledPlanChanges.subscriptionId, subscriptionId)).returning();
      return rows.length > 0;
    },

    // ---- payments
    async paymentByKey(key: string, q: Db = db) {
      const [row] = await q.select().from(payments).where(eq(payments.idempotencyKey, key));
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

    /** Inserts the payment unless its key exists (a concurrent retry): then answers undefined. */
    async insertPayment(q: Db, values: NewPayment) {
      const [row] = await q.insert(payments).values(values).onConflictDoNothing({ target: payments.idempotencyKey }).returning();
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

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
