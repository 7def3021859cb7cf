import type { DomainEvents } from '@enlaza/contracts';
import type { Transaction } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { billingIdentity, formatAddress } from '../account/index.js';
import { localDate } from '../../lib/time-zone.js';
import { appendRecord, issuerId, type InvoiceRecordRow } from './chain.js';
import { computeTotals, lineBase, totalsWithTaxes } from './money.js';
import { type InvoiceRow, type InvoicesRepository } from './repository.js';
import type { InvoiceType, LineDescription, PartySnapshot } from './schema.js';
import { euVatNumber, type CorrectionCode, type TaxRule } from '@enlaza/contracts';
import { operationDescription } from './verifactu/record-source.js';
import type { SignRecord } from './verifactu/record-signing.js';

export type InvoiceLineInput = {
  description: LineDescription;
  quantity: number;
  unitAmountCents: number;
  taxId: string | null;
  taxName: string;
  taxRateBasisPoints: number;
  /** The period of service the line charges or credits, from its first instant to the start of the next period (see `periodDays`). */
  period?: { start: Date; end: Date };
  /** A coupon's discount (a negative line): see `invoiceLines.discount`. */
  discount?: boolean;
};
export type Seller = { name: string; taxId: string; address: string; country: string };
export type IssueDeps = {
  repo: InvoicesRepository;
  seller: Seller;
  /** The seller's IANA time zone: the issue date and the series year are its calendar's. */
  timeZone: string;
  /** The product's clock (the sandbox test clock when it runs): the time of issue and of the chain record. */
  now: () => Date;
  /** NO VERI*FACTU with a certificate: signs each record's XML before it is stored (verifactu/record-signing.ts). */
  signRecord?: SignRecord;
  /** Called with each record in the transaction that writes it (verifactu mode: its submission). */
  recordWritten?: (tx: Transaction, record: InvoiceRecordRow) => Promise<void>;
  /** `invoice.issued` for every document; `subscription.ended` when a credit note ends the service now. */
  publish: <E extends 'invoice.issued' | 'subscription.ended'>(event: E, payload: DomainEvents[E], tx: Transaction) => Promise<void>;
};
export type IssueDocumentInput = {
  kind: 'invoice' | 'credit_note';
  userId: string;
  paymentId: string | null;
  correctedInvoiceId?: string | null;
  refundKey?: string | null;
  reason?: string | null;
  currency: string;
  locale: 'en' | 'es' | 'jp';
  issuedAt?: Date | undefined;
  /** A credit note repeats the buyer of the invoice it corrects. */
  buyer?: PartySnapshot;
  lines: InvoiceLineInput[];
  /** A credit note's tax per rate (its share of the invoice's, see credit.ts); else computed from the lines. */
  taxes?: { rateBasisPoints: number; taxCents: number }[];
  /** The VAT rule the lines were taxed by (a credit note: its invoice's). */
  taxRule: TaxRule;
  /** A credit note: the type of the invoice it corrects and why it corrects it (R1 unless said). */
  corrects?: { invoiceType: InvoiceType; code: CorrectionCode };
  /** Its payment is still settling: said in `invoice.issued` (the receipt waits). */
  awaitingPayment?: boolean;
};

/**
 * The most a simplified invoice (F2, without the buyer's tax id) may total, VAT included: 400 €
 * (Real Decreto 1619/2012, article 4.1). Above it the invoice must name the buyer by tax id.
 */
export const SIMPLIFIED_INVOICE_LIMIT_CENTS = 40_000;

/**
 * TipoFactura: an invoice is F1 when the buyer gave a tax id, else F2 (simplified; within the
 * limit, which the charge checks before charging); a credit note of a simplified invoice is R5, any
 * other its reason's R1–R4.
 */
export function invoiceTypeOf(
  kind: 'invoice' | 'credit_note',
  buyer: Pick<PartySnapshot, 'taxId'>,
  corrects?: IssueDocumentInput['corrects'],
): InvoiceType {
  if (kind === 'invoice') return buyer.taxId?.trim() ? 'F1' : 'F2';
  return corrects?.invoiceType === 'F2' ? 'R5' : (corrects?.code ?? 'R1');
}

/** Whether an invoice of this total to this buyer can be issued: a simplified one only up to the limit. */
export const canInvoice = (buyerTaxId: string | null | undefined, totalCents: number) =>
  Boolean(buyerTaxId?.trim()) || totalCents <= SIMPLIFIED_INVOICE_LIMIT_CENTS;

const SERIES = { invoice: 'F', credit_note: 'R' } as const;

/**
 * A period of service as the seller's calendar days it runs from and to: a month from 24 November
 * 10:00 to 24 December 10:00 is 24 November – 24 December, as Stripe prints it (the end is the day
 * the next period starts). None: a one-off charge.
 */
function periodDays(period: InvoiceLineInput['period'], timeZone: string) {
  if (!period) return { periodStart: null, periodEnd: null };
  const start = localDate(period.start, timeZone);
  const end = localDate(period.end, timeZone);
  return { periodStart: start, periodEnd: end < start ? start : end };
}

