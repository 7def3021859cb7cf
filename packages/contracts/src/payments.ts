import { z } from 'zod';
import { planLimitsSchema, subscriptionDataSchema } from './subscription.js';
import { billingDetailFieldSchema } from './account.js';
import { taxRuleSchema } from './tax.js';
import { METHOD_KINDS, PAYMENT_PROVIDERS, paymentNextActionSchema } from './payment-setup.js';
import { promotionCodeInputSchema, quoteDiscountSchema } from './coupons.js';

/** Card brands the app recognises from the number's first digits (shown while typing). */
export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'unknown'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/** The brand from the first digits of a (partial) card number. */
export function cardBrand(number: string): CardBrand {
  const digits = number.replace(/\D/g, '');
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'unknown';
}

/** The Luhn checksum every card number passes. */
export function luhnValid(number: string): boolean {
  const digits = number.replace(/\D/g, '');
  if (digits.length < 12 || digits.length > 19) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** True when MM/YY is this month or later (a card is valid until the end of its month). */
export function expiryNotPast(month: number, year: number, now = new Date()): boolean {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth() + 1;
  return year > y || (year === y && month >= m);
}

/**
 * @deprecated The old card form's body, which carried the number to our server. The API no longer
 * accepts it (`POST /api/user/methods` takes a completed setup: saveMethodSchema); kept only until
 * the web app's old card form is removed.
 */
export const addCardSchema = z
  .object({
    number: z
      .string()
      .transform((v) => v.replace(/[\s-]/g, ''))
      .pipe(
        z
          .string()
          .regex(/^\d{12,19}$/, { error: 'validation.card_number' })
          .refine(luhnValid, { error: 'validation.card_number' }),
      ),
    expMonth: z.coerce.number().int().min(1, { error: 'validation.card_expiry' }).max(12, { error: 'validation.card_expiry' }),
    /** Four digits (2030). */
    expYear: z.coerce.number().int().min(2000, { error: 'validation.card_expiry' }).max(2099, { error: 'validation.card_expiry' }),
    cvc: z
      .string()
      .trim()
      .regex(/^\d{3,4}$/, { error: 'validation.card_cvc' }),
    holder: z.string().trim().min(2).max(120),
    makeDefault: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    if (!expiryNotPast(v.expMonth, v.expYear)) ctx.addIssue({ code: 'custom', path: ['expMonth'], message: 'validation.card_expired' });
  });
export type AddCardInput = z.input<typeof addCardSchema>;

export const paymentMethodSchema = z.object({
  id: z.string(),
  /** A card or a SEPA bank account. */
  kind: z.enum(METHOD_KINDS),
  /** Card brand (`visa`…), or `sepa_debit`. */
  brand: z.string(),
  last4: z.string(),
  /** Cards only; null for a SEPA account. */
  expMonth: z.number().int().nullable(),
  expYear: z.number().int().nullable(),
  holder: z.string(),
  isDefault: z.boolean(),
  /** Detached at the provider (removed in Stripe's Dashboard, or by the bank): shown, never charged. */
  usable: z.boolean(),
  createdAt: z.string(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;
/**
 * `GET /api/user/payment-provider`: which provider takes the methods, whether it is a test one (the
 * sandbox, Stripe with a test key), the method kinds it can save, and Stripe's publishable key (null for the others).
 */
export const paymentProviderInfoSchema = z.object({
  name: z.enum(PAYMENT_PROVIDERS),
  testMode: z.boolean(),
  methodKinds: z.array(z.enum(METHOD_KINDS)),
  publishableKey: z.string().nullable(),
  /** Bizum is offered for one-off payments (Redsys with REDSYS_BIZUM): paid on the provider's page, never saved, never renewed automatically. */
  bizum: z.boolean(),
});
export type PaymentProviderInfo = z.infer<typeof paymentProviderInfoSchema>;
export const paymentMethodListSchema = z.object({ data: z.array(paymentMethodSchema) });

/** Totals of an amount before tax with the default tax, as the invoice will compute them. */
export const priceQuoteSchema = z.object({
  subtotalCents: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
  taxName: z.string(),
  taxRateBasisPoints: z.number().int(),
  /** The VAT rule for this customer (where they are, whether a business with a valid VAT number). */
  taxRule: taxRuleSchema,
});
export type PriceQuote = z.infer<typeof priceQuoteSchema>;

export const billingPeriodViewSchema = z.object({ id: z.string(), code: z.string(), name: z.string(), months: z.number().int() });
export type BillingPeriodView = z.infer<typeof billingPeriodViewSchema>;

export const offerViewSchema = z.object({
  id: z.string(),
  period: billingPeriodViewSchema,
  priceCents: z.number().int(),
  currency: z.literal('EUR'),
  price: priceQuoteSchema,
  current: z.boolean(),
  /** What choosing it does: pay now (upgrade, from Free too), or wait for the period end (downgrade). */
  change: z.enum(['current', 'upgrade', 'downgrade']),
  /**
   * A per-seat offer (`priceCents` and `price` are one seat's): its minimum, the seats it would bill
   * this customer now (their team's active members, at least 1 and at least the minimum) and that
   * many seats' price. Null: a flat price.
   */
  perSeat: z.object({ minSeats: z.number().int(), seats: z.number().int(), total: priceQuoteSchema }).nullable(),
});
export type OfferView = z.infer<typeof offerViewSchema>;

export const planViewSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  isFree: z.boolean(),
  limits: planLimitsSchema,
  current: z.boolean(),
  /** How this plan compares with the current one: a change now (upgrade) or at period end (downgrade). */
  change: z.enum(['current', 'upgrade', 'downgrade', 'none']),
  offers: z.array(offerViewSchema),
});
export type PlanView = z.infer<typeof planViewSchema>;

/** `GET /api/user/plans`: the offers the user's account type may buy, grouped by plan. */
export const plansCatalogueSchema = z.object({
  periods: z.array(billingPeriodViewSchema),
  plans: z.array(planViewSchema),
  currentPlanId: z.string().nullable(),
  currentOfferId: z.string().nullable(),
});
export type PlansCatalogue = z.infer<typeof plansCatalogueSchema>;

/** An idempotency key: the same key again returns the first result without charging. */
export const idempotencyKeySchema = z
  .string()
  .trim()
  .min(8)
  .max(100)
  .regex(/^[A-Za-z0-9_:-]+$/);

/**
 * How a purchase is paid: a saved method (`methodId`) or, where the provider offers it, Bizum once
 * (`bizum: true`, paid on the provider's page). Exactly one of the two.
 */
const payWithShape = {
  methodId: z.uuid().optional(),
  bizum: z.literal(true).optional(),
};
function exactlyOneWayToPay(value: { methodId?: string | undefined; bizum?: true | undefined }, ctx: z.RefinementCtx) {
  if ((value.methodId === undefined) === (value.bizum === undefined))
    ctx.addIssue({ code: 'custom', path: ['methodId'], message: 'validation.method_or_bizum' });
}

/** `POST /api/user/checkout`: buy a plan's offer now (from Free) or upgrade now with proration. */
export const checkoutSchema = z
  .object({
    offerId: z.uuid(),
    ...payWithShape,
    idempotencyKey: idempotencyKeySchema,
    /** A promotion code the customer typed (its coupon's discount goes on the invoice). */
    promotionCode: promotionCodeInputSchema,
  })
  .superRefine(exactlyOneWayToPay);
export type CheckoutInput = z.infer<typeof checkoutSchema>;

/** `POST /api/user/checkout/quote`: what a checkout will charge (credit for the unused part included). */
export const checkoutQuoteRequestSchema = z.object({ offerId: z.uuid(), promotionCode: promotionCodeInputSchema });
export const checkoutLineSchema = z.object({ description: z.string(), amountCents: z.number().int() });
export const checkoutQuoteSchema = z.object({
  kind: z.enum(['new', 'upgrade']),
  lines: z.array(checkoutLineSchema),
  price: priceQuoteSchema,
  periodStart: z.string(),
  periodEnd: z.string(),
  /** What the invoice of this purchase needs that the customer has not given (asked in the pay dialog). */
  missing: z.array(billingDetailFieldSchema),
  /**
   * A change whose credit for unused time is larger than the new charge: the rest, before tax,
   * goes to the customer's credit balance (used by the next invoices). 0 otherwise.
   */
  creditToBalanceCents: z.number().int().nonnegative(),
  /** The promotion code's discount (also one of the lines, negative); null without a code. */
  discount: quoteDiscountSchema.nullable(),
});
export type CheckoutQuote = z.infer<typeof checkoutQuoteSchema>;

/**
 * `requires_action`: waiting for the customer to authenticate (3-D Secure), nothing delivered yet;
 * `processing`: a SEPA debit on its way (the service is delivered and invoiced; it settles or fails days later).
 */
export const PAYMENT_STATUSES = ['succeeded', 'failed', 'refunded', 'partially_refunded', 'requires_action', 'processing'] as const;
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);
/** `seats`: seats added to a per-seat subscription in its period (prorated). */
export const PAYMENT_PURPOSES = ['subscription', 'upgrade', 'add_on', 'renewal', 'seats'] as const;

/** Stripe's dispute statuses (`warning_*`: an inquiry before a chargeback; `won`, `lost`, `warning_closed`, `prevented`: closed). */
export const DISPUTE_STATUSES = [
  'warning_needs_response',
  'warning_under_review',
  'warning_closed',
  'needs_response',
  'under_review',
  'appeal_needs_response',
  'appeal_under_review',
  'won',
  'lost',
  'prevented',
] as const;
export const disputeStatusSchema = z.enum(DISPUTE_STATUSES);
export type DisputeStatus = z.infer<typeof disputeStatusSchema>;

/** A payment's dispute (chargeback) as the provider reports it; answered in the provider's dashboard. */
export const paymentDisputeSchema = z.object({
  status: disputeStatusSchema,
  /** The bank's reason (`fraudulent`, `product_not_received`…), as the provider names it. */
  reason: z.string(),
  amountCents: z.number().int(),
  /** When the evidence must reach the provider (null: none asked, or closed). */
  evidenceDueBy: z.string().nullable(),
  closedAt: z.string().nullable(),
  /** A lost dispute's credit note. */
  creditNoteNumber: z.string().nullable(),
});
export type PaymentDispute = z.infer<typeof paymentDisputeSchema>;

export const paymentSchema = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  refundedCents: z.number().int(),
  currency: z.literal('EUR'),
  status: paymentStatusSchema,
  purpose: z.enum(PAYMENT_PURPOSES),
  description: z.string(),
  methodBrand: z.string().nullable(),
  methodLast4: z.string().nullable(),
  /** The provider's reason for a failed charge (payment.* code), translated in `failureMessage`. */
  failureCode: z.string().nullable(),
  failureMessage: z.string().nullable(),
  invoiceId: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  /** The credit notes of its invoice (refunds), oldest first; totals negative. */
  creditNotes: z.array(z.object({ id: z.string(), number: z.string(), totalCents: z.number().int(), issueDate: z.string() })),
  /** Refunded in the provider's dashboard (not through the app), in cents; part of `refundedCents`. */
  refundedAtProviderCents: z.number().int(),
  /** The latest dispute of the payment (null: never disputed). */
  dispute: paymentDisputeSchema.nullable(),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;
export const paymentListSchema = z.object({ data: z.array(paymentSchema) });

/**
 * A checkout, an add-on or any charge the customer starts: the payment and the subscription after it.
 * A payment in `requires_action` (answered with 202) comes with `nextAction`: the customer
 * authenticates, then the SAME request is sent again with the SAME idempotency key to complete it.
 */
export const checkoutResultSchema = z.object({
  payment: paymentSchema,
  subscription: subscriptionDataSchema,
  nextAction: paymentNextActionSchema.optional(),
});
export type CheckoutResult = z.infer<typeof checkoutResultSchema>;

/** `GET /api/user/payments/:id` and `POST /api/user/payments/:id/confirm`: one of my payments, and what completes it while it waits for me. */
export const paymentDetailSchema = z.object({
  payment: paymentSchema,
  nextAction: paymentNextActionSchema,
  /** The payment waits for me and may be paid by Bizum instead (`POST /api/user/payments/:id/bizum`). */
  bizum: z.boolean(),
});
export type PaymentDetail = z.infer<typeof paymentDetailSchema>;

/** A downgrade waiting for the end of the period (the renewal applies it). */
export const pendingChangeSchema = z.object({
  offerId: z.string(),
  planName: z.string(),
  periodName: z.string(),
  priceCents: z.number().int(),
  effectiveAt: z.string().nullable(),
});

/** `GET /api/user/myplan`: the running subscription, what renews when, and what is pending. */
export const myPlanSchema = z.object({
  subscription: subscriptionDataSchema,
  offer: z.object({ id: z.string(), periodName: z.string(), months: z.number().int(), price: priceQuoteSchema }).nullable(),
  /**
   * A per-seat plan (`offer.price` is one seat's): the seats billed this period, the team's active
   * members now, the offer's minimum and the seats the renewal would bill now (the members then, at
   * least the minimum; a removed member's seat is not refunded, it goes at the renewal; null when the
   * plan ends or changes to a flat price then). Null: a flat price.
   */
  seats: z
    .object({ billed: z.number().int(), inUse: z.number().int(), minSeats: z.number().int(), atRenewal: z.number().int().nullable() })
    .nullable(),
  renewsAt: z.string().nullable(),
  pendingChange: pendingChangeSchema.nullable(),
  defaultMethod: paymentMethodSchema.nullable(),
  /** The customer's credit balance, before tax, in cents: taken off the next invoices (0: none). */
  creditBalanceCents: z.number().int().nonnegative(),
});
export type MyPlan = z.infer<typeof myPlanSchema>;

export const downgradeSchema = z.object({ offerId: z.uuid() });

export const addOnViewSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  priceCents: z.number().int(),
  price: priceQuoteSchema,
  extra: planLimitsSchema,
});
export type AddOnView = z.infer<typeof addOnViewSchema>;

/** `GET /api/user/paquetes`: add-ons on sale, the ones bought this period, and until when a new one lasts. */
export const addOnsCatalogueSchema = z.object({
  addOns: z.array(addOnViewSchema),
  active: subscriptionDataSchema.shape.addOns,
  validUntil: z.string(),
});
export type AddOnsCatalogue = z.infer<typeof addOnsCatalogueSchema>;

export const buyAddOnSchema = z
  .object({
    addOnId: z.uuid(),
    ...payWithShape,
    idempotencyKey: idempotencyKeySchema,
    promotionCode: promotionCodeInputSchema,
  })
  .superRefine(exactlyOneWayToPay);

/** `POST /api/user/paquetes/quote`: what buying an add-on charges, with a promotion code's discount. */
export const addOnQuoteRequestSchema = z.object({ addOnId: z.uuid(), promotionCode: promotionCodeInputSchema });
export const addOnQuoteSchema = z.object({
  lines: z.array(checkoutLineSchema),
  price: priceQuoteSchema,
  discount: quoteDiscountSchema.nullable(),
});
export type AddOnQuote = z.infer<typeof addOnQuoteSchema>;
