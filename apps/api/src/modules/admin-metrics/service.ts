import type { AdminMetrics, Locale } from '@enlaza/contracts';
import { daysEndingAt, monthsEndingAt, startOfLocalDay } from '../../lib/time-zone.js';
import type { AdminMetricsRepository } from './repository.js';

const DAY = 86_400_000;

/** What the dashboard asks the payments and invoices modules (their index's queries). */
export type MoneyViews = {
  latestPayments(limit: number): Promise<AdminMetrics['latestPayments']>;
  /** Net revenue per seller's calendar month `YYYY-MM`, for these months. */
  revenueByMonth(months: string[]): Promise<Map<string, number>>;
};

/** The dashboard's clock and calendar: the product's "now" and the seller's time zone (SELLER_TIME_ZONE). */
export type MetricsCalendar = { now: () => Date; timeZone: string };

/**
 * The admin dashboard (PRODUCT.md section 7): every figure is one aggregate query; see
 * contracts/admin-metrics.ts for the definitions. Its "now" is the product's clock (the sandbox test
 * clock when it runs), its days and months the seller's calendar.
 */
export function createAdminMetricsService(repo: AdminMetricsRepository, money: MoneyViews, calendar: MetricsCalendar) {
  const { timeZone } = calendar;
  return {
    /**
     * The figures. `timings`, when given, receives how long each figure's query took in ms (the
     * route sends them as a `Server-Timing` header, so a slow figure names itself).
     */
    async metrics(locale: Locale, timings?: Map<string, number>): Promise<AdminMetrics> {
      const now = calendar.now();
      // Days and months of the seller's calendar, like the invoices' issue dates.
      const days = daysEndingAt(now, timeZone, 30);
      const months = monthsEndingAt(now, timeZone, 12);
      const since = startOfLocalDay(days[0]!, timeZone);
      const churnStart = new Date(now.getTime() - 30 * DAY);
      const timed = async <T>(name: string, figure: () => Promise<T>): Promise<T> => {
        const started = performance.now();
        const value = await figure();
        timings?.set(name, performance.now() - started);
        return value;
      };
      // Side by side: on PostgreSQL each aggregate takes its own pooled connection (PGlite queues them).
      const [users, signUps, activeByPlan, mrrCents, revenue, churn, revenueChurn, latestPayments] = await Promise.all([
        timed('users', () => repo.users()),
        timed('signUps', () => repo.signUpsPerDay(since, timeZone)),
        timed('activeByPlan', () => repo.activeByPlan(locale)),
        timed('mrr', () => repo.mrrCents(now)),
        timed('revenue', () => money.revenueByMonth(months)),
        timed('churn', () => repo.churn(churnStart)),
        timed('revenueChurn', () => repo.revenueChurn(churnStart, now)),
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
        revenueChurn: {
          // Each amount rounded once; the rate from the exact sums.
          startMrrCents: Math.round(revenueChurn.startMrr),
          churnedMrrCents: Math.round(revenueChurn.churnedMrr),
          contractionMrrCents: Math.round(revenueChurn.contractionMrr),
          rate: revenueChurn.startMrr > 0 ? (revenueChurn.churnedMrr + revenueChurn.contractionMrr) / revenueChurn.startMrr : null,
        },
        latestPayments,
      };
    },
  };
}

export type AdminMetricsService = ReturnType<typeof createAdminMetricsService>;
