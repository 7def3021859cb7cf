import type { AdminMetrics, Locale } from '@enlaza/contracts';
import type { AdminMetricsRepository } from './repository.js';

const DAY = 86_400_000;

/** What the dashboard asks the payments and invoices modules (their index's queries). */
export type MoneyViews = {
  latestPayments(limit: number): Promise<AdminMetrics['latestPayments']>;
  revenueByMonth(from: Date, now: Date): Promise<Map<string, number>>;
};

/** The UTC days `YYYY-MM-DD` of the `count` days ending with `now`'s, oldest first. */
export function lastDays(now: Date, count: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: count }, (_, i) => new Date(today - (count - 1 - i) * DAY).toISOString().slice(0, 10));
}

/** The UTC months `YYYY-MM` of the `count` months ending with `now`'s, oldest first. */
export function lastMonths(now: Date, count: number): string[] {
  return Array.from({ length: count }, (_, i) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (count - 1 - i), 1)).toISOString().slice(0, 7),
  );
}

/** The admin dashboard (PRODUCT.md section 7): every figure is one aggregate query; see contracts/admin-metrics.ts for the definitions. */
export function createAdminMetricsService(repo: AdminMetricsRepository, money: MoneyViews, clock: () => Date = () => new Date()) {
  return {
    /**
     * The figures. `timings`, when given, receives how long each figure's query took in ms (the
     * route sends them as a `Server-Timing` header, so a slow figure names itself).
     */
    async metrics(locale: Locale, timings?: Map<string, number>): Promise<AdminMetrics> {
      const now = clock();
      const days = lastDays(now, 30);
      const months = lastMonths(now, 12);
      const since = new Date(`${days[0]}T00:00:00Z`);
      const churnStart = new Date(now.getTime() - 30 * DAY);
      const timed = async <T>(name: string, figure: () => Promise<T>): Promise<T> => {
        const started = performance.now();
        const value = await figure();
        timings?.set(name, performance.now() - started);
        return value;
      };
      // Side by side: on PostgreSQL each aggregate takes its own pooled connection (PGlite queues them).
      const [users, signUps, activeByPlan, mrrCents, revenue, churn, latestPayments] = await Promise.all([
        timed('users', () => repo.users()),
        timed('signUps', () => repo.signUpsPerDay(since)),
        timed('activeByPlan', () => repo.activeByPlan(locale)),
        timed('mrr', () => repo.mrrCents()),
        timed('revenue', () => money.revenueByMonth(new Date(`${months[0]}-01T00:00:00Z`), now)),
        timed('churn', () => repo.churn(churnStart)),
        timed('latestPayments', () => money.latestPayments(10)),
      ]);
      return {
        generatedAt: now.toISOString(),
        // New customers: the sign-ups of the chart's 30 days.
        users: { ...users, newLast30Days: [...signUps.values()].reduce((sum, n) => sum + n, 0) },
        signUps: days.map((day) => ({ day, count: signUps.get(day) ?? 0 })),
        activeByPlan,
        mrrCents,
        revenueByMonth: months.map((month) => ({ month, netCents: revenue.get(month) ?? 0 })),
        churn: { ...churn, rate: churn.startCustomers > 0 ? churn.churnedCustomers / churn.startCustomers : null },
        latestPayments,
      };
    },
  };
}

export type AdminMetricsService = ReturnType<typeof createAdminMetricsService>;