function checkLines(lines: InvoiceLineInput[]): void {
  if (lines.length === 0) throw new RangeError('an invoice needs at least one line');
  for (const line of lines) {
    if (!Number.isInteger(line.quantity) || line.quantity < 1) throw new RangeError('quantity must be an integer ≥ 1');
    if (!Number.isSafeInteger(line.unitAmountCents)) throw new RangeError('unit amount must be integer cents');
    if (!Number.isInteger(line.taxRateBasisPoints) || line.taxRateBasisPoints < 0 || line.taxRateBasisPoints > 10000)
      throw new RangeError('tax rate must be 0–10000 basis points');
  }
}

/**
 * Numbers and stores an invoice or credit note in the caller's transaction, with its lines and
 * totals per rate and its record in the issuer's chain (chain.ts), and publishes `invoice.issued` in the same transaction (delivered after commit).
 */
export async function issueDocument(deps: IssueDeps, tx: Transaction, input: IssueDocumentInput): Promise<InvoiceRow> {
  checkLines(input.lines);
  let buyer = input.buyer;
  if (!buyer) {
    const identity = await billingIdentity(tx, input.userId);
    if (!identity) throw new AppError('record.not_found');
    const country = identity.billingAddress?.country || identity.country || null;
    buyer = {
      name: identity.name,
      // Under the reverse charge the invoice must show the buyer's VAT number (article 226 (4)): with its country prefix.
      taxId: (input.taxRule === 'eu_reverse_charge' ? euVatNumber(country, identity.taxId) : null) ?? (identity.taxId?.trim() || null),
      address: formatAddress(identity.billingAddress),
      country,
      email: identity.email,
      code: identity.code,
    };
  }
  const totals = input.taxes ? totalsWithTaxes(input.lines, input.taxes) : computeTotals(input.lines);
  const invoiceType = invoiceTypeOf(input.kind, buyer, input.corrects);
  // The charge refused it before charging (billing.tax_id_required); reaching here is a bug.
  if (input.kind === 'invoice' && !canInvoice(buyer.taxId, totals.totalCents))
    throw new Error(`a simplified invoice may total at most ${SIMPLIFIED_INVOICE_LIMIT_CENTS} cents`);
  const issuedAt = input.issuedAt ?? deps.now();
  const series = SERIES[input.kind];
  // The seller's calendar day: 23:30 UTC on 31 December is 1 January in Madrid, numbered in the new year.
  const issueDate = localDate(issuedAt, deps.timeZone);
  const year = Number(issueDate.slice(0, 4));
  // Numbered last, in the statement that stores it: the counter row stays locked (until COMMIT)
  // for as short a time as possible.
  const row = await deps.repo.insertNumbered(
    tx,
    {
      kind: input.kind,
      series,
      year,
      correctedInvoiceId: input.correctedInvoiceId ?? null,
      userId: input.userId,
      paymentId: input.paymentId,
      refundKey: input.refundKey ?? null,
      reason: input.reason ?? null,
      issuedAt,
      issueDate,
      currency: input.currency,
      locale: input.locale,
      seller: { name: deps.seller.name, taxId: deps.seller.taxId, address: deps.seller.address, country: deps.seller.country },
      buyer,
      invoiceType,
      taxRule: input.taxRule,
      subtotalCents: totals.subtotalCents,
      taxCents: totals.taxCents,
      totalCents: totals.totalCents,
    },
    input.lines.map((line, position) => ({
      position,
      description: line.description,
      quantity: line.quantity,
      unitAmountCents: line.unitAmountCents,
      taxId: line.taxId,
      taxName: line.taxName,
      taxRateBasisPoints: line.taxRateBasisPoints,
      baseCents: lineBase(line),
      ...periodDays(line.period, deps.timeZone),
      discount: line.discount === true,
    })),
    totals.perRate,
    // The chain head is locked (after the counter, in this order everywhere) and read by the same statement.
    issuerId(deps.seller.taxId ?? ''),
  );
  // Its record in the issuer's chain: the head moves and the record is stored in one more statement.
  const { chainHead, ...invoice } = row;
  const { signRecord } = deps;
  const sign = signRecord
    ? (alta: Parameters<SignRecord>[1]['alta'], at: Date) =>
        signRecord(tx, {
          alta,
          at,
          invoice,
          taxTotals: totals.perRate,
          description: operationDescription(input.reason ?? null, input.lines),
        })
    : undefined;
  const record = await appendRecord(tx, invoice, chainHead, deps.now(), deps.timeZone, sign);
  // VERI*FACTU mode: its sending to the AEAT, enqueued in this transaction (jobs.ts).
  await deps.recordWritten?.(tx, record);
  await deps.publish(
    'invoice.issued',
    {
      invoiceId: invoice.id,
      userId: invoice.userId,
      number: invoice.number,
      kind: invoice.kind,
      totalCents: invoice.totalCents,
      currency: invoice.currency,
      ...(input.awaitingPayment ? { awaitingPayment: true } : {}),
    },
    tx,
  );
  return invoice;
}
