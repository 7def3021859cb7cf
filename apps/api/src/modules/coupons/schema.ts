import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, primaryId } from '../../platform/columns.js';
import { users } from '../account/schema.js';
import { subscriptions } from '../subscriptions/schema.js';

/**
 * A coupon (Stripe's model): what it takes off (`percentOff` or `amountOffCents`, one of the two),
 * for how long (`once`: the first invoice; `repeating`: the invoices of `durationInMonths` months
 * from the redemption; `forever`), and on what (`appliesTo`: offers and add-ons by id; both empty:
 * everything). `timesRedeemed` counts the redemptions held (paid, or reserved by a charge under
 * way), raised by one guarded UPDATE so it never passes `maxRedemptions`. Archived: no new
 * redemption; discounts already running go on.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: primaryId(),
    name: text().notNull(),
    percentOff: integer(),
    amountOffCents: integer(),
    currency: text().notNull().default('EUR'),
    duration: text({ enum: ['once', 'repeating', 'forever'] }).notNull(),
    durationInMonths: integer(),
    appliesTo: jsonb().$type<{ offerIds: string[]; addOnIds: string[] }>().notNull(),
    redeemBy: timestamp({ withTimezone: true }),
    maxRedemptions: integer(),
    timesRedeemed: integer().notNull().default(0),
    archivedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('coupons_one_discount', sql`(${t.percentOff} IS NULL) <> (${t.amountOffCents} IS NULL)`),
    check('coupons_percent', sql`${t.percentOff} IS NULL OR ${t.percentOff} BETWEEN 1 AND 100`),
    check('coupons_amount', sql`${t.amountOffCents} IS NULL OR ${t.amountOffCents} > 0`),
    check('coupons_months', sql`(${t.duration} = 'repeating') = (${t.durationInMonths} IS NOT NULL)`),
    check('coupons_redemptions', sql`${t.maxRedemptions} IS NULL OR ${t.timesRedeemed} <= ${t.maxRedemptions}`),
  ],
);

/**
 * A promotion code: the text a customer types (stored in capitals, unique), pointing at one coupon,
 * with limits of its own on top of the coupon's.
 */
export const promotionCodes = pgTable(
  'promotion_codes',
  {
    id: primaryId(),
    couponId: uuid()
      .notNull()
      .references(() => coupons.id),
    code: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }),
    maxRedemptions: integer(),
    timesRedeemed: integer().notNull().default(0),
    /** Only for a customer without any payment before; each such customer redeems it once. */
    firstTimeOnly: boolean().notNull().default(false),
    archivedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('promotion_codes_code_unique').on(t.code),
    index().on(t.couponId),
    check('promotion_codes_redemptions', sql`${t.maxRedemptions} IS NULL OR ${t.timesRedeemed} <= ${t.maxRedemptions}`),
  ],
);

/**
 * One use of a promotion code by a customer's charge (its idempotency key): `reserved` while the
 * charge is under way (counted against the limits already, so two charges cannot both take the last
 * one), `redeemed` with its payment and invoice once paid; a declined charge deletes its reservation
 * and gives the count back. A plan's redemption names its subscription: the renewals take a
 * `repeating` or `forever` coupon off its later invoices.
 */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: primaryId(),
    couponId: uuid()
      .notNull()
      .references(() => coupons.id),
    promotionCodeId: uuid()
      .notNull()
      .references(() => promotionCodes.id),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    idempotencyKey: text().notNull(),
    status: text({ enum: ['reserved', 'redeemed'] }).notNull(),
    /** Copied from the code: one redemption per customer of a first-time-only code (unique index below). */
    firstTimeOnly: boolean().notNull(),
    subscriptionId: uuid().references(() => subscriptions.id, { onDelete: 'set null' }),
    paymentId: uuid(),
    invoiceId: uuid(),
    invoiceNumber: text(),
    /** What it took off the first invoice, before tax. */
    amountOffCents: integer().notNull(),
    redeemedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('coupon_redemptions_key_unique').on(t.userId, t.idempotencyKey),
    uniqueIndex('coupon_redemptions_first_time_unique')
      .on(t.userId, t.promotionCodeId)
      .where(sql`${t.firstTimeOnly}`),
    index().on(t.couponId, t.createdAt),
    index().on(t.subscriptionId),
  ],
);
