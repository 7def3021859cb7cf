import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { updatedAt } from '../../platform/columns.js';
import { subscriptions } from '../subscriptions/schema.js';

/**
 * The renewal engine's state per subscription: who holds it now (a lease, in real time), the
 * dunning of the period that ended (`periodEnd`, failed attempts, when the next one is due — in the
 * product's time, which a test clock may move) and the period whose reminder was sent.
 * No user_id: the row goes with its subscription (cascade) and holds nothing personal.
 */
export const subscriptionRenewals = pgTable(
  'subscription_renewals',
  {
    subscriptionId: uuid()
      .primaryKey()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    /** A worker holds the subscription until then (real time); null: free. */
    leaseUntil: timestamp({ withTimezone: true }),
    /** The period end the dunning below is about. */
    periodEnd: timestamp({ withTimezone: true }),
    /** Failed charges of that period so far (0: none; 1: the renewal itself failed; 2–3: retries). */
    attempt: integer().notNull().default(0),
    /** When the next retry is due (product time); null: due as soon as the period has ended. */
    nextAttemptAt: timestamp({ withTimezone: true }),
    /** The period end whose "renews in 7 days" reminder was sent (once per period). */
    remindedFor: timestamp({ withTimezone: true }),
    /**
     * The seats the renewal of `periodEnd` bills (a per-seat offer): counted at its first attempt and
     * kept by its retries, so an attempt repeated after a crash charges the same amount under the same key.
     */
    seats: integer(),
    /**
     * The renewal's payment of `periodEnd` waiting for the customer's authentication (3-D Secure) and
     * its key: the next attempts ask about that payment again (never a new charge) until the customer
     * authenticates or the retries run out.
     */
    waitingPaymentId: uuid(),
    waitingKey: text(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.nextAttemptAt)],
);
