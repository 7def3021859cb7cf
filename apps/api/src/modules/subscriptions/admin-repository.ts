import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Locale } from '@enlaza/contracts';
import type { Database, Transaction } from '../../db/client.js';
import { offerFieldsSql, planPiece } from '../catalogue/index.js';
import { userPiece } from '../account/index.js';
import { subscriptions } from './schema.js';
import type { KeysetCursor } from '../../lib/keyset-cursor.js';

export type AdminListFilter = { status?: string; plan?: string; period?: string; q?: string };

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Suscripcions: every subscription with its customer, plan and period (the admin's side). One
 * statement; the customer, plan and offer come as the accounts' and catalogue's query pieces.
 */
export function createAdminSubscriptionsRepository(db: Database) {
  const customer = userPiece('customer');

  const base = (locale: Locale) => {
    const plan = planPiece(locale);
    const offer = offerFieldsSql(subscriptions.offerId, locale);
    return {
      plan,
      offer,
      query: db
        .select({
          subscription: subscriptions,
          createdAtText: sql<string>`${subscriptions.createdAt}::text`,
          user: { id: customer.id, name: customer.name, email: customer.email },
          plan: { code: plan.code, name: plan.name },
          periodCode: offer.periodCode,
          periodName: offer.periodName,
          periodMonths: offer.periodMonths,
          priceCents: offer.priceCents,
        })
        .from(subscriptions)
        .innerJoin(customer, eq(customer.id, subscriptions.userId))
        .innerJoin(plan, eq(plan.id, subscriptions.planId)),
    };
  };

  function conditions(filter: AdminListFilter, { plan, offer }: Pick<ReturnType<typeof base>, 'plan' | 'offer'>): (SQL | undefined)[] {
    const like = filter.q ? `%${escapeLike(filter.q)}%` : null;
    return [
      filter.status ? sql`${subscriptions.status} = ${filter.status}` : undefined,
      filter.plan ? eq(plan.code, filter.plan) : undefined,
      filter.period ? eq(offer.periodCode, filter.period) : undefined,
      like ? sql`(${customer.name} ilike ${like} or ${customer.email} ilike ${like})` : undefined,
    ];
  }

  return {
    /** Newest first, keyset-paginated on (created_at, id); one row more than asked tells a next page. */
    list: (filter: AdminListFilter, cursor: KeysetCursor | null, limit: number, locale: Locale) => {
      const { query, ...pieces } = base(locale);
      return query
        .where(
          and(
            ...conditions(filter, pieces),
            cursor
              ? sql`(${subscriptions.createdAt}, ${subscriptions.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
        .limit(limit + 1);
    },

    async find(id: string, locale: Locale) {
      const [row] = await base(locale).query.where(eq(subscriptions.id, id));
      return row;
    },

    /** The subscription row, locked until the transaction ends (admin changes go one at a time). */
    async lock(tx: Transaction, id: string) {
      const plan = planPiece('en');
      const [row] = await tx
        .select({ subscription: subscriptions, isFree: plan.isFree })
        .from(subscriptions)
        .innerJoin(plan, eq(plan.id, subscriptions.planId))
        .where(eq(subscriptions.id, id))
        .for('update', { of: subscriptions });
      return row;
    },

    async update(tx: Transaction, id: string, values: Partial<typeof subscriptions.$inferInsert>) {
      await tx
        .update(subscriptions)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(subscriptions.id, id));
    },

    transaction: <T>(work: (tx: Transaction) => Promise<T>) => db.transaction(work),
  };
}

export type AdminSubscriptionsRepository = ReturnType<typeof createAdminSubscriptionsRepository>;
export type AdminSubscriptionRow = Awaited<ReturnType<AdminSubscriptionsRepository['list']>>[number];
