import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AdminUsersQuery, Locale } from '@enlaza/contracts';
import type { Database } from '../../db/client.js';
import { qualified } from '../../platform/query-pieces.js';
import { disableAdminUnlessLast, emailInUse, insertAdmin, revokeAllSessions, setUserStatus, userPiece } from '../account/index.js';
import { accountTypeNameSql } from '../catalogue/index.js';
import { liveProfileCounts } from '../profiles/index.js';
import { currentPlanNameSql, hasRunningPlanSql, latestSubscription } from '../subscriptions/index.js';
import { inTeamSql, userTeamSql } from '../teams/index.js';

/**
 * Usuarios and Administradores: the admin's lists of accounts, read in one statement from the
 * accounts', catalogue's and subscriptions' query pieces; writes go through the accounts module.
 */
export function createAdminRepository(db: Database) {
  const user = userPiece('listed_user');
  // The correlated subqueries below sit in the select list, where Drizzle leaves a single source's
  // columns unqualified: they get the user's columns qualified by hand.
  const userColumn = (name: 'id' | 'account_type_id') => qualified('listed_user', name);

  function userFilter(role: 'admin' | 'user', q: Partial<AdminUsersQuery>): SQL | undefined {
    const term = q.search ? `%${q.search.replace(/[%_\\]/g, '\\$&')}%` : undefined;
    return and(
      eq(user.role, role),
      q.status ? eq(user.status, q.status) : undefined,
      q.accountTypeId ? eq(user.accountTypeId, q.accountTypeId) : undefined,
      q.planCode ? hasRunningPlanSql(user.id, q.planCode) : undefined,
      q.team === 'none' ? sql`not ${inTeamSql(user.id)}` : q.team ? inTeamSql(user.id, q.team === 'owner') : undefined,
      term ? or(ilike(user.name, term), ilike(user.email, term), ilike(user.alias, term), ilike(user.codigo, term)) : undefined,
    );
  }

  // Catalogue names in the viewing admin's language (English, then the base name, when missing).
  const columns = (locale: Locale) => ({
    id: user.id,
    name: user.name,
    email: user.email,
    alias: user.alias,
    codigo: user.codigo,
    role: user.role,
    status: user.status,
    accountType: accountTypeNameSql(userColumn('account_type_id'), locale),
    plan: currentPlanNameSql(userColumn('id'), locale),
    team: userTeamSql(userColumn('id')),
    createdAt: user.createdAt,
  });

  return {
    /** A bounded page (≤ 100 rows) with its total; sorted on indexed columns with the id as tie-breaker. */
    async listUsers(role: 'admin' | 'user', q: AdminUsersQuery, locale: Locale = 'en') {
      const where = userFilter(role, q);
      const column = { createdAt: user.createdAt, name: user.name, email: user.email }[q.sort];
      const order = q.dir === 'asc' ? [asc(column), asc(user.id)] : [desc(column), desc(user.id)];
      const [rows, [total]] = await Promise.all([
        db
          .select(columns(locale))
          .from(user)
          .where(where)
          .orderBy(...order)
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db.select({ n: count() }).from(user).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async findUser(id: string, role: 'admin' | 'user', locale: Locale = 'en') {
      const [row] = await db
        .select({
          ...columns(locale),
          phone: user.phone,
          country: user.country,
          emailVerifiedAt: user.emailVerifiedAt,
          locale: user.locale,
        })
        .from(user)
        .where(and(eq(user.id, id), eq(user.role, role)));
      return row;
    },

    async userExtras(id: string, locale: Locale = 'en') {
      const [counts, subscription] = await Promise.all([liveProfileCounts(db, id), latestSubscription(db, id, locale)]);
      return { counts, subscription };
    },

    setStatus: (id: string, status: 'pending' | 'active' | 'suspended') => setUserStatus(db, id, status),
    revokeSessions: (id: string) => revokeAllSessions(db, id),
    createAdmin: (values: { name: string; email: string; alias: string; passwordHash: string }) => insertAdmin(db, values),
    disableAdmin: (id: string) => disableAdminUnlessLast(db, id),
    emailInUse: (email: string) => emailInUse(db, email),
  };
}

export type AdminRepository = ReturnType<typeof createAdminRepository>;
