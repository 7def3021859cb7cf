import { z } from 'zod';

/**
 * The admin dashboard's figures (GET /api/admin/dashboard/metrics). Money in integer cents, EUR,
 * before tax. Definitions (also in each tooltip and in docs/billing.md):
 * - `mrr`: sum over paid subscriptions that are `active` or `past_due` of what each is billed per
 *   period (the plan lines, before tax, of the latest invoice that charged its current offer: a
 *   checkout, upgrade or renewal; not an upgrade's credit, add-ons or refunds) divided by that
 *   period's months (an annual 120.00 € counts 10.00 €), rounded once at the end; the offer's
 *   price when the subscription has no such invoice.
 * - `revenueChurn`: gross MRR churn over the last 30 days: the MRR 30 days ago of the customers who
 *   churned (as in `churn`) plus the contraction of those still paying (how much less they are
 *   billed per month now, per customer, never negative), divided by the MRR 30 days ago (the same
 *   rule as of that instant, over the customers paying then as `churn` counts them; null when 0).
 * - `revenueByMonth`: invoice subtotals (before tax) issued in each calendar month (UTC), minus
 *   the credit notes issued that month; the last 12 months, the current one included.
 * - `churn`: paid customers at the start of the last 30 days who have no paid subscription running
 *   now, divided by the paid customers at that start (null when there were none).
 */
export const adminMetricsSchema = z.object({
  generatedAt: z.string(),
  users: z.object({ total: z.number().int(), active: z.number().int(), newLast30Days: z.number().int() }),
  /** One entry per day, oldest first, 30 days ending today (UTC). */
  signUps: z.array(z.object({ day: z.string(), count: z.number().int() })),
  activeByPlan: z.array(z.object({ code: z.string(), name: z.string(), count: z.number().int() })),
  mrrCents: z.number().int(),
  /** One entry per month (`YYYY-MM`), oldest first, 12 months ending with the current one. */
  revenueByMonth: z.array(z.object({ month: z.string(), netCents: z.number().int() })),
  churn: z.object({ startCustomers: z.number().int(), churnedCustomers: z.number().int(), rate: z.number().nullable() }),
  revenueChurn: z.object({
    startMrrCents: z.number().int(),
    churnedMrrCents: z.number().int(),
    contractionMrrCents: z.number().int(),
    rate: z.number().nullable(),
  }),
  latestPayments: z.array(
    z.object({
      id: z.string(),
      createdAt: z.string(),
      userId: z.string(),
      customerName: z.string(),
      customerEmail: z.string(),
      amountCents: z.number().int(),
      status: z.string(),
      purpose: z.string(),
      invoiceNumber: z.string().nullable(),
    }),
  ),
});
export type AdminMetrics = z.infer<typeof adminMetricsSchema>;
