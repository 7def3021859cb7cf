import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { LocalisedText } from '../../lib/catalogue-names.js';
import { createdAt, primaryId, updatedAt } from '../../platform/columns.js';

export type { LocalisedText };
const names = () => jsonb().$type<LocalisedText>().notNull().default({});
const descriptions = () => jsonb().$type<LocalisedText>().notNull().default({});

/** Tipo-cuenta: personal, business… Business types require a tax id. */
export const accountTypes = pgTable('account_types', {
  id: primaryId(),
  code: text().notNull().unique(),
  name: text().notNull(),
  names: names(),
  descriptions: descriptions(),
  requiresTaxId: boolean().notNull().default(false),
  active: boolean().notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Tipo-suscripcions: a billing period of N months. */
export const billingPeriods = pgTable('billing_periods', {
  id: primaryId(),
  code: text().notNull().unique(),
  name: text().notNull(),
  names: names(),
  descriptions: descriptions(),
  months: integer().notNull(),
  active: boolean().notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Impuestos: a rate in basis points (21 % = 2100). */
export const taxes = pgTable('taxes', {
  id: primaryId(),
  name: text().notNull(),
  names: names(),
  descriptions: descriptions(),
  rateBasisPoints: integer().notNull(),
  isDefault: boolean().notNull().default(false),
  active: boolean().notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Planes: quotas and features. */
export const plans = pgTable('plans', {
  id: primaryId(),
  code: text().notNull().unique(),
  name: text().notNull(),
  names: names(),
  descriptions: descriptions(),
  maxProfiles: integer().notNull(),
  maxTags: integer().notNull(),
  storageBytes: bigint({ mode: 'number' }).notNull(),
  sendsPerMonth: integer().notNull(),
  /** Custom domains an owner on this plan may hold (custom-domains module); 0: none. */
  customDomains: integer().notNull().default(0),
  isFree: boolean().notNull().default(false),
  sortOrder: integer().notNull().default(0),
  active: boolean().notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Suscripciones-disponibles: plan × period × price (before tax), optionally for one account type. */
export const offers = pgTable(
  'offers',
  {
    id: primaryId(),
    planId: uuid()
      .notNull()
      .references(() => plans.id),
    billingPeriodId: uuid()
      .notNull()
      .references(() => billingPeriods.id),
    accountTypeId: uuid().references(() => accountTypes.id),
    priceCents: integer().notNull(),
    currency: text().notNull().default('EUR'),
    /** The tax charged on the price; null: the default tax. */
    taxId: uuid().references(() => taxes.id),
    /** `per_seat`: the price is per seat (a team's active member), at least `minSeats` of them; `flat`: the price as it is. */
    seatPricing: text({ enum: ['flat', 'per_seat'] })
      .notNull()
      .default('flat'),
    minSeats: integer().notNull().default(1),
    /** Shown on the plans page; an active but hidden offer still renews existing subscriptions. */
    visible: boolean().notNull().default(true),
    active: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.planId),
    uniqueIndex().on(t.planId, t.billingPeriodId, t.accountTypeId),
    check('offers_min_seats_positive', sql`${t.minSeats} >= 1`),
  ],
);

/** Paquetes: add-ons valid for the current period. */
export const addOns = pgTable('add_ons', {
  id: primaryId(),
  code: text().notNull().unique(),
  name: text().notNull(),
  names: names(),
  descriptions: descriptions(),
  priceCents: integer().notNull(),
  currency: text().notNull().default('EUR'),
  extraSends: integer().notNull().default(0),
  extraProfiles: integer().notNull().default(0),
  extraTags: integer().notNull().default(0),
  extraStorageBytes: bigint({ mode: 'number' }).notNull().default(0),
  /** The tax charged on the price; null: the default tax. */
  taxId: uuid().references(() => taxes.id),
  active: boolean().notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * The catalogue's version: one row, bumped by the database in the transaction of every statement
 * that writes plans, offers, billing periods or taxes (triggers, migration 0031), whoever writes.
 * A process keeps the catalogue in memory and compares this number on each read (see snapshot.ts):
 * one indexed row instead of the whole catalogue, and never a stale price after a commit.
 */
export const catalogueVersion = pgTable('catalogue_version', {
  id: boolean().primaryKey().default(true),
  version: bigint({ mode: 'number' }).notNull().default(0),
});
