import { createHash } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { invoiceChainHeads, invoiceRecords, invoices, type InvoiceType } from './schema.js';
import { localTimestamp } from '../../lib/time-zone.js';
import type { ChainHead } from './repository.js';
import type { VerifactuMode } from '../../config.js';
import { verifySignedRecord } from './verifactu/xades.js';

/**
 * The invoice record chain, after the AEAT's "Detalle de las especificaciones técnicas para
 * generación de la huella o hash de los registros de facturación" (VERI*FACTU), for "alta"
 * records: SHA-256 over `IDEmisorFactura=…&NumSerieFactura=…&FechaExpedicionFactura=dd-mm-yyyy&
 * TipoFactura=…&CuotaTotal=…&ImporteTotal=…&Huella=<previous>&FechaHoraHusoGenRegistro=…`
 * (UTF-8, values trimmed, the previous record's hash empty for the first), uppercase hex.
 */
export type AltaFields = {
  issuerTaxId: string;
  number: string;
  issueDate: string;
  invoiceType: InvoiceType;
  taxTotal: string;
  total: string;
  previousHash: string;
  generatedAt: string;
};
export type InvoiceRecordRow = typeof invoiceRecords.$inferSelect;

export function altaHashInput(f: AltaFields): string {
  const pairs: [string, string][] = [
    ['IDEmisorFactura', f.issuerTaxId],
    ['NumSerieFactura', f.number],
    ['FechaExpedicionFactura', f.issueDate],
    ['TipoFactura', f.invoiceType],
    ['CuotaTotal', f.taxTotal],
    ['ImporteTotal', f.total],
    ['Huella', f.previousHash],
    ['FechaHoraHusoGenRegistro', f.generatedAt],
  ];
  return pairs.map(([name, value]) => `${name}=${value.trim()}`).join('&');
}

export const altaHash = (f: AltaFields): string => createHash('sha256').update(altaHashInput(f), 'utf8').digest('hex').toUpperCase();

/** Integer cents as the record writes them: `12.35`, `-1.89`, `0.00`. */
export function recordAmount(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** FechaExpedicionFactura: the invoice's stored issue date (`YYYY-MM-DD`, the seller's calendar, as printed) as dd-mm-yyyy. */
export function recordDate(issueDate: string): string {
  const [year, month, day] = issueDate.split('-');
  return `${day}-${month}-${year}`;
}

/** FechaHoraHusoGenRegistro: the time in the seller's zone (Spain: Europe/Madrid) with its offset, `2024-01-01T19:20:30+01:00`. */
export function recordTimestamp(date: Date, timeZone = 'Europe/Madrid'): string {
  return localTimestamp(date, timeZone);
}

/**
 * IDEmisorFactura: the seller's tax id as the tax agency knows it — a Spanish VAT number
 * (`ESB12345678`) loses its `ES` prefix to become the NIF; anything else is used as written.
 */
export function issuerId(taxId: string): string {
  const id = taxId.replace(/[\s.-]/g, '').toUpperCase();
  return /^ES[0-9A-Z]{9}$/.test(id) ? id.slice(2) : id;
}

/**
 * Appends the record of a just-inserted invoice or credit note to its issuer's chain, in the
 * issuing transaction. `head` is the issuer's chain head as the numbering statement locked and read
 * it (`insertNumbered`: a row lock until the transaction ends, taken after the series' counter), so
 * two issuers never read the same previous hash: the chain has no fork.
 */
export async function appendRecord(
  tx: Transaction,
  invoice: typeof invoices.$inferSelect,
  head: ChainHead,
  now: Date,
  timeZone: string,
  /** NO VERI*FACTU with a certificate: the record's signed XML, stored with it (verifactu/record-signing.ts). */
  sign?: (record: AltaFields & { hash: string; position: number }, at: Date) => Promise<string>,
): Promise<InvoiceRecordRow> {
  const issuer = issuerId(invoice.seller.taxId ?? '');
  if (head.issuerTaxId !== issuer) throw new Error(`chain head of ${head.issuerTaxId} given for an invoice of ${issuer}`);
  const fields: AltaFields = {
    issuerTaxId: issuer,
    number: invoice.number,
    issueDate: recordDate(invoice.issueDate),
    invoiceType: invoice.invoiceType,
    taxTotal: recordAmount(invoice.taxCents),
    total: recordAmount(invoice.totalCents),
    previousHash: head.lastHash,
    // The product's clock, read after the head's lock: the chain's times never go backwards.
    generatedAt: recordTimestamp(now, timeZone),
  };
  const hash = altaHash(fields);
  const position = head.length + 1;
  // Signed before it is stored: the record is append-only, its signature is written with it.
  const signedXml = sign ? await sign({ ...fields, hash, position }, now) : null;
  // The record and the head's move in one statement: one round trip less while the head is locked.
  const moveHead = tx
    .$with('moved_head')
    .as(
      tx
        .update(invoiceChainHeads)
        .set({ length: position, lastHash: hash })
        .where(eq(invoiceChainHeads.issuerTaxId, issuer))
        .returning({ issuerTaxId: invoiceChainHeads.issuerTaxId }),
    );
  const [record] = await tx
    .with(moveHead)
    .insert(invoiceRecords)
    .values({ ...fields, position, invoiceId: invoice.id, hash, signedXml })
    .returning();
  return record!;
}

