import { and, desc, eq, gte, inArray, lte, or } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { invoiceRevenueMonths, invoices } from './schema.js';

/** Read-only views of invoices for the admin screens (Suscripcions detail, dashboard). */
export function createInvoiceQueries(db: Database) {
  return {
    /** The invoices of these payments and the credit notes correcting them, newest first. */
    async ofPayments(paymentIds: string[]) {
      if (paymentIds.length === 0) return [];
      const own = db.select({ id: invoices.id }).from(invoices).where(inArray(invoices.paymentId, paymentIds));
      const rows = await db
        .select({
          id: invoices.id,
          number: invoices.number,
          issuedAt: invoices.issuedAt,
          totalCents: invoices.totalCents,
          kind: invoices.kind,
        })
        .from(invoices)
        .where(or(inArray(invoices.paymentId, paymentIds), inArray(invoices.correctedInvoiceId, own)))
        .orderBy(desc(invoices.issuedAt), desc(invoices.id));
      return rows.map((r) => ({ ...r, issuedAt: r.issuedAt.toISOString() }));
    },

    /**
     * Net revenue before tax per calendar month of the seller (`YYYY-MM`, the months of the issue
     * dates) for `months`, in `currency`: invoice subtotals plus credit note subtotals (negative),
     * by the month each document was issued (0 for a month without any). Read from the
     * `invoice_revenue_months` rollup, which the database keeps in the issuing transaction (see
     * schema.ts): one primary-key range, however many invoices there are.
     */
    async revenueByMonth(months: string[], currency = 'EUR'): Promise<Map<string, number>> {
      if (months.length === 0) return new Map();
      const sorted = [...months].sort();
      const rows = await db
        .select({ month: invoiceRevenueMonths.month, netCents: invoiceRevenueMonths.netCents })
        .from(invoiceRevenueMonths)
        .where(
          and(
            gte(invoiceRevenueMonths.month, sorted[0]!),
            lte(invoiceRevenueMonths.month, sorted.at(-1)!),
            eq(invoiceRevenueMonths.currency, currency),
          ),
        );
      const summed = new Map(rows.map((r) => [r.month, Number(r.netCents)]));
      return new Map(months.map((key) => [key, summed.get(key) ?? 0]));
    },
  };
}
export type InvoiceQueries = ReturnType<typeof createInvoiceQueries>;
