import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { offers } from '../catalogue/schema.js';
import { createdAt, primaryId, updatedAt } from '../../platform/columns.js';
import { subscriptions } from '../subscriptions/schema.js';
import { users } from '../account/schema.js';

/** A saved card: the provider's token plus what may be shown. The card number is never stored. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: primaryId(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text().notNull(),
    providerToken: text().notNull(),
    brand: text().notNull(),
    last4: text().notNull(),
    expMonth: integer().notNull(),
    expYear: integer().notNull(),
    holder: text().notNull(),
    isDefault: boolean().notNull().default(false),
    /** Removed by the owner: hidden, kept for the payments that name it. */
    removedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId)],
);

/** `seats`: seats a per-seat subscription gained in its period, charged for the rest of it. */
export type PaymentPurpose = 'subscription' | 'upgrade' | 'add_on' | 'renewal' | 'seats';

/**
 * One charge attempt. `idempotencyKey` is unique per customer: the same customer's key again returns
 * this row instead of charging; `amountCents` is the amount the key was first used with (another
 * amount is refused). Another customer's key of the same text is another key.
 */
export const payments = pgTable(
  'payments',
  {
    id: primaryId(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    methodId: uuid().references(() => paymentMethods.id),
    subscriptionId: uuid().references(() => subscriptions.id, { onDelete: 'set null' }),
    idempotencyKey: text().notNull(),
    amountCents: integer().notNull(),
    refundedCents: integer().notNull().default(0),
    currency: text().notNull().default('EUR'),
    status: text({ enum: ['succeeded', 'failed', 'refunded', 'partially_refunded'] }).notNull(),
    purpose: text({ enum: ['subscription', 'upgrade', 'add_on', 'renewal', 'seats'] }).notNull(),
    /** What was bought, in each language (copied from the catalogue). */
    description: jsonb().$type<{ en: string; es: string; jp: string }>().notNull(),
    methodBrand: text(),
    methodLast4: text(),
    provider: text().notNull(),
    providerChargeRef: text(),
    failureCode: text(),
    /** Set by the invoices module's `issueInvoice` (no foreign key: the invoices module owns that table). */
    invoiceId: uuid(),
    invoiceNumber: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex().on(t.userId, t.idempotencyKey),
    index().on(t.userId, t.createdAt),
    index().on(t.createdAt, t.id),
    index().on(t.subscriptionId, t.createdAt),
    // The dashboard's churn asks "was this subscription charged by then?" once per paid subscription: answered from this index alone.
    index('payments_charged_subscription_idx')
      .on(t.subscriptionId, t.createdAt)
      .where(sql`${t.status} <> 'failed'`),
  ],
);

/** Refunds per idempotency key (credit notes refund through `refundPayment`). */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: primaryId(),
    paymentId: uuid()
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    idempotencyKey: text().notNull(),
    amountCents: integer().notNull(),
    providerRefundRef: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex().on(t.idempotencyKey), index().on(t.paymentId)],
);

/**
 * A plan change waiting for the end of the period (a downgrade). One per subscription; the renewal
 * at the period's end charges the new offer and deletes the row; the user may cancel it before.
 */
export const scheduledPlanChanges = pgTable('scheduled_plan_changes', {
  subscriptionId: uuid()
    .primaryKey()
    .references(() => subscriptions.id, { onDelete: 'cascade' }),
  offerId: uuid()
    .notNull()
    .references(() => offers.id),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * The customer's credit balance, kept as a ledger (Stripe's customer balance): a plan change whose
 * credit for unused time is larger than what the new plan costs adds the rest (`plan_change`,
 * positive); a later charge takes it off its invoice as a line (`applied`, negative). The balance
 * is the sum; amounts before tax, in cents. One entry of each kind per payment: a retried charge
 * finds its entry instead of writing another.
 */
export const customerCredits = pgTable(
  'customer_credits',
  {
    id: primaryId(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountCents: integer().notNull(),
    kind: text({ enum: ['plan_change', 'applied'] }).notNull(),
    /** The payment that added or used it. */
    paymentId: uuid()
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex().on(t.paymentId, t.kind), index().on(t.userId, t.createdAt)],
);

/**
 * Seat additions of a per-seat subscription (seats.ts, seat-additions.ts): one run at a time per
 * subscription (`leaseUntil`, real time), and the addition whose charge failed, retried as a failed
 * renewal is (+1, +3 and +7 days after the first failure, product time) until it is paid, the period
 * is renewed (the renewal bills the seats needed then) or the subscription expires. The columns
 * after the lease are null when nothing is being retried. No user_id: the row goes with its
 * subscription and holds nothing personal.
 */
export const seatAdditions = pgTable(
  'seat_additions',
  {
    subscriptionId: uuid()
      .primaryKey()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    leaseUntil: timestamp({ withTimezone: true }),
    /** The period (its end) the failed addition is for. */
    periodEnd: timestamp({ withTimezone: true }),
    /** The seats it raises the subscription to. */
    seats: integer(),
    /** The instant the added seats are charged from: each retry charges what the first attempt asked. */
    chargedFrom: timestamp({ withTimezone: true }),
    /** Failed charges so far (1: the addition itself; 2–3: retries). */
    attempt: integer().notNull().default(0),
    failedSince: timestamp({ withTimezone: true }),
    nextAttemptAt: timestamp({ withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.nextAttemptAt)],
);
