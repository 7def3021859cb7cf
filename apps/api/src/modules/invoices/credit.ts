import { creditShares, type CreditRequest, type RateAmounts } from './money.js';
import type { InvoiceLineInput } from './issue.js';
import type { InvoiceRow } from './repository.js';
import type { LineDescription } from './schema.js';

type Line = InvoiceLineInput;
type RateTotal = RateAmounts & { taxName: string };

/**
 * A credit note to issue: its lines and its tax per rate (negative), its total (negative), what was
 * left to credit before it (with tax, and before tax) and whether it leaves nothing of the invoice.
 * No lines: the amount asked is more than what is left.
 */
export type CreditPlan = {
  lines: InvoiceLineInput[];
  taxes: { rateBasisPoints: number; taxCents: number }[];
  totalCents: number;
  remainingCents: number;
  remainingBaseCents: number;
  exhausts: boolean;
};

const creditText = (number: string): LineDescription => ({
  en: `Credit for invoice ${number}`,
  es: `Abono de la factura ${number}`,
  jp: `請求書 ${number} の返金`,
});

/** What is left of each rate of an invoice after its earlier credit notes (`credited`, positive amounts). */
function leftPerRate(taxTotals: RateTotal[], credited: RateAmounts[]): RateTotal[] {
  return taxTotals.map((rate) => {
    const done = credited.find((c) => c.rateBasisPoints === rate.rateBasisPoints);
    return { ...rate, baseCents: rate.baseCents - (done?.baseCents ?? 0), taxCents: rate.taxCents - (done?.taxCents ?? 0) };
  });
}

/**
 * The credit note for `request` (an exact amount with tax, an exact base, or null: all that is left)
 * of an invoice. Crediting a whole untouched invoice mirrors its lines and its tax per rate;
 * otherwise one negative line per rate with its share of the base and of the tax (`creditShares` in
 * money.ts, the one place amounts are rounded): a last credit takes exactly what is left of each.
 */
export function planCredit(
  invoice: Pick<InvoiceRow, 'number'>,
  lines: Line[],
  taxTotals: RateTotal[],
  credited: RateAmounts[],
  request: CreditRequest,
): CreditPlan {
  const left = leftPerRate(taxTotals, credited);
  const remainingCents = left.reduce((sum, r) => sum + r.baseCents + r.taxCents, 0);
  const remainingBaseCents = left.reduce((sum, r) => sum + r.baseCents, 0);
  const none = { lines: [], taxes: [], totalCents: 0, remainingCents, remainingBaseCents, exhausts: false };
  if (remainingCents <= 0) return none;
  const shares = creditShares(left, request);
  if (!shares) return none;
  const exhausts = shares.every((s, i) => s.baseCents === left[i]!.baseCents && s.taxCents === left[i]!.taxCents);
  const taxesOf = (list: RateAmounts[]) => list.map((s) => ({ rateBasisPoints: s.rateBasisPoints, taxCents: -s.taxCents }));
  if (credited.length === 0 && exhausts) {
    const mirrored = lines.map((line) => ({ ...line, unitAmountCents: -line.unitAmountCents }));
    return { lines: mirrored, taxes: taxesOf(shares), totalCents: -remainingCents, remainingCents, remainingBaseCents, exhausts };
  }
  const credits = shares.filter((s) => s.baseCents !== 0 || s.taxCents !== 0);
  const totalCents = -credits.reduce((sum, s) => sum + s.baseCents + s.taxCents, 0);
  const taxes = taxesOf(credits);
  const planned = credits.map((s) => {
    const rate = left.find((r) => r.rateBasisPoints === s.rateBasisPoints)!;
    return {
      description: creditText(invoice.number),
      quantity: 1,
      unitAmountCents: -s.baseCents,
      taxId: null,
      taxName: rate.taxName,
      taxRateBasisPoints: s.rateBasisPoints,
    };
  });
  return { lines: planned, taxes, totalCents, remainingCents, remainingBaseCents, exhausts };
}
