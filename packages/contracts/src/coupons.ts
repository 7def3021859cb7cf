import { z } from 'zod';

// Coupons and promotion codes, on Stripe's model (docs/billing.md, "Coupons and promotion codes"):
// a coupon says what is taken off (a percentage or an amount), for how long (the first invoice,
// N months, or forever) and on what (offers, add-ons; nothing named: everything); a promotion code
// is what the customer types, pointing at one coupon, with limits of its own.

export const COUPON_DURATIONS = ['once', 'repeating', 'forever'] as const;
export const couponDurationSchema = z.enum(COUPON_DURATIONS);
export type CouponDuration = z.infer<typeof couponDurationSchema>;

/** The largest amount off (10,000 €) and months a repeating coupon may last (3 years). */
export const MAX_AMOUNT_OFF_CENTS = 1_000_000;
export const MAX_DURATION_IN_MONTHS = 36;

/** A customer-facing code: letters, digits and hyphens, compared without case (stored in capitals). */
export const promotionCodeTextSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9-]{3,40}$/, { error: 'validation.promotion_code_format' });

/** A moment as ISO 8601 text with its offset (`2026-12-31T23:59:59Z`). */
const moment = z.iso.datetime({ offset: true, error: 'validation.invalid_value' });

/** `POST /api/admin/coupons`. */
export const couponBodySchema = z
  .object({
    name: z.string().trim().min(1).max(80),
    /** One of the two: a percentage (1–100) or an amount in cents (EUR). */
    percentOff: z.number().int().min(1).max(100).nullable().default(null),
    amountOffCents: z.number().int().min(1).max(MAX_AMOUNT_OFF_CENTS).nullable().default(null),
    duration: couponDurationSchema,
    /** Only with `repeating`: how many months of invoices (from the redemption) it takes off. */
    durationInMonths: z.number().int().min(1).max(MAX_DURATION_IN_MONTHS).nullable().default(null),
    /** Offers (plan prices) and add-ons it applies to; both empty: every offer and add-on. */
    offerIds: z.array(z.uuid()).max(100).default([]),
    addOnIds: z.array(z.uuid()).max(100).default([]),
    /** After this moment nobody redeems it (discounts already running go on). */
    redeemBy: moment.nullable().default(null),
    /** How many times, over all its codes, it may be redeemed. */
    maxRedemptions: z.number().int().min(1).max(1_000_000).nullable().default(null),
  })
  .superRefine((v, ctx) => {
    if ((v.percentOff === null) === (v.amountOffCents === null))
      ctx.addIssue({
        code: 'custom',
        path: [v.percentOff === null ? 'percentOff' : 'amountOffCents'],
        message: 'validation.coupon_one_discount',
      });
    if (v.duration === 'repeating' && v.durationInMonths === null)
      ctx.addIssue({ code: 'custom', path: ['durationInMonths'], message: 'validation.required' });
    if (v.duration !== 'repeating' && v.durationInMonths !== null)
      ctx.addIssue({ code: 'custom', path: ['durationInMonths'], message: 'validation.coupon_months_only_repeating' });
  });
export type CouponBody = z.input<typeof couponBodySchema>;

/** `POST /api/admin/coupons/:id/promotion-codes`. */
export const promotionCodeBodySchema = z.object({
  code: promotionCodeTextSchema,
  /** After this moment the code is refused (the coupon's `redeemBy` applies too). */
  expiresAt: moment.nullable().default(null),
  maxRedemptions: z.number().int().min(1).max(1_000_000).nullable().default(null),
  /** Only for customers who have never paid anything (each redeems it once). */
  firstTimeOnly: z.boolean().default(false),
});
export type PromotionCodeBody = z.input<typeof promotionCodeBodySchema>;

export const promotionCodeAdminSchema = z.object({
  id: z.string(),
  couponId: z.string(),
  code: z.string(),
  expiresAt: z.string().nullable(),
  maxRedemptions: z.number().int().nullable(),
  firstTimeOnly: z.boolean(),
  timesRedeemed: z.number().int(),
  active: z.boolean(),
  createdAt: z.string(),
});
export type PromotionCodeAdmin = z.infer<typeof promotionCodeAdminSchema>;

export const couponAdminSchema = z.object({
  id: z.string(),
  name: z.string(),
  percentOff: z.number().int().nullable(),
  amountOffCents: z.number().int().nullable(),
  currency: z.literal('EUR'),
  duration: couponDurationSchema,
  durationInMonths: z.number().int().nullable(),
  offerIds: z.array(z.string()),
  addOnIds: z.array(z.string()),
  redeemBy: z.string().nullable(),
  maxRedemptions: z.number().int().nullable(),
  /** Redemptions paid for, over all its codes. */
  timesRedeemed: z.number().int(),
  promotionCodes: z.number().int(),
  active: z.boolean(),
  createdAt: z.string(),
});
export type CouponAdmin = z.infer<typeof couponAdminSchema>;

/** One paid redemption: who, with which code, on which payment and invoice, how much it took off (before tax). */
export const couponRedemptionSchema = z.object({
  id: z.string(),
  code: z.string(),
  userId: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  paymentId: z.string().nullable(),
  invoiceId: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  amountOffCents: z.number().int(),
  redeemedAt: z.string(),
});
export type CouponRedemption = z.infer<typeof couponRedemptionSchema>;

/** `GET /api/admin/coupons/:id`. */
export const couponDetailSchema = z.object({
  coupon: couponAdminSchema,
  promotionCodes: z.array(promotionCodeAdminSchema),
  redemptions: z.array(couponRedemptionSchema),
});
export type CouponDetail = z.infer<typeof couponDetailSchema>;

/** A code the customer typed at checkout (optional; empty means none). */
export const promotionCodeInputSchema = z
  .string()
  .trim()
  .max(40)
  .transform((s) => s.toUpperCase())
  .optional();

/** The discount line of a quote: the coupon's name, the code, and the amount taken off before tax. */
export const quoteDiscountSchema = z.object({
  name: z.string(),
  code: z.string(),
  amountOffCents: z.number().int().nonnegative(),
  duration: couponDurationSchema,
  durationInMonths: z.number().int().nullable(),
});
export type QuoteDiscount = z.infer<typeof quoteDiscountSchema>;
