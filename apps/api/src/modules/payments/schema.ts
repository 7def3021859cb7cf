import { DISPUTE_STATUSES } from '@enlaza/contracts';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { offers } from '../catalogue/schema.js';
import { createdAt, primaryId, updatedAt } from '../../platform/columns.js';
import { subscriptions } from '../subscriptions/schema.js';
import { users } from '../account/schema.js';

/**
 * A saved payment method (a card or a SEPA account): the provider's reference plus what may be shown.
 * The number never reaches the server (the provider's component took it in the browser). A SEPA
 * account keeps the mandate the customer accepted: its text, when, and from which IP and browser
 * (what Stripe's `mandate_data` asks for).
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: primaryId(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text().notNull(),
    kind: text({ enum: ['card', 'sepa_debit'] })
      .notNull()
      .default('card'),
    /** The provider's reference of the method (Stripe `pm_…`, the sandbox's `sbx_pm_…`). */
    providerToken: text().notNull(),
    brand: text().notNull(),
    last4: text().notNull(),
    /** Cards only (null for a SEPA account). */
    expMonth: integer(),
    expYear: integer(),
    holder: text().notNull(),
    mandateText: text(),
    mandateAcceptedAt: timestamp({ withTimezone: true }),
    mandateIp: text(),
    mandateUserAgent: text(),
    isDefault: boolean().notNull().default(false),
    /** Removed by the owner: hidden, kept for the payments that name it. */
    removedAt: timestamp({ withTimezone: true }),
    /** Detached at the provider (Stripe's `payment_method.detached`): still shown, marked unusable, never charged. */
    detachedAt: timestamp({ withTimezone: true }),
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
    /**
     * `requires_action`: waiting for the customer's authentication (nothing applied, no invoice);
     * `processing`: a SEPA debit accepted, settling days later (service delivered, invoice issued).
     */
    status: text({ enum: ['succeeded', 'failed', 'refunded', 'partially_refunded', 'requires_action', 'processing'] }).notNull(),
    purpose: text({ enum: ['subscription', 'upgrade', 'add_on', 'renewal', 'seats'] }).notNull(),
    /** What was bought, in each language (copied from the catalogue). */
    description: jsonb().$type<{ en: string; es: string; jp: string }>().notNull(),
    methodBrand: text(),
    methodLast4: text(),
    provider: text().notNull(),
    providerChargeRef: text(),
    failureCode: text(),
    /** A payment waiting for authentication: what the provider's component needs to complete it (Stripe's client secret). */
    nextActionSecret: text(),
    /**
     * The request that made it (`args`, per purpose) and what it charges (lines, rule, balance): a
     * payment waiting for authentication completes with the same key and amount when the customer's
     * browser is gone (`payments.resume`); a delivered one is undone from it when the money does not
     * stay (a returned debit, a lost dispute). Null on failed payments and on those made before it was kept for all.
     */
    resume: jsonb().$type<PaymentResume>(),
    /** When a `processing` payment settled or failed (the product's clock). */
    settledAt: timestamp({ withTimezone: true }),
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
      .where(sql`${t.status} not in ('failed', 'requires_action')`),
    index().on(t.providerChargeRef),
    // The sweep asks the provider about the debits still settling.
    index('payments_processing_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'processing'`),
  ],
);

/** The request a pending payment repeats when it completes (see `payments.resume`). */
export type ResumeArgs =
  /** `methodId`, or `bizum` (paid once on the provider's page). */
  | { kind: 'checkout'; offerId: string; methodId?: string; bizum?: true; promotionCode?: string }
  | { kind: 'add_on'; addOnId: string; methodId?: string; bizum?: true; subscriptionId: string; validUntil: string; promotionCode?: string }
  /** `periodEnd`: the end of the period renewed (the new one's start); `previousPeriodStart`: that period's start. */
  | { kind: 'renewal'; subscriptionId: string; periodEnd: string; previousPeriodStart: string }
  | {
      kind: 'seats';
      userId: string;
      subscriptionId: string;
      to: number;
      chargedFrom: string;
      periodEnd: string;
      attempt: number;
      failedSince: string | null;
    };

/** An invoice line as stored with a pending payment (dates as ISO strings). */
export type StoredLine = {
  description: { en: string; es: string; jp: string };
  quantity: number;
  unitAmountCents: number;
  taxId: string | null;
  taxName: string;
  taxRateBasisPoints: number;
  period?: { start: string; end: string };
};

export type PaymentResume = {
  /** Null: a charge made without a request to repeat (only the same call with the same key completes it). */
  args: ResumeArgs | null;
  locale: 'en' | 'es' | 'jp';
  lines: StoredLine[];
  taxRule: string;
  appliedCents: number;
  creditToBalanceCents: number | null;
};

