import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { SubscriptionEventDetail, SubscriptionEventKind } from '@enlaza/contracts';
import { createdAt, primaryId, updatedAt } from '../../platform/columns.js';
import { users } from '../account/schema.js';
import { addOns, offers, plans } from '../catalogue/schema.js';

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: primaryId(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: uuid()
      .notNull()
      .references(() => plans.id),
    offerId: uuid().references(() => offers.id),
    status: text({ enum: ['trialing', 'active', 'past_due', 'expired', 'cancelled'] }).notNull(),
    currentPeriodStart: timestamp({ withTimezone: true }).notNull(),
    /** Null for the Free plan, which does not renew. */
    currentPeriodEnd: timestamp({ withTimezone: true }),
    cancelAtPeriodEnd: boolean().notNull().default(false),
    /**
     * The billing cycle anchor (as Stripe's): the instant the paid cycle started. Every period end
     * is a whole number of months after it, on its day of the month or the month's last day when
     * shorter (31 Jan → 28 Feb → 31 Mar → 30 Apr). Null: the period end is the anchor (the Free
     * plan, and subscriptions from before anchors were kept).
     */
    billingAnchor: timestamp({ withTimezone: true }),
    /**
     * When the running offer took over within the current period (a change of plan that kept the
     * period: the change paid for the rest of it from then). Null: since the period's start.
     */
    offerSince: timestamp({ withTimezone: true }),
    /** Seats billed in the current period of a per-seat offer (a team's active members, at least the offer's minimum); null for a flat offer. */
    seats: integer(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.userId, t.status),
    index().on(t.planId, t.status),
    index().on(t.createdAt, t.id),
    index().on(t.status),
    // The paid subscriptions by status, covering what the admin dashboard's MRR and churn read
    // (an index-only scan of the paid ones instead of every subscription).
    // The renewals' claim: running subscriptions with a period end, oldest end first (a range of the
    // due ones in order, instead of every running subscription sorted on each batch).
    index('subscriptions_renewal_due_index')
      .on(t.currentPeriodEnd)
      .where(sql`${t.status} in ('trialing', 'active', 'past_due') and ${t.currentPeriodEnd} is not null`),
    index('subscriptions_paid_index')
      .on(t.status, t.planId, t.offerId, t.userId, t.id)
      .where(sql`${t.offerId} is not null`),
  ],
);

export const subscriptionAddOns = pgTable(
  'subscription_add_ons',
  {
    id: primaryId(),
    subscriptionId: uuid()
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    addOnId: uuid()
      .notNull()
      .references(() => addOns.id),
    validUntil: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.subscriptionId)],
);

/**
 * What happened to a subscription, in order: created, upgraded, renewed, payment failed, past due,
 * expired, cancelled, extended by an admin, … Written in the transaction that makes the change;
 * `at` is the (possibly test-clock) time of the change. Shown in the admin's Suscripcions detail.
 * No user_id: the rows go with their subscription (cascade) and hold nothing personal.
 */
export const subscriptionEvents = pgTable(
  'subscription_events',
  {
    id: primaryId(),
    subscriptionId: uuid()
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    kind: text().$type<SubscriptionEventKind>().notNull(),
    detail: jsonb().$type<SubscriptionEventDetail>().notNull().default({}),
    /** The admin who made the change; null for the customer or the system (renewals, dunning). */
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.subscriptionId, t.at)],
);