export type ChainBreak = {
  number: string;
  issuedAt: string;
  reason: 'hash' | 'previous_hash' | 'position' | 'invoice' | 'head' | 'signature';
};
/** `signaturesChecked`: the records whose stored XAdES signature was verified (those signed, NO VERI*FACTU with a certificate). */
export type ChainVerification = { ok: boolean; checked: number; signaturesChecked: number; firstBroken: ChainBreak | null };

/**
 * Recomputes every record of every issuer's chain in order: its hash from its fields, its link to
 * the record before it, its place (no gap), and its fields against the invoice it records. The
 * first record that fails (in chain order) is named. Read in pages; never the whole table at once.
 */
export async function verifyChains(db: Database, pageSize = 1000): Promise<ChainVerification> {
  let checked = 0;
  let signaturesChecked = 0;
  const heads = await db.select().from(invoiceChainHeads).orderBy(asc(invoiceChainHeads.issuerTaxId));
  for (const head of heads) {
    let previous = '';
    let expected = 1;
    let last: { number: string; issuedAt: string } | null = null;
    for (;;) {
      const rows = await db
        .select({
          record: invoiceRecords,
          number: invoices.number,
          issuedAt: invoices.issuedAt,
          issueDate: invoices.issueDate,
          invoiceType: invoices.invoiceType,
          taxCents: invoices.taxCents,
          totalCents: invoices.totalCents,
        })
        .from(invoiceRecords)
        .innerJoin(invoices, eq(invoices.id, invoiceRecords.invoiceId))
        .where(sql`${invoiceRecords.issuerTaxId} = ${head.issuerTaxId} and ${invoiceRecords.position} >= ${expected}`)
        .orderBy(asc(invoiceRecords.position))
        .limit(pageSize);
      for (const row of rows) {
        const { record } = row;
        checked += 1;
        const at = { number: record.number, issuedAt: row.issuedAt.toISOString() };
        const broken = (reason: ChainBreak['reason']): ChainVerification => ({
          ok: false,
          checked,
          signaturesChecked,
          firstBroken: { ...at, reason },
        });
        if (record.position !== expected) return broken('position');
        if (record.previousHash !== previous) return broken('previous_hash');
        if (altaHash({ ...record, invoiceType: record.invoiceType }) !== record.hash) return broken('hash');
        const matches =
          record.number === row.number &&
          record.issueDate === recordDate(row.issueDate) &&
          record.invoiceType === row.invoiceType &&
          record.taxTotal === recordAmount(row.taxCents) &&
          record.total === recordAmount(row.totalCents);
        if (!matches) return broken('invoice');
        // A signed record (NO VERI*FACTU with a certificate): its signature holds, over this record.
        if (record.signedXml !== null) {
          const signature = await verifySignedRecord(record.signedXml);
          if (!signature.valid || signature.huella !== record.hash) return broken('signature');
          signaturesChecked += 1;
        }
        previous = record.hash;
        expected += 1;
        last = at;
      }
      if (rows.length < pageSize) break;
    }
    // The head must be the last record: a chain cut short (records removed from its end) shows here.
    if (head.length !== expected - 1 || head.lastHash !== previous) {
      const at = last ?? { number: '', issuedAt: '' };
      return { ok: false, checked, signaturesChecked, firstBroken: { ...at, reason: 'head' } };
    }
  }
  return { ok: true, checked, signaturesChecked, firstBroken: null };
}

/**
 * The URL of the invoice's verification QR code (AEAT "Características del QR y especificaciones
 * del servicio de cotejo"): issuer NIF, number, issue date (dd-mm-yyyy) and total, each value
 * URL-encoded, written as the invoice's record holds them. The service differs by system: a
 * VERI*FACTU system's records are at the AEAT (`ValidarQR`); any other system's invoice is checked
 * with `ValidarQRNoVerifactu`.
 */
export function verificationUrl(
  host: string,
  mode: VerifactuMode,
  invoice: { sellerTaxId: string; number: string; issueDate: string; totalCents: number },
): string {
  const query = [
    ['nif', issuerId(invoice.sellerTaxId)],
    ['numserie', invoice.number.trim()],
    ['fecha', recordDate(invoice.issueDate)],
    ['importe', recordAmount(invoice.totalCents)],
  ]
    .map(([name, value]) => `${name}=${encodeURIComponent(value!)}`)
    .join('&');
  return `https://${host}/wlpl/TIKE-CONT/${mode === 'verifactu' ? 'ValidarQR' : 'ValidarQRNoVerifactu'}?${query}`;
}
