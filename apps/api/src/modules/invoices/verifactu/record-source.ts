import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db/client.js';
import { apiPackageRoot } from '../../../lib/paths.js';
import { issuerId } from '../chain.js';
import { invoiceLines, invoiceRecords, invoices, invoiceTaxTotals } from '../schema.js';
import type { ComputerSystem, RecordXmlInput } from './record-xml.js';

type Db = Database | Transaction;

let apiVersion: string | undefined;
const version = () =>
  (apiVersion ??= (JSON.parse(readFileSync(join(apiPackageRoot(), 'package.json'), 'utf8')) as { version: string }).version);

/**
 * Our billing software as SistemaInformatico names it. Its producer is the seller running it (the
 * seller settings): Enlaza is installed and run by the business that issues the invoices. One
 * installation per issuer's chain, numbered after the issuer.
 */
export function computerSystem(seller: { name: string; taxId: string }): ComputerSystem {
  const nif = issuerId(seller.taxId);
  return {
    producerName: seller.name,
    producerTaxId: nif,
    name: 'Enlaza',
    id: 'EZ',
    version: version(),
    installationNumber: `${nif}-1`,
    onlyVerifactu: false,
  };
}

/** DescripcionOperacion: the lines' Spanish descriptions (the AEAT's language), a credit note's reason first. */
export function operationDescription(reason: string | null, lines: { description: { es: string } }[]): string {
  return [reason?.trim(), ...lines.map((l) => l.description.es.trim())].filter(Boolean).join('; ');
}

/**
 * What `registroAltaXml` needs for each stored record (by id, answered in the order asked; an
 * unknown id is left out): the record, the record before it in its chain, and its invoice's parties,
 * totals per rate, description and corrected invoice. Five reads whatever the number of records.
 */
export async function recordXmlInputs(db: Db, recordIds: string[]): Promise<RecordXmlInput[]> {
  if (recordIds.length === 0) return [];
  const rows = await db
    .select({ record: invoiceRecords, invoice: invoices })
    .from(invoiceRecords)
    .innerJoin(invoices, eq(invoices.id, invoiceRecords.invoiceId))
    .where(inArray(invoiceRecords.id, recordIds));
  const invoiceIds = rows.map((r) => r.invoice.id);
  const correctedIds = rows.flatMap((r) => (r.invoice.correctedInvoiceId ? [r.invoice.correctedInvoiceId] : []));
  const previousKeys = rows.filter((r) => r.record.position > 1);
  const [previous, totals, lines, corrected] = await Promise.all([
    previousKeys.length
      ? db
          .select()
          .from(invoiceRecords)
          .where(
            or(
              ...previousKeys.map((r) =>
                and(eq(invoiceRecords.issuerTaxId, r.record.issuerTaxId), eq(invoiceRecords.position, r.record.position - 1)),
              ),
            ),
          )
      : Promise.resolve([]),
    db
      .select()
      .from(invoiceTaxTotals)
      .where(inArray(invoiceTaxTotals.invoiceId, invoiceIds))
      .orderBy(asc(invoiceTaxTotals.rateBasisPoints)),
    db.select().from(invoiceLines).where(inArray(invoiceLines.invoiceId, invoiceIds)).orderBy(asc(invoiceLines.position)),
    correctedIds.length
      ? db
          .select({ id: invoices.id, number: invoices.number, issueDate: invoices.issueDate })
          .from(invoices)
          .where(inArray(invoices.id, correctedIds))
      : Promise.resolve([]),
  ]);
  const byId = new Map(rows.map((r) => [r.record.id, r]));
  return recordIds.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const { record, invoice } = row;
    const before = previous.find((p) => p.issuerTaxId === record.issuerTaxId && p.position === record.position - 1) ?? null;
    const fix = corrected.find((c) => c.id === invoice.correctedInvoiceId);
    return [
      {
        record,
        previous: before,
        invoice: {
          seller: invoice.seller,
          buyer: invoice.buyer,
          taxRule: invoice.taxRule,
          description: operationDescription(
            invoice.reason,
            lines.filter((l) => l.invoiceId === invoice.id),
          ),
          taxTotals: totals.filter((t) => t.invoiceId === invoice.id),
          corrected: fix ? { number: fix.number, issueDate: fix.issueDate } : null,
        },
      },
    ];
  });
}
