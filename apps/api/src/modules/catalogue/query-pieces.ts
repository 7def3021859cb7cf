import type { Locale } from '@enlaza/contracts';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { localNameSql } from '../../lib/catalogue-names.js';
import { queryPieces } from '../../platform/query-pieces.js';
import { accountTypes, billingPeriods, offers, plans } from './schema.js';

// Catalogue rows for other modules to join in their own statements (one query, the catalogue's
// tables known here only). Names come in `locale`, falling back to English, then the base name.
// Each piece is a subquery PostgreSQL flattens into the caller's plan.

/** Plans: `id`, `code`, `is_free` and `plan_name` (the name in `locale`). */
export const planPiece = (locale: Locale, alias = 'catalogue_plan') =>
  queryPieces
    .select({ id: plans.id, code: plans.code, isFree: plans.isFree, name: localNameSql(plans.names, plans.name, locale).as('plan_name') })
    .from(plans)
    .as(alias);

/**
 * The price and billing period (code and name in `locale`) of the offer whose id is `offerId` (the
 * caller's column; null when there is none): scalar subqueries on the offer's primary key. Scalar
 * rather than a left-joined piece, which Drizzle's types cannot follow.
 */
export function offerFieldsSql(offerId: AnyColumn | SQL, locale: Locale) {
  const ofOffer = (value: SQL) =>
    sql`(select ${value} from ${offers} o left join ${billingPeriods} bp on bp.id = o.billing_period_id where o.id = ${offerId})`;
  return {
    priceCents: sql<number | null>`${ofOffer(sql`o.price_cents`)}`.mapWith((v: unknown) => (v === null ? null : Number(v))),
    periodCode: sql<string | null>`${ofOffer(sql`bp.code`)}`,
    periodName: sql<string | null>`${ofOffer(localNameSql(sql`bp.names`, sql`bp.name`, locale))}`,
  };
}

/** The name in `locale` of the account type whose id is `accountTypeId` (the caller's column), or null: a scalar subquery. */
export const accountTypeNameSql = (accountTypeId: AnyColumn | SQL, locale: Locale): SQL<string | null> =>
  sql<string | null>`(select ${localNameSql(sql`t.names`, sql`t.name`, locale)} from ${accountTypes} t where t.id = ${accountTypeId})`;
