/**
 * The one place invoice money is rounded. Amounts are integer cents; rates are basis points
 * (2100 = 21 %). The tax of a rate is computed once, on the sum of the bases at that rate, and
 * rounded half up to the cent (half away from zero, so a credit note mirrors its invoice exactly).
 */
export type TaxedLine = { quantity: number; unitAmountCents: number; taxName: string; taxRateBasisPoints: number };
export type RateTotal = { rateBasisPoints: number; taxName: string; baseCents: number; taxCents: number };
export type Totals = { subtotalCents: number; taxCents: number; totalCents: number; perRate: RateTotal[] };

/** `baseCents × rate / 10000`, rounded half up (on the magnitude) to a whole cent, in integer arithmetic. */
export function taxOf(baseCents: number, rateBasisPoints: number): number {
  if (!Number.isSafeInteger(baseCents) || !Number.isSafeInteger(rateBasisPoints) || rateBasisPoints < 0)
    throw new RangeError('cents and basis points must be integers');
  const magnitude = (BigInt(Math.abs(baseCents)) * BigInt(rateBasisPoints) + 5000n) / 10000n;
  const tax = Number(magnitude);
  return baseCents < 0 ? -tax : tax;
}

/** A line's base: quantity × unit amount (both integers). */
export const lineBase = (line: Pick<TaxedLine, 'quantity' | 'unitAmountCents'>): number => line.quantity * line.unitAmountCents;

/** Totals of a set of lines: bases summed per rate, tax rounded once per rate, total = subtotal + Σ tax. */
export function computeTotals(lines: TaxedLine[]): Totals {
  const byRate = new Map<number, RateTotal>();
  for (const line of lines) {
    const entry = byRate.get(line.taxRateBasisPoints) ?? {
      rateBasisPoints: line.taxRateBasisPoints,
      taxName: line.taxName,
      baseCents: 0,
      taxCents: 0,
    };
    entry.baseCents += lineBase(line);
    byRate.set(line.taxRateBasisPoints, entry);
  }
  const perRate = [...byRate.values()]
    .sort((a, b) => b.rateBasisPoints - a.rateBasisPoints)
    .map((r) => ({ ...r, taxCents: taxOf(r.baseCents, r.rateBasisPoints) }));
  const subtotalCents = perRate.reduce((sum, r) => sum + r.baseCents, 0);
  const taxCents = perRate.reduce((sum, r) => sum + r.taxCents, 0);
  return { subtotalCents, taxCents, totalCents: subtotalCents + taxCents, perRate };
}

/**
 * The base that, taxed at `rateBasisPoints`, gives `grossCents` (or, when no base gives exactly that
 * amount, the largest base whose gross stays below it — at most one cent less). For partial credit notes.
 */
export function baseForGross(grossCents: number, rateBasisPoints: number): number {
  const sign = grossCents < 0 ? -1 : 1;
  const gross = Math.abs(grossCents);
  const guess = Math.round((gross * 10000) / (10000 + rateBasisPoints));
  let best = 0;
  for (let base = Math.max(0, guess - 2); base <= guess + 2; base += 1) {
    if (base + taxOf(base, rateBasisPoints) <= gross) best = base;
  }
  return sign * best;
}

/** Splits `amount` over `weights` in proportion, largest remainder first, so the parts add up exactly. */
export function allocate(amount: number, weights: number[]): number[] {
  const total = weights.reduce((s, w) => s + w, 0);
  if (total <= 0) return weights.map((_, i) => (i === 0 ? amount : 0));
  const exact = weights.map((w) => (amount * w) / total);
  const parts = exact.map(Math.floor);
  let left = amount - parts.reduce((s, p) => s + p, 0);
  const order = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of order) {
    if (left <= 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts;
}
