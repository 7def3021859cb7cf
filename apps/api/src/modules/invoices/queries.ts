import { and, desc, eq, gte, inArray, lte, or } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { invoiceRevenueMonths, invoices } from './schema.js';

/** The months `YYYY-MM` from `from`'s to `to`'s, both included. */
function monthsBetween(from: Date, to: Date) {
  const months: string[] = [];
  for (
    let m = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), 1));
    m <= to;
    m = new Date(Date.UTC(m.getUTCFullYear(), m.getUTCMonth() + 1, 1))
  )
    months.push(m.toISOString().slice(0, 7));
  return months;
}

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
     * Net revenue before tax per calendar month (UTC) from `from`'s month to `now`'s, in `currency`:
     * invoice subtotals plus credit note subtotals (negative), by the month each document was
     * issued. Read from the `invoice_revenue_months` rollup, which the database keeps in the
     * issuing transaction (see schema.ts): one primary-key range, however many invoices there are.
     */
    async revenueByMonth(from: Date, now: Date, currency = 'EUR'): Promise<Map<string, number>> {
      const months = monthsBetween(from, now);
      const rows = await db
        .select({ month: invoiceRevenueMonths.month, netCents: invoiceRevenueMonths.netCents })
        .from(invoiceRevenueMonths)
        .where(
          and(
            gte(invoiceRevenueMonths.month, months[0]!),
            lte(invoiceRevenueMonths.month, months.at(-1)!),
            eq(invoiceRevenueMonths.currency, currency),
          ),
        );
      const summed = new Map(rows.map((r) => [r.month, Number(r.netCents)]));
      return new Map(months.map((key) => [key, summed.get(key) ?? 0]));
    },
  };
}
export type InvoiceQueries = ReturnType<typeof createInvoiceQueries>;
