import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { addOns, offers, plans } from './catalogue.js';
import { createdAt, primaryId, updatedAt } from './columns.js';
import { users } from './users.js';

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: primaryId(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: uuid().notNull().references(() => plans.id),
    offerId: uuid().references(() => offers.id),
    status: text({ enum: ['trialing', 'active', 'past_due', 'expired', 'cancelled'] }).notNull(),
    currentPeriodStart: timestamp({ withTimezone: true }).notNull(),
    /** Null for the Free plan, which does not renew. */
    currentPeriodEnd: timestamp({ withTimezone: true }),
    cancelAtPeriodEnd: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.userId, t.status), index().on(t.planId, t.status)],
);

export const subscriptionAddOns = pgTable(
  'subscription_add_ons',
  {
    id: primaryId(),
    subscriptionId: uuid()
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    addOnId: uuid().notNull().references(() => addOns.id),
    validUntil: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.subscriptionId)],
);
