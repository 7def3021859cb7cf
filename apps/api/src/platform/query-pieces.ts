import { QueryBuilder } from 'drizzle-orm/pg-core';
import { sql, type SQL, type Subquery } from 'drizzle-orm';

/**
 * Builds the query pieces a module exports so that another module can compose them into its own
 * statement (a join, a correlated subquery) without knowing the owner's tables: the SQL stays one
 * statement, the table knowledge stays with the owner. Same casing as the db client, so a piece
 * renders the same columns inside any query.
 */
export const queryPieces = new QueryBuilder({ casing: 'snake_case' });

/**
 * `"alias"."column"`, for a correlated subquery in a select list: there Drizzle leaves the columns
 * of a single-source query unqualified, and an unqualified name would bind inside the subquery.
 */
export const qualified = (alias: string, column: string): SQL => sql`${sql.identifier(alias)}.${sql.identifier(column)}`;

/**
 * Every column of a piece, read through its alias, to select a whole row of it as one nested object
 * (`select({ plan: rowOf(plan) })`): a piece selected as such would be a scalar subquery instead.
 */
export function rowOf<T extends Record<string, unknown>>(piece: Subquery<string, T>): T {
  return Object.fromEntries(Object.keys(piece._.selectedFields).map((key) => [key, (piece as unknown as T)[key]])) as T;
}
