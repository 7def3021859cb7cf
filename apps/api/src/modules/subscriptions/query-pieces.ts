import type { Locale } from '@enlaza/contracts';
import { and, desc, eq, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { queryPieces, rowOf } from '../../platform/query-pieces.js';
import { planPiece, planRowPiece, type CatalogueUses } from '../catalogue/index.js';
import { subscriptionAddOns, subscriptions } from './schema.js';

type Db = Database | Transaction;
export type SubscriptionValues = typeof subscriptions.$inferInsert;

// Subscription facts for other modules' statements (the admin's user list and card), the
// subscriptions table known here only. `userId` is the caller's column or expression for the user,
// qualified (a select list of a single-source query leaves Drizzle columns unqualified, and an
// unqualified `"id"` would bind inside the subquery). The subqueries name their own aliases for the
// same reason.

const RUNNING = sql`('trialing', 'active', 'past_due')`;

/** The name (in `locale`) of the user's newest running subscription's plan, or null: a correlated scalar subquery. */
export function currentPlanNameSql(userId: AnyColumn | SQL, locale: Locale): SQL<string | null> {
  return sql<string | null>`(select p.plan_name from ${subscriptions} s join ${planPiece(locale, 'p')} on p.id = s.plan_id
    where s.user_id = ${userId} and s.status in ${RUNNING} order by s.created_at desc limit 1)`;
}

/** True when the user has a running subscription to the plan with this code. */
export function hasRunningPlanSql(userId: AnyColumn | SQL, planCode: string): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${subscriptions} s join ${planPiece('en', 'p')} on p.id = s.plan_id
    where s.user_id = ${userId} and p.code = ${planCode} and s.status in ${RUNNING})`;
}

/** The user's newest subscription, a running one first, with its plan's name in `locale`. */
export async function latestSubscription(db: Database | Transaction, userId: string, locale: Locale) {
  const plan = planPiece(locale);
  const [row] = await db
    .select({
      plan: plan.name,
      status: subscriptions.status,
      periodStart: subscriptions.currentPeriodStart,
      periodEnd: subscriptions.currentPeriodEnd,
    })
    .from(subscriptions)
    .innerJoin(plan, eq(plan.id, subscriptions.planId))
    .where(eq(subscriptions.userId, userId))
    .orderBy(sql`${subscriptions.status} in ${RUNNING} desc`, desc(subscriptions.createdAt))
    .limit(1);
  return row;
}

/** How many subscriptions (and bought add-ons) point at a plan, an offer or an add-on: what keeps it from being deleted. */
/** How many subscriptions running now (trialing, active, past due) are on a plan or an offer: the admin dashboard's "by plan" figure. */
export const catalogueRunning: CatalogueUses = {
  plans: (planId) => sql<number>`(select count(*) from ${subscriptions} s where s.plan_id = ${planId} and s.status in ${RUNNING})`,
  offers: (offerId) => sql<number>`(select count(*) from ${subscriptions} s where s.offer_id = ${offerId} and s.status in ${RUNNING})`,
};

export const catalogueUses: CatalogueUses = {
  plans: (planId) => sql<number>`(select count(*) from ${subscriptions} s where s.plan_id = ${planId})`,
  offers: (offerId) => sql<number>`(select count(*) from ${subscriptions} s where s.offer_id = ${offerId})`,
  'add-ons': (addOnId) => sql<number>`(select count(*) from ${subscriptionAddOns} sa where sa.add_on_id = ${addOnId})`,
};

/** Whole subscription rows (every column), for a module that joins its own state to them (renewals). */
export const subscriptionRowPiece = (alias = 'subscription_row') => queryPieces.select().from(subscriptions).as(alias);

// Billing's reads and writes of subscriptions (payments, renewals), each one statement in the
// caller's connection or transaction, so a change commits with the payment that pays for it.

/** The user's newest running subscription with its whole plan row. */
export async function runningSubscription(db: Db, userId: string) {
  const plan = planRowPiece('running_plan');
  const [row] = await db
    .select({ subscription: subscriptions, plan: rowOf(plan) })
    .from(subscriptions)
    .innerJoin(plan, eq(plan.id, subscriptions.planId))
    .where(and(eq(subscriptions.userId, userId), sql`${subscriptions.status} in ${RUNNING}`))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row;
}

/**
 * The plan facts of the user's newest running subscription, as a piece to left-join `on true` (no
 * row when nothing runs): `planId`, `offerId`, and the plan's `planIsFree` and `planSortOrder`.
 * `userId` may be a placeholder of the caller's prepared statement.
 */
export function runningPlanPiece(userId: string | SQL | Placeholder, alias = 'running_plan_of_user') {
  const plan = planRowPiece(`${alias}_plan`);
  return queryPieces
    .select({ planId: subscriptions.planId, offerId: subscriptions.offerId, planIsFree: plan.isFree, planSortOrder: plan.sortOrder })
    .from(subscriptions)
    .innerJoin(plan, eq(plan.id, subscriptions.planId))
    .where(and(eq(subscriptions.userId, userId), sql`${subscriptions.status} in ${RUNNING}`))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1)
    .as(alias);
}

/** Locks the user's newest running subscription for a change (PostgreSQL; PGlite has one connection anyway). */
export async function lockRunningSubscription(tx: Transaction, userId: string) {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), sql`${subscriptions.status} in ${RUNNING}`))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1)
    .for('update');
  return row;
}

/** Locks one subscription row for a change; answers it as it is now. */
export async function lockSubscription(tx: Transaction, id: string) {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
  return row;
}

export async function updateSubscription(db: Db, id: string, values: Partial<SubscriptionValues>): Promise<void> {
  await db
    .update(subscriptions)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(subscriptions.id, id));
}

export async function insertSubscription(db: Db, values: SubscriptionValues) {
  const [row] = await db.insert(subscriptions).values(values).returning();
  if (!row) throw new Error('insert subscription failed');
  return row;
}

export async function addSubscriptionAddOn(db: Db, subscriptionId: string, addOnId: string, validUntil: Date): Promise<void> {
  await db.insert(subscriptionAddOns).values({ subscriptionId, addOnId, validUntil });
}

/** Ends an add-on bought with `validUntil` now (its payment never arrived): the newest such, once. */
export async function endSubscriptionAddOn(db: Db, subscriptionId: string, addOnId: string, validUntil: Date, at: Date): Promise<void> {
  await db.execute(sql`update ${subscriptionAddOns} set valid_until = ${at} where id = (
    select id from ${subscriptionAddOns}
    where subscription_id = ${subscriptionId} and add_on_id = ${addOnId} and valid_until = ${validUntil}
    order by created_at desc limit 1)`);
}

/**
 * The select of a renewal claim (a CTE of the caller's statement): the ids of up to `limit` running
 * subscriptions of a paid plan whose period ended by `now`, oldest end first, locked FOR UPDATE
 * SKIP LOCKED (the plan is not locked). `unheld` is the caller's condition on the subscription's
 * id (`s.id`), e.g. that no live lease in its own table holds it.
 */
export function dueForRenewalSql(now: SQL, limit: number, unheld: (subscriptionId: SQL) => SQL): SQL {
  return sql`select s.id from ${subscriptions} s join ${planPiece('en', 'p')} on p.id = s.plan_id
    where s.status in ${RUNNING} and not p.is_free
      and s.current_period_end is not null and s.current_period_end <= ${now}
      and ${unheld(sql`s.id`)}
    order by s.current_period_end
    limit ${limit}
    for update of s skip locked`;
}

/** The ids of the user's past-due subscriptions. */
export async function pastDueSubscriptionIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'past_due')));
  return rows.map((r) => r.id);
}
