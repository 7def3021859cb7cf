import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { invoiceLines, invoices } from './schema.js';

/** Days in an average month (365.25 / 12): a line's period in days to whole months. */
const DAYS_PER_MONTH = 30.436875;

/**
 * What the invoice of payment `paymentId` (the caller's column or expression) bills per month
 * before tax for a subscription's plan, as an exact numeric, or null when there is no such invoice
 * or it has no plan line: each line that charges a period of service (a positive base with a
 * period) divided by its period's months (the days it runs, to whole months: 28–31 days are 1,
 * 365 or 366 are 12), summed. Left out: an upgrade's credit for the unused old period (negative,
 * one-off), one-off lines (no period) and credit notes (refunds are one-off). A correlated scalar
 * subquery on the invoice's payment index and its lines' index.
 */
export function billedPerMonthSql(paymentId: AnyColumn | SQL): SQL<string | null> {
  return sql<
    string | null
  >`(select sum(l.base_cents::numeric / greatest(1, round((l.period_end - l.period_start) / ${sql.raw(String(DAYS_PER_MONTH))})))
    from ${invoices} i join ${invoiceLines} l on l.invoice_id = i.id
    where i.payment_id = ${paymentId} and i.kind = 'invoice' and l.base_cents > 0 and l.period_start is not null)`;
}
