import type { Locale } from '@enlaza/contracts';
import { desc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { planPiece } from '../catalogue/index.js';
import { subscriptions } from './schema.js';

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
