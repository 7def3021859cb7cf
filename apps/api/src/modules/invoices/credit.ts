import { allocate, baseForGross, computeTotals } from './money.js';
import type { InvoiceLineInput } from './issue.js';
import type { InvoiceRow } from './repository.js';
import type { LineDescription } from './schema.js';

type Line = {
  description: LineDescription;
  quantity: number;
  unitAmountCents: number;
  taxId: string | null;
  taxName: string;
  taxRateBasisPoints: number;
};
type RateTotal = { rateBasisPoints: number; taxName: string; baseCents: number; taxCents: number };
type Credited = { rateBasisPoints: number; baseCents: number; taxCents: number };

export type CreditPlan = { lines: InvoiceLineInput[]; totalCents: number; remainingCents: number };

const creditText = (number: string): LineDescription => ({
  en: `Credit for invoice ${number}`,
  es: `Abono de la factura ${number}`,
  jp: `請求書 ${number} の返金`,
});

/**
 * The lines of a credit note for `amountCents` (with tax; the whole remainder when null) of an
 * invoice. Crediting a whole untouched invoice mirrors its lines (the totals mirror exactly);
 * otherwise one negative line per tax rate, the amount split over the rates in proportion to what
 * is left of each, each base chosen so that base + its tax gives that part (or at most a cent less
 * when no base gives it exactly: the refund is always the credit note's own total).
 */
export function planCredit(
  invoice: Pick<InvoiceRow, 'number' | 'totalCents'>,
  lines: Line[],
  taxTotals: RateTotal[],
  credited: Credited[],
  amountCents: number | null,
): CreditPlan {
  const creditedTotal = credited.reduce((sum, c) => sum + c.baseCents + c.taxCents, 0);
  const remainingCents = invoice.totalCents - creditedTotal;
  const amount = amountCents ?? remainingCents;
  if (amount <= 0 || amount > remainingCents) return { lines: [], totalCents: 0, remainingCents };

  if (creditedTotal === 0 && amount === invoice.totalCents) {
    const mirrored = lines.map((line) => ({ ...line, unitAmountCents: -line.unitAmountCents }));
    return { lines: mirrored, totalCents: computeTotals(mirrored).totalCents, remainingCents };
  }
  const left = taxTotals.map((rate) => {
    const done = credited.find((c) => c.rateBasisPoints === rate.rateBasisPoints);
    return { ...rate, grossLeft: rate.baseCents + rate.taxCents - (done ? done.baseCents + done.taxCents : 0) };
  });
  const parts = allocate(
    amount,
    left.map((rate) => Math.max(0, rate.grossLeft)),
  );
  const planned: InvoiceLineInput[] = [];
  left.forEach((rate, i) => {
    const base = baseForGross(parts[i]!, rate.rateBasisPoints);
    if (base > 0)
      planned.push({
        description: creditText(invoice.number),
        quantity: 1,
        unitAmountCents: -base,
        taxId: null,
        taxName: rate.taxName,
        taxRateBasisPoints: rate.rateBasisPoints,
      });
  });
  return { lines: planned, totalCents: planned.length > 0 ? computeTotals(planned).totalCents : 0, remainingCents };
}
