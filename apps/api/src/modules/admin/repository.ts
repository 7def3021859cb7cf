import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AdminUsersQuery, Locale } from '@enlaza/contracts';
import { localNameSql } from '../../lib/catalogue-names.js';
import type { Database, Transaction } from '../../db/client.js';
import { accountTypes, plans, profiles, sessions, subscriptions, users } from '../../db/schema/index.js';
import { nextCustomerCode } from '../registration/repository.js';

export function createAdminRepository(db: Database) {
  // Correlated subqueries name their tables explicitly: Drizzle leaves columns unqualified in single-table selects.
  // Catalogue names in the viewing admin's language (English, then the base name, when missing).
  const currentPlan = (locale: Locale) => sql<string | null>`(select ${localNameSql(sql`p.names`, sql`p.name`, locale)} from subscriptions s join plans p on p.id = s.plan_id
    where s.user_id = users.id and s.status in ('trialing', 'active', 'past_due') order by s.created_at desc limit 1)`;

  function userFilter(role: 'admin' | 'user', q: Partial<AdminUsersQuery>): SQL | undefined {
    const term = q.search ? `%${q.search.replace(/[%_\\]/g, '\\$&')}%` : undefined;
    return and(
      eq(users.role, role),
      q.status ? eq(users.status, q.status) : undefined,
      q.accountTypeId ? eq(users.accountTypeId, q.accountTypeId) : undefined,
      q.planCode
        ? sql`exists (select 1 from subscriptions s join plans p on p.id = s.plan_id where s.user_id = users.id and p.code = ${q.planCode} and s.status in ('trialing', 'active', 'past_due'))`
        : undefined,
      term ? or(ilike(users.name, term), ilike(users.email, term), ilike(users.alias, term), ilike(users.codigo, term)) : undefined,
    );
  }

  const rowColumns = (locale: Locale) => ({
    id: users.id, name: users.name, email: users.email, alias: users.alias, codigo: users.codigo, role: users.role, status: users.status,
    accountType: sql<string | null>`case when ${accountTypes.id} is null then null else ${localNameSql(accountTypes.names, accountTypes.name, locale)} end`, plan: currentPlan(locale), createdAt: users.createdAt,
  });

  return {
    /** A bounded page (≤ 100 rows) with its total; sorted on indexed columns with the id as tie-breaker. */
    async listUsers(role: 'admin' | 'user', q: AdminUsersQuery, locale: Locale = 'en') {
      const where = userFilter(role, q);
      const column = { createdAt: users.createdAt, name: users.name, email: users.email }[q.sort];
      const order = q.dir === 'asc' ? [asc(column), asc(users.id)] : [desc(column), desc(users.id)];
      const [rows, [total]] = await Promise.all([
        db.select(rowColumns(locale)).from(users).leftJoin(accountTypes, eq(accountTypes.id, users.accountTypeId)).where(where).orderBy(...order).limit(q.pageSize).offset((q.page - 1) * q.pageSize),
        db.select({ n: count() }).from(users).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async findUser(id: string, role: 'admin' | 'user', locale: Locale = 'en') {
      const [row] = await db.select({ ...rowColumns(locale), phone: users.phone, country: users.country, emailVerifiedAt: users.emailVerifiedAt, locale: users.locale }).from(users).leftJoin(accountTypes, eq(accountTypes.id, users.accountTypeId)).where(and(eq(users.id, id), eq(users.role, role)));
      return row;
    },

    async userExtras(id: string, locale: Locale = 'en') {
      const [counts] = await db
        .select({
          cards: sql<number>`count(*) filter (where ${profiles.kind} = 'card' and ${profiles.deletedAt} is null)`.mapWith(Number),
          tags: sql<number>`count(*) filter (where ${profiles.kind} = 'tag' and ${profiles.deletedAt} is null)`.mapWith(Number),
        })
        .from(profiles)
        .where(eq(profiles.userId, id));
      const [subscription] = await db
        .select({ plan: localNameSql(plans.names, plans.name, locale), status: subscriptions.status, periodStart: subscriptions.currentPeriodStart, periodEnd: subscriptions.currentPeriodEnd })
        .from(subscriptions)
        .innerJoin(plans, eq(plans.id, subscriptions.planId))
        .where(eq(subscriptions.userId, id))
        .orderBy(sql`${subscriptions.status} in ('trialing', 'active', 'past_due') desc`, desc(subscriptions.createdAt))
        .limit(1);
      return { counts: counts ?? { cards: 0, tags: 0 }, subscription };
    },

    async setStatus(id: string, status: 'pending' | 'active' | 'suspended'): Promise<void> {
      await db.update(users).set({ status, updatedAt: sql`now()` }).where(eq(users.id, id));
    },

    async revokeSessions(id: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.userId, id));
    },

    async createAdmin(values: { name: string; email: string; alias: string; passwordHash: string }) {
      const [row] = await db
        .insert(users)
        .values({ ...values, role: 'admin', status: 'active', emailVerifiedAt: new Date(), codigo: await nextCustomerCode(db) })
        .returning();
      if (!row) throw new Error('admin insert returned nothing');
      return row;
    },

    /**
     * Disables an admin unless it would leave no active admin. The active admins are locked for the
     * check, so two admins disabling each other at once cannot both succeed.
     */
    async disableAdmin(id: string): Promise<'done' | 'last_admin'> {
      return db.transaction(async (tx: Transaction) => {
        const active = await tx.select({ id: users.id }).from(users).where(and(eq(users.role, 'admin'), eq(users.status, 'active'))).for('update');
        if (active.length <= 1 && active.some((a) => a.id === id)) return 'last_admin';
        await tx.update(users).set({ status: 'suspended', updatedAt: sql`now()` }).where(eq(users.id, id));
        await tx.delete(sessions).where(eq(sessions.userId, id));
        return 'done';
      });
    },

    async emailInUse(email: string): Promise<boolean> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
      return Boolean(row);
    },
  };
}

export type AdminRepository = ReturnType<typeof createAdminRepository>;
