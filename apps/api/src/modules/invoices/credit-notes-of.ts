import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { invoices } from './schema.js';

/** A credit note as its customer sees it in Pagos. Totals are negative (what it takes back). */
export type CreditNoteSummary = { id: string; number: string; totalCents: number; issueDate: string };

/** The credit notes of each invoice, oldest first (a customer's Pagos lists them under the payment). */
export async function creditNotesOf(db: Database | Transaction, invoiceIds: string[]): Promise<Map<string, CreditNoteSummary[]>> {
  const byInvoice = new Map<string, CreditNoteSummary[]>();
  if (invoiceIds.length === 0) return byInvoice;
  const rows = await db
    .select({
      corrected: invoices.correctedInvoiceId,
      id: invoices.id,
      number: invoices.number,
      totalCents: invoices.totalCents,
      issueDate: invoices.issueDate,
    })
    .from(invoices)
    .where(and(eq(invoices.kind, 'credit_note'), inArray(invoices.correctedInvoiceId, invoiceIds)))
    .orderBy(asc(invoices.issuedAt), asc(invoices.sequence));
  for (const { corrected, ...note } of rows) {
    if (!corrected) continue;
    byInvoice.set(corrected, [...(byInvoice.get(corrected) ?? []), note]);
  }
  return byInvoice;
}