/**
 * The setups this app started at the provider (`POST /api/user/methods/setup`), with the customer who
 * started each: a setup is saved only by that customer (another's is 404), whatever the provider.
 */
export const paymentMethodSetups = pgTable(
  'payment_method_setups',
  {
    setupId: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text().notNull(),
    kind: text({ enum: ['card', 'sepa_debit'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId)],
);

/** The customer as the provider knows them (Stripe's Customer `cus_…`), created on first use, one per user and provider. */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text().notNull(),
    providerCustomerRef: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider] })],
);

/**
 * The embedded sandbox provider's own records (providers/sandbox.ts), kept in the database so that
 * they survive a restart and every process sees them: setups, saved test methods, payments and
 * refunds. A money-moving object's idempotency key is unique, as at a real provider.
 */
export const paymentSandboxObjects = pgTable(
  'payment_sandbox_objects',
  {
    /** `sbx_seti_…`, `sbx_pm_…`, `sbx_pi_…`, `sbx_re_…`. */
    id: text().primaryKey(),
    kind: text({ enum: ['setup', 'method', 'payment', 'refund'] }).notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    idempotencyKey: text(),
    status: text().notNull(),
    amountCents: integer(),
    /** The test method, holder, decline reason, the payment's method… (per kind). */
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    /** A SEPA debit settles or fails then (the product's clock). */
    settlesAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex().on(t.idempotencyKey), index().on(t.userId)],
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
    /** `app`: made through the app (a credit note); `provider`: made in the provider's dashboard, learnt from its webhook. */
    source: text({ enum: ['app', 'provider'] })
      .notNull()
      .default('app'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex().on(t.idempotencyKey), index().on(t.paymentId), index().on(t.providerRefundRef)],
);

/**
 * A dispute (chargeback) of a payment, as the provider reports it (read again from the provider on
 * each of its webhook events): one row per provider dispute. `closedAt` is set once, when it is won
 * or lost; a lost one's credit note is issued then (keyed `dispute:<ref>`). No user_id: the row goes
 * with its payment.
 */
export const paymentDisputes = pgTable(
  'payment_disputes',
  {
    id: primaryId(),
    provider: text().notNull(),
    /** The provider's dispute (`dp_…`). */
    providerRef: text().notNull(),
    paymentId: uuid()
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    /** The disputed payment's invoice (no foreign key: the invoices module owns that table). */
    invoiceId: uuid(),
    amountCents: integer().notNull(),
    currency: text().notNull().default('EUR'),
    /** The bank's reason (`fraudulent`, `product_not_received`…). */
    reason: text().notNull(),
    status: text({ enum: DISPUTE_STATUSES }).notNull(),
    /** When the evidence must reach the provider (null: none asked). */
    evidenceDueBy: timestamp({ withTimezone: true }),
    closedAt: timestamp({ withTimezone: true }),
    /** A lost dispute's credit note. */
    creditNoteNumber: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex().on(t.provider, t.providerRef), index().on(t.paymentId)],
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

// Stripe's part (stripe/): the webhook events received, the states passed on.

// The providers' webhook events and the object states passed on (no link to other tables).
export { providerEvents, providerObjectStates } from './provider-events-schema.js';

/**
 * Redsys' operations as this app sent them (modules/payments/providers/redsys.ts): Redsys has no
 * "retrieve" for a payment, so its answers (the REST answer, the signed notification, the signed
 * return to URLOK/URLKO) are kept here and `retrieve` reads them. One row per card setup (a 0 €
 * COF initial authentication on Redsys' page), per payment (one idempotency key: the same key is
 * the same Redsys order number, sent again only when no answer came) and per refund. `order` is the
 * Redsys order number the operation runs under now (a payment that needed the customer moves to a
 * new order on Redsys' page).
 */
export const paymentRedsysOrders = pgTable(
  'payment_redsys_orders',
  {
    /** Our reference (the payment's `providerChargeRef`, the setup's id): the first order number, or `re_…` for a refund. */
    id: text().primaryKey(),
    /** The Redsys order number now (DS_MERCHANT_ORDER: 4 digits then 8 alphanumerics); a refund's is its payment's. */
    order: text().notNull(),
    kind: text({ enum: ['setup', 'payment', 'refund'] }).notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Ours (`<user id>:<key>`) for payments and refunds; null for a setup. */
    idempotencyKey: text(),
    /** `pending` (sent, no answer yet), `requires_action`, `succeeded`, `failed`. */
    status: text({ enum: ['pending', 'requires_action', 'succeeded', 'failed'] }).notNull(),
    amountCents: integer().notNull(),
    /** The last Ds_Response Redsys answered (`0000`, `0190`…). */
    response: text(),
    /** Per kind: the method (`card`/`bizum`), the COF token and its transaction id, brand, last four, expiry, the payment page's signed form. */
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex().on(t.idempotencyKey), index().on(t.order), index().on(t.userId)],
);
