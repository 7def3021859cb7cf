import { and, eq } from 'drizzle-orm';
import type { Transaction } from '../../../db/client.js';
import type { AltaFields } from '../chain.js';
import { invoiceRecords, invoices, type PartySnapshot } from '../schema.js';
import type { TaxRule } from '@enlaza/contracts';
import { registroAltaXml, type ComputerSystem } from './record-xml.js';
import type { RecordSigner } from './xades.js';

/** What the issuing transaction knows of a record about to be stored, for its signed XML. */
export type RecordToSign = {
  alta: AltaFields & { hash: string; position: number };
  /** FechaHoraHusoGenRegistro's instant: the signature's SigningTime. */
  at: Date;
  invoice: { seller: PartySnapshot; buyer: PartySnapshot; taxRule: TaxRule; correctedInvoiceId: string | null };
  taxTotals: { rateBasisPoints: number; baseCents: number; taxCents: number }[];
  description: string;
};

/** Signs a record's `sf:RegistroAlta` in the transaction that stores it (the answer is stored with it). */
export type SignRecord = (tx: Transaction, record: RecordToSign) => Promise<string>;

/**
 * NO VERI*FACTU with a certificate: each record's XML, XAdES-signed, before it is stored. It reads
 * what the issuing statement does not hand over — the previous record's number and date (its chain
 * head is locked by this transaction, so it is the one the record chains to) and a credit note's
 * corrected invoice — then signs.
 */
export function createRecordSigning(signer: RecordSigner, system: ComputerSystem): SignRecord {
  return async (tx, { alta, at, invoice, taxTotals, description }) => {
    const [previous] =
      alta.position > 1
        ? await tx
            .select({
              issuerTaxId: invoiceRecords.issuerTaxId,
              number: invoiceRecords.number,
              issueDate: invoiceRecords.issueDate,
              hash: invoiceRecords.hash,
            })
            .from(invoiceRecords)
            .where(and(eq(invoiceRecords.issuerTaxId, alta.issuerTaxId), eq(invoiceRecords.position, alta.position - 1)))
        : [];
    const [corrected] = invoice.correctedInvoiceId
      ? await tx
          .select({ number: invoices.number, issueDate: invoices.issueDate })
          .from(invoices)
          .where(eq(invoices.id, invoice.correctedInvoiceId))
      : [];
    const xml = registroAltaXml(
      {
        record: alta,
        previous: previous ?? null,
        invoice: {
          seller: invoice.seller,
          buyer: invoice.buyer,
          taxRule: invoice.taxRule,
          description,
          taxTotals,
          corrected: corrected ?? null,
        },
      },
      { system },
    );
    return signer.sign(xml, at);
  };
}
