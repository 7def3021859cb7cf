import { sql } from 'drizzle-orm';
import { bigint, index, numeric, pgTable, primaryKey, smallint, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { subscriptionEvents, subscriptions } from '../subscriptions/schema.js';

/**
 * When each subscription was first charged (its earliest payment that did not fail): what the
 * dashboard's churn asks of every paid subscription ("was it a paying customer 30 days ago?"),
 * one row per subscription instead of a look-up among the million payments.
 *
 * A read model kept by the database, never written by the application: triggers on `payments`
 * (migration 0030, which also backfilled it) add each statement's charges in the transaction that
 * records them, and recompute a subscription's row when a payment moves to another subscription,
 * changes date or starts or stops counting as failed; the row goes with its subscription (cascade).
 */
export const subscriptionFirstCharges = pgTable('subscription_first_charges', {
  subscriptionId: uuid()
    .primaryKey()
    .references(() => subscriptions.id, { onDelete: 'cascade' }),
  firstChargedAt: timestamp({ withTimezone: true }).notNull(),
});

/**
 * Customers by role and status, and subscriptions by plan, offer and status: the dashboard's
 * counts (customers, running subscriptions by plan, MRR) read from a few rows instead of counting
 * 100,000 accounts and subscriptions on each request.
 *
 * Kept by the database like the table above (migration 0032, which also backfilled them): triggers
 * on `users` and `subscriptions` add each insert, move a row whose status (plan, offer) changes and
 * subtract a deletion, in the transaction that makes the change. Each change goes to one of 16
 * `slot`s picked at random, so concurrent sign-ups do not queue on one counter row; a figure is the
 * sum over the slots (a slot's count may be negative).
 */
export const userCounts = pgTable(
  'user_counts',
  {
    role: text().notNull(),
    status: text().notNull(),
    slot: smallint().notNull(),
    count: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.role, t.status, t.slot] })],
);

export const subscriptionCounts = pgTable(
  'subscription_counts',
  {
    planId: uuid().notNull(),
    /** Null for a subscription without an offer (Free). */
    offerId: uuid(),
    status: text().notNull(),
    slot: smallint().notNull(),
    count: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [unique('subscription_counts_key').on(t.planId, t.offerId, t.status, t.slot).nullsNotDistinct()],
);

/**
 * The customers with a paid subscription running now (an offer on a non-Free plan; `trialing`,
 * `active` or `past_due`), and the earliest first charge among those subscriptions (null: none
 * charged yet). Churn's "paying 30 days ago and still running" is then one index range
 * (`first_charged_at` ≤ the start), and "has a paid subscription running now" one primary-key look-up.
 *
 * Kept by the database (migration 0032): a change to a subscription's status, plan, offer or user,
 * its insert or deletion, and a change to its first charge recompute its customer's row (with the
 * customer's account row locked, so two changes of one customer's subscriptions cannot leave a
 * stale row). A renewal (same plan, offer and status; the same first charge) changes nothing here.
 */
export const runningPaidCustomers = pgTable(
  'running_paid_customers',
  {
    userId: uuid().primaryKey(),
    firstChargedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.firstChargedAt)],
);

/**
 * The paid subscriptions that ended (`cancelled`, `expired`) after being charged: when each ended
 * (its last `cancelled`/`expired` history event, else its last update) and was first charged.
 * Churn reads those that ended within its window (one index range) instead of looking up the end
 * and first charge of each ended subscription.
 *
 * Kept by the database (migration 0032): a change to an ended (or ending) subscription, an end
 * event written or removed, and a change to its first charge recompute its row. No user_id (the
 * customer is read from the subscription): the rows go with their subscription and hold nothing personal.
 */
export const endedPaidSubscriptions = pgTable(
  'ended_paid_subscriptions',
  {
    subscriptionId: uuid()
      .primaryKey()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    endedAt: timestamp({ withTimezone: true }).notNull(),
    firstChargedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.endedAt, t.firstChargedAt, t.subscriptionId)],
);

/**
 * What each charge of a subscription's offer bills per month, and until when it is in force: one
 * row per `created`, `upgraded` or `renewed` history event naming a payment (a plan charge), and per
 * `seats_added` one (seats a per-seat subscription gained in its period), what MRR reads
 * (docs/billing.md "The admin dashboard"). `billedCentsPerMonth` is the lines with a period of
 * that payment's invoice before tax, each ÷ its period's months, summed exactly (null: no invoice
 * with such a line, so the offer's price counts); `supersededAt` is the `at` of the subscription's
 * next plan charge in (`at`, id) order (null: none yet): a seat addition adds to the plan charge in
 * force and both end at the next one (the renewal bills every seat). The charges in force at an
 * instant T are then the rows with `at` ≤ T and `supersededAt` null or after T: MRR now reads the
 * newest rows (one index), MRR 30 days ago those plus the ones superseded since (one index range),
 * instead of looking up each paid subscription's newest event, its invoice and its lines (about ten
 * pages per subscription among millions of rows: seconds at 27,000 subscriptions).
 *
 * Kept by the database (migrations 0053, which also backfilled it, and 0061 for seat additions): an insert of history events adds
 * the charges among them and re-links their subscriptions' rows; an insert of invoice lines
 * recomputes the charges of their invoices' payments. History events are only ever inserted (a
 * subscription's deletion takes them, and these rows, with it); invoices and their lines are immutable.
 */
export const subscriptionBilledCharges = pgTable(
  'subscription_billed_charges',
  {
    eventId: uuid()
      .primaryKey()
      .references(() => subscriptionEvents.id, { onDelete: 'cascade' }),
    subscriptionId: uuid().notNull(),
    /** The payment the event names (null: not a payment id, so no invoice). */
    paymentId: uuid(),
    at: timestamp({ withTimezone: true }).notNull(),
    supersededAt: timestamp({ withTimezone: true }),
    billedCentsPerMonth: numeric(),
  },
  (t) => [
    index().on(t.subscriptionId, t.at, t.eventId),
    index().on(t.paymentId),
    // The charges in force now (index-only: what MRR sums).
    index('subscription_billed_charges_newest_index')
      .on(t.subscriptionId, t.at, t.billedCentsPerMonth)
      .where(sql`${t.supersededAt} is null`),
    // The charges superseded after an instant (with the newest ones: the charges in force then).
    index('subscription_billed_charges_superseded_index')
      .on(t.supersededAt, t.at, t.subscriptionId, t.billedCentsPerMonth)
      .where(sql`${t.supersededAt} is not null`),
  ],
);
