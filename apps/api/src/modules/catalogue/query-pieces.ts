import type { Locale } from '@enlaza/contracts';
import { and, asc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { localNameSql } from '../../lib/catalogue-names.js';
import { queryPieces } from '../../platform/query-pieces.js';
import { accountTypes, addOns, billingPeriods, catalogueVersion, offers, plans, taxes } from './schema.js';

type Db = Database | Transaction;

// Catalogue rows for other modules to join in their own statements (one query, the catalogue's
// tables known here only). Names come in `locale`, falling back to English, then the base name.
// Each piece is a subquery PostgreSQL flattens into the caller's plan.

/** Plans: `id`, `code`, `is_free` and `plan_name` (the name in `locale`). */
export const planPiece = (locale: Locale, alias = 'catalogue_plan') =>
  queryPieces
    .select({ id: plans.id, code: plans.code, isFree: plans.isFree, name: localNameSql(plans.names, plans.name, locale).as('plan_name') })
    .from(plans)
    .as(alias);

/** Whole plan rows (every column), for a caller that needs the plan as stored (limits, order, names). */
export const planRowPiece = (alias = 'catalogue_plan_row') => queryPieces.select().from(plans).as(alias);

/**
 * The price and billing period (code, name in `locale`, length in months) of the offer whose id
 * is `offerId` (the caller's column; null when there is none): scalar subqueries on the offer's
 * primary key. Scalar rather than a left-joined piece, which Drizzle's types cannot follow.
 */
export function offerFieldsSql(offerId: AnyColumn | SQL, locale: Locale) {
  const ofOffer = (value: SQL) =>
    sql`(select ${value} from ${offers} o left join ${billingPeriods} bp on bp.id = o.billing_period_id where o.id = ${offerId})`;
  return {
    priceCents: sql<number | null>`${ofOffer(sql`o.price_cents`)}`.mapWith((v: unknown) => (v === null ? null : Number(v))),
    periodCode: sql<string | null>`${ofOffer(sql`bp.code`)}`,
    periodName: sql<string | null>`${ofOffer(localNameSql(sql`bp.names`, sql`bp.name`, locale))}`,
    periodMonths: sql<number | null>`${ofOffer(sql`bp.months`)}`.mapWith((v: unknown) => (v === null ? null : Number(v))),
  };
}

/** The name in `locale` of the account type whose id is `accountTypeId` (the caller's column), or null: a scalar subquery. */
export const accountTypeNameSql = (accountTypeId: AnyColumn | SQL, locale: Locale): SQL<string | null> =>
  sql<string | null>`(select ${localNameSql(sql`t.names`, sql`t.name`, locale)} from ${accountTypes} t where t.id = ${accountTypeId})`;

/** The months of the billing period of the offer whose id is `offerId` (the caller's column), or null: a scalar subquery. */
export const offerMonthsSql = (offerId: AnyColumn | SQL): SQL<number | null> =>
  sql<
    number | null
  >`(select bp.months from ${offers} o join ${billingPeriods} bp on bp.id = o.billing_period_id where o.id = ${offerId})`.mapWith(
    (v: unknown) => (v === null ? null : Number(v)),
  );

/** How the offer whose id is `offerId` (the caller's column) is priced, `flat` or `per_seat`, or null: a scalar subquery. */
export const offerSeatPricingSql = (offerId: AnyColumn | SQL): SQL<'flat' | 'per_seat' | null> =>
  sql<'flat' | 'per_seat' | null>`(select o.seat_pricing from ${offers} o where o.id = ${offerId})`;

/**
 * The catalogue's version (the one row migration 0031's triggers bump in every transaction that
 * writes plans, offers, periods or taxes): a scalar subquery, to read in the same statement as the
 * caller's other rows, so the number and those rows come from one snapshot.
 */
export const catalogueVersionSql = (): SQL<number> =>
  sql<number>`(select ${catalogueVersion.version} from ${catalogueVersion})`.mapWith((v: unknown) => Number(v ?? 0));

/** Offers with their billing period's length: `id` (the offer's) and `months`, to join on the caller's offer column. */
export const offerPeriodPiece = (alias = 'catalogue_offer_period') =>
  queryPieces
    .select({ id: offers.id, months: billingPeriods.months })
    .from(offers)
    .innerJoin(billingPeriods, eq(billingPeriods.id, offers.billingPeriodId))
    .as(alias);

// Small catalogue reads for billing (payments, renewals), each one statement in the caller's
// connection or transaction.

/** The active default tax, if any. */
export async function defaultTax(db: Db) {
  const [row] = await db
    .select()
    .from(taxes)
    .where(and(eq(taxes.isDefault, true), eq(taxes.active, true)))
    .limit(1);
  return row;
}

/** Every active tax (what an offer or add-on may name). */
export const activeTaxes = (db: Db) => db.select().from(taxes).where(eq(taxes.active, true));

/** The tax an offer or add-on names, if it is still active (else the caller falls back to the default one). */
export async function activeTax(db: Db, id: string) {
  const [row] = await db
    .select()
    .from(taxes)
    .where(and(eq(taxes.id, id), eq(taxes.active, true)));
  return row;
}

/**
 * Every offer that can be sold now: active offers of active plans on active periods, whatever the
 * account type they are for, cheapest plan first (the kept catalogue of snapshot.ts filters them
 * per buyer).
 */
export function sellableOffers(db: Db) {
  return db
    .select({ offer: offers, plan: plans, period: billingPeriods })
    .from(offers)
    .innerJoin(plans, eq(plans.id, offers.planId))
    .innerJoin(billingPeriods, eq(billingPeriods.id, offers.billingPeriodId))
    .where(and(eq(offers.active, true), eq(plans.active, true), eq(billingPeriods.active, true)))
    .orderBy(asc(plans.sortOrder), asc(billingPeriods.months), asc(offers.priceCents));
}

export const activePlans = (db: Db) => db.select().from(plans).where(eq(plans.active, true)).orderBy(asc(plans.sortOrder));

/**
 * An offer with its plan and period, active or not. `offerId` may be the caller's piece (a scalar
 * subquery on its own table, e.g. a scheduled change's offer), keeping the read one statement.
 */
export async function offerDetails(db: Db, offerId: SQL | string) {
  const [row] = await db
    .select({ offer: offers, plan: plans, period: billingPeriods })
    .from(offers)
    .innerJoin(plans, eq(plans.id, offers.planId))
    .innerJoin(billingPeriods, eq(billingPeriods.id, offers.billingPeriodId))
    .where(sql`${offers.id} = ${offerId}`);
  return row;
}

export const activeAddOns = (db: Db) => db.select().from(addOns).where(eq(addOns.active, true)).orderBy(asc(addOns.priceCents));

export async function activeAddOn(db: Db, id: string) {
  const [row] = await db
    .select()
    .from(addOns)
    .where(and(eq(addOns.id, id), eq(addOns.active, true)));
  return row;
}
