import { pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { subscriptions } from '../subscriptions/schema.js';

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
