import { z } from 'zod';

/**
 * The admin dashboard's figures (GET /api/admin/dashboard/metrics). Money in integer cents, EUR,
 * before tax. Definitions (also in each tooltip and in docs/billing.md):
 * - `mrr`: sum over paid subscriptions that are `active` or `past_due` of the offer's price divided
 *   by the period's months (an annual 90.00 € counts 7.50 €), rounded once at the end.
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
