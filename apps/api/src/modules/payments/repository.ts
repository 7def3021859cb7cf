import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { taxPositionPiece, userPiece } from '../account/index.js';
import {
  activeAddOn,
  activeAddOns,
  activeTax,
  catalogueVersionSql,
  defaultTax,
  offerDetails,
  offerMonthsSql,
  type BillingPeriodRow,
  type OfferRow,
  type PlanRow,
} from '../catalogue/index.js';
import {
  addSubscriptionAddOn,
  insertSubscription,
  lockRunningSubscription,
  lockSubscription,
  runningPlanPiece,
  runningSubscription,
  updateSubscription,
  type SubscriptionRow,
  type SubscriptionValues,
} from '../subscriptions/index.js';
import { creditBalanceQueries } from './credit-balance.js';
import { seatAdditionQueries } from './seat-addition-queries.js';
import { seatsInUseSql } from './seats.js';
import { paymentQueries } from './payment-queries.js';
import { disputeQueries } from './dispute-queries.js';
import { paymentCustomers, paymentMethodSetups, paymentMethods, scheduledPlanChanges, type payments } from './schema.js';

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;
export type { OfferRow, PlanRow, SubscriptionRow };
export type PeriodRow = BillingPeriodRow;
type Db = Database | Transaction;

export function createPaymentsRepository(db: Database) {
  // Everything the plans page reads besides the kept catalogue, in one statement (one round trip,
  // one connection, one database snapshot), prepared once: the customer's account type, the running
  // subscription's plan and offer (with the offer's period length), the catalogue's version and the
  // seats the customer fills (what a per-seat offer would bill them).
  const customer = userPiece('plans_customer');
  const running = runningPlanPiece(sql.placeholder('userId'), 'plans_running');
  const position = taxPositionPiece('plans_tax_position');
  const plansState = db
    .select({
      accountTypeId: customer.accountTypeId,
      planId: running.planId,
      planIsFree: running.planIsFree,
      planSortOrder: running.planSortOrder,
      offerId: running.offerId,
      periodMonths: offerMonthsSql(running.offerId),
      catalogueVersion: catalogueVersionSql(),
      taxCountry: position.country,
      taxPostalCode: position.postalCode,
      taxId: position.taxId,
      seatsInUse: seatsInUseSql(sql.placeholder('userId')),
    })
    .from(customer)
    .innerJoin(position, eq(position.id, customer.id))
    .leftJoin(running, sql`true`)
    .where(eq(customer.id, sql.placeholder('userId')))
    .prepare('payments_plans_state');

  return {
    db,
    transaction: <T>(work: (tx: Transaction) => Promise<T>) => db.transaction(work),

    async customer(userId: string) {
      const user = userPiece('customer');
      const [row] = await db
        .select({
          id: user.id,
          role: user.role,
          locale: user.locale,
          accountTypeId: user.accountTypeId,
          name: user.name,
          email: user.email,
        })
        .from(user)
        .where(eq(user.id, userId));
      return row;
    },

    /** The plans page's state of a user (see `plansState` above); undefined when there is no such user. */
    async plansState(userId: string) {
      const [row] = await plansState.execute({ userId });
      return row;
    },

    // ---- the customer at the provider
    async providerCustomerRef(userId: string, provider: string) {
      const [row] = await db
        .select({ ref: paymentCustomers.providerCustomerRef })
        .from(paymentCustomers)
        .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, provider)));
      return row?.ref ?? null;
    },
    async saveProviderCustomerRef(userId: string, provider: string, ref: string) {
      await db.insert(paymentCustomers).values({ userId, provider, providerCustomerRef: ref }).onConflictDoNothing();
    },

    async recordSetup(values: typeof paymentMethodSetups.$inferInsert) {
      await db.insert(paymentMethodSetups).values(values);
    },
    async setup(setupId: string) {
      const [row] = await db.select().from(paymentMethodSetups).where(eq(paymentMethodSetups.setupId, setupId));
      return row;
    },

    // ---- methods
    async methodByRef(userId: string, ref: string, q: Db = db) {
      const [row] = await q
        .select()
        .from(paymentMethods)
        .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.providerToken, ref), isNull(paymentMethods.removedAt)));
      return row;
    },
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

    /** The method renewals and seats charge: the default one, else the oldest; never one detached at the provider. */
    async defaultMethod(userId: string, q: Db = db) {
      const [row] = await q
        .select()
        .from(paymentMethods)
        .where(and(eq(paymentMethods.userId, userId), isNull(paymentMethods.removedAt), isNull(paymentMethods.detachedAt)))
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

    // ---- the catalogue (read only) and subscriptions, through their owners' pieces
    defaultTax: () => defaultTax(db),
    activeTax: (id: string) => activeTax(db, id),

    offer: (id: string) => offerDetails(db, id),
    activeAddOns: () => activeAddOns(db),
    addOn: (id: string) => activeAddOn(db, id),

    running: (userId: string, q: Db = db) => runningSubscription(q, userId),
    lockRunning: (tx: Transaction, userId: string) => lockRunningSubscription(tx, userId),
    lockSubscription: (tx: Transaction, id: string) => lockSubscription(tx, id),
    updateSubscription: (tx: Transaction, id: string, values: Partial<SubscriptionValues>) => updateSubscription(tx, id, values),
    insertSubscription: (tx: Transaction, values: SubscriptionValues) => insertSubscription(tx, values),
    addAddOn: (tx: Transaction, subscriptionId: string, addOnId: string, validUntil: Date) =>
      addSubscriptionAddOn(tx, subscriptionId, addOnId, validUntil),

    /** The offer, plan and period of the subscription's scheduled change (one statement: the change's offer is a subquery). */
    pendingChange: (subscriptionId: string) =>
      offerDetails(
        db,
        sql`(select ${scheduledPlanChanges.offerId} from ${scheduledPlanChanges} where ${scheduledPlanChanges.subscriptionId} = ${subscriptionId})`,
      ),

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

    // ---- payments (payment-queries.ts)
    ...paymentQueries(db),
    // ---- disputes and refunds made at the provider (dispute-queries.ts)
    ...disputeQueries(db),
    // ---- the customer's credit balance (credit-balance.ts)
    ...creditBalanceQueries(db),
    // ---- seat additions of per-seat subscriptions (seat-addition-queries.ts)
    ...seatAdditionQueries(db),
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
