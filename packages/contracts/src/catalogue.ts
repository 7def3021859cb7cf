import { z } from 'zod';
import { catalogueNamesSchema } from './admin.js';

/**
 * The admin catalogue (PRODUCT.md sections 6 and 7): billing periods, taxes, plans, offers and add-ons.
 * Money is integer cents before tax; tax rates are basis points (21 % = 2100).
 */
export const CATALOGUE_KINDS = ['billing-periods', 'taxes', 'plans', 'offers', 'add-ons'] as const;
export type CatalogueKind = (typeof CATALOGUE_KINDS)[number];

/** The largest price an item may have: 1,000,000.00 €. */
export const MAX_PRICE_CENTS = 100_000_000;

const code = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9-]{2,40}$/, { error: 'validation.invalid_format' });
const description = z.string().trim().max(500);
/** Optional descriptions per language (an empty one falls back to English, then to nothing). */
export const catalogueDescriptionsSchema = z.object({ en: description.optional(), es: description.optional(), jp: description.optional() });
const count = (max: number) => z.number().int().min(0).max(max);
const priceCents = z.number().int().min(0).max(MAX_PRICE_CENTS);
const localised = { names: catalogueNamesSchema, descriptions: catalogueDescriptionsSchema.default({}) };
const texts = z.object({ en: z.string(), es: z.string(), jp: z.string() });

/** What every admin catalogue row carries: the name in the viewer's language, all names, and how many records use it. */
const adminBase = {
  id: z.string(),
  /** In the viewer's language. */
  name: z.string(),
  /** Each language's own name; '' for one that has none (its viewers see the English name). */
  names: texts,
  descriptions: texts,
  active: z.boolean(),
  /** Offers, subscriptions and purchases that point at it, ended ones included: an item in use is deactivated, never deleted. */
  uses: z.number(),
};
/**
 * Its subscriptions running now (trialing, active or with a payment due): the figure the admin
 * dashboard's "Active subscriptions by plan" gives for a plan.
 */
const running = z.number().int();

export const billingPeriodBodySchema = z.object({ code, ...localised, months: z.number().int().min(1).max(120) });
export const billingPeriodAdminSchema = z.object({ ...adminBase, code: z.string(), months: z.number() });

export const taxBodySchema = z.object({ ...localised, rateBasisPoints: z.number().int().min(0).max(10_000), isDefault: z.boolean() });
export const taxAdminSchema = z.object({ ...adminBase, rateBasisPoints: z.number(), isDefault: z.boolean() });

export const planBodySchema = z.object({
  code,
  ...localised,
  maxProfiles: count(1_000_000),
  maxTags: count(1_000_000),
  /** Up to 10 TB. */
  storageBytes: z
    .number()
    .int()
    .min(0)
    .max(10 * 1024 ** 4),
  sendsPerMonth: count(100_000_000),
  /** Domains of their own an owner may serve cards, tags and their team at (0: none). */
  customDomains: count(100).default(0),
  sortOrder: z.number().int().min(-1000).max(1000),
  isFree: z.boolean().default(false),
});
export const planAdminSchema = z.object({
  ...adminBase,
  running,
  code: z.string(),
  maxProfiles: z.number(),
  maxTags: z.number(),
  storageBytes: z.number(),
  sendsPerMonth: z.number(),
  customDomains: z.number(),
  sortOrder: z.number(),
  isFree: z.boolean(),
});

/** `flat`: the price as it is; `per_seat`: the price of one seat (a team's active member), at least `minSeats` of them. */
export const SEAT_PRICINGS = ['flat', 'per_seat'] as const;
export const seatPricingSchema = z.enum(SEAT_PRICINGS);
export type SeatPricing = z.infer<typeof seatPricingSchema>;
/** The largest minimum of seats an offer may ask for. */
export const MAX_MIN_SEATS = 10_000;

export const offerBodySchema = z
  .object({
    planId: z.uuid(),
    billingPeriodId: z.uuid(),
    /** Null: offered to every account type. */
    accountTypeId: z.uuid().nullable(),
    /** With `per_seat`, the price of one seat for the period. */
    priceCents,
    /** Null: the default tax. */
    taxId: z.uuid().nullable(),
    visible: z.boolean(),
    seatPricing: seatPricingSchema.default('flat'),
    /** The fewest seats a per-seat offer bills; a flat offer's is 1. */
    minSeats: z.number().int().min(1).max(MAX_MIN_SEATS).default(1),
  })
  .superRefine((v, ctx) => {
    if (v.seatPricing === 'flat' && v.minSeats !== 1)
      ctx.addIssue({ code: 'custom', path: ['minSeats'], message: 'validation.min_seats_flat' });
  });
export const offerAdminSchema = z.object({
  id: z.string(),
  /** "Plan · period" in the viewer's language. */
  name: z.string(),
  planId: z.string(),
  billingPeriodId: z.string(),
  accountTypeId: z.string().nullable(),
  priceCents: z.number(),
  currency: z.string(),
  taxId: z.string().nullable(),
  visible: z.boolean(),
  seatPricing: seatPricingSchema,
  minSeats: z.number().int(),
  active: z.boolean(),
  uses: z.number(),
  running,
});

export const ADD_ON_KINDS = ['extra_sends', 'extra_cards', 'extra_storage'] as const;
export type AddOnKind = (typeof ADD_ON_KINDS)[number];
export const addOnBodySchema = z.object({
  code,
  ...localised,
  kind: z.enum(ADD_ON_KINDS),
  /** Sends, cards (and as many tags), or bytes of storage. */
  quantity: z
    .number()
    .int()
    .min(1)
    .max(10 * 1024 ** 4),
  priceCents,
  taxId: z.uuid().nullable(),
});
export const addOnAdminSchema = z.object({
  ...adminBase,
  code: z.string(),
  kind: z.enum(ADD_ON_KINDS),
  quantity: z.number(),
  priceCents: z.number(),
  currency: z.string(),
  taxId: z.string().nullable(),
});

export type BillingPeriodAdmin = z.infer<typeof billingPeriodAdminSchema>;
export type TaxAdmin = z.infer<typeof taxAdminSchema>;
export type PlanAdmin = z.infer<typeof planAdminSchema>;
export type OfferAdmin = z.infer<typeof offerAdminSchema>;
export type AddOnAdmin = z.infer<typeof addOnAdminSchema>;

/** Each kind's admin row and request body, so the API and the web share one table of them. */
export const catalogueSchemas = {
  'billing-periods': { admin: billingPeriodAdminSchema, body: billingPeriodBodySchema },
  taxes: { admin: taxAdminSchema, body: taxBodySchema },
  plans: { admin: planAdminSchema, body: planBodySchema },
  offers: { admin: offerAdminSchema, body: offerBodySchema },
  'add-ons': { admin: addOnAdminSchema, body: addOnBodySchema },
} as const;
export type CatalogueAdmin = { [K in CatalogueKind]: z.infer<(typeof catalogueSchemas)[K]['admin']> };
export type CatalogueBody = { [K in CatalogueKind]: z.input<(typeof catalogueSchemas)[K]['body']> };
