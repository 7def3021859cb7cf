import type { Database, Transaction } from '../../db/client.js';
import type { ExcludedTerritory, TaxRule } from '@enlaza/contracts';
import { billingIdentity } from '../account/index.js';
import { canInvoice, SIMPLIFIED_INVOICE_LIMIT_CENTS, type InvoiceLineInput } from './issue.js';
import { computeTotals } from './money.js';
import { taxTreatment, type ChosenTax, type DistanceSales, type TaxTreatment } from './tax-rules.js';

export type { InvoicesService, Refunds } from './service.js';
export type { InvoiceLineInput, Seller } from './issue.js';
export { SIMPLIFIED_INVOICE_LIMIT_CENTS, taxTreatment };
export type { ChosenTax, DistanceSales, TaxTreatment };

/**
 * Whether an invoice of `totalCents` can be issued to the user as they are now: one without the
 * buyer's tax id is a simplified invoice, allowed up to SIMPLIFIED_INVOICE_LIMIT_CENTS. Asked before
 * charging, so a charge never leaves without the invoice it needs.
 */
export async function canInvoiceUser(tx: Database | Transaction, userId: string, totalCents: number): Promise<boolean> {
  if (totalCents <= SIMPLIFIED_INVOICE_LIMIT_CENTS) return true;
  return canInvoice((await billingIdentity(tx, userId))?.taxId, totalCents);
}

export type IssueInvoiceInput = {
  userId: string;
  paymentId: string;
  currency: 'EUR';
  locale: 'en' | 'es' | 'jp';
  issuedAt?: Date;
  lines: InvoiceLineInput[];
  /** The VAT rule the lines were taxed by (`taxTreatment` of tax-rules.ts). */
  taxRule: TaxRule;
  /** Its payment is still settling (a SEPA debit): the receipt waits for `payment.settled`. */
  awaitingPayment?: boolean;
};

/** Where a buyer is for tax, and the seller's distance sales when the rule depends on them (see `positionOf` below). */
export type TaxPosition = {
  sellerCountry: string;
  /** `territory`: the part of the buyer's country outside the EU VAT area their billing address is in (`excludedTerritory`). */
  buyer: { country: string | null; taxId: string | null; territory: ExcludedTerritory | null };
  distanceSales?: DistanceSales;
  /** The buyer's member state's standard VAT rate (the admin's table), read with the distance sales. */
  memberStateRateBasisPoints?: number;
};

/** A buyer's tax position from their country and tax id (the distance sales read with `t` when the rule needs them). */
export type TaxPositionFor = (t: Database | Transaction, buyer: TaxPosition['buyer']) => Promise<TaxPosition>;

/** A user's tax position as they are now, read with `t` (`taxTreatment` of tax-rules.ts takes it). */
export type TaxPositionOf = (t: Database | Transaction, userId: string) => Promise<TaxPosition>;
export type IssuedInvoice = { id: string; number: string; totalCents: number; taxCents: number; subtotalCents: number };

/**
 * Before tax, in cents: what an invoice charged for what it sold (its positive lines) and what its
 * credit notes have taken back since. Undefined for an unknown invoice.
 */
export type ChargedBeforeTax = (invoiceId: string) => Promise<{ chargedCents: number; creditedCents: number } | undefined>;

/**
 * In the caller's transaction: a credit note for money that did not stay with the seller, without a
 * refund through the app — all that is left of an invoice whose payment never arrived (a returned
 * SEPA debit: keyed `unpaid:<invoice>`), or `amountCents` (with tax) that the provider gave back
 * outside the app (a dispute lost, a refund made in its dashboard: keyed by the provider's object).
 * Once per key. Answers the note, or null when nothing was left to credit (or this key's note exists).
 */
export type CreditUnpaid = (
  tx: Transaction,
  input: { invoiceId: string; reason: string; key?: string; amountCents?: number },
) => Promise<{ id: string; number: string } | null>;

/** Issues an invoice inside the caller's transaction (numbering without gaps, record chain); snapshots the buyer's billing data; raises `invoice.issued`. */
export type IssueInvoice = (tx: Transaction, input: IssueInvoiceInput) => Promise<IssuedInvoice>;

/** Totals as the invoice will compute them (for the checkout's "total with tax" before paying). */
export function quoteTotals(lines: InvoiceLineInput[]): {
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  perRate: { rateBasisPoints: number; baseCents: number; taxCents: number }[];
} {
  const totals = computeTotals(lines);
  return {
    ...totals,
    perRate: totals.perRate.map(({ rateBasisPoints, baseCents, taxCents }) => ({ rateBasisPoints, baseCents, taxCents })),
  };
}
export type { InvoiceQueries } from './queries.js';
export { creditNotesOf, type CreditNoteSummary } from './credit-notes-of.js';
