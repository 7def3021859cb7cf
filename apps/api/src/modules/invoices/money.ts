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
 * Totals of a credit note whose tax per rate is given (its share of the invoice's tax, see
 * `creditShares`), not recomputed from its bases: the credit notes of an invoice then add up to its
 * tax exactly. Every rate of the lines needs its tax, and no other rate may be given.
 */
export function totalsWithTaxes(lines: TaxedLine[], taxes: { rateBasisPoints: number; taxCents: number }[]): Totals {
  const computed = computeTotals(lines);
  const given = new Map(taxes.map((t) => [t.rateBasisPoints, t.taxCents]));
  if (given.size !== computed.perRate.length || computed.perRate.some((r) => !given.has(r.rateBasisPoints)))
    throw new RangeError('a tax is needed for each rate of the lines, and only for those');
  const perRate = computed.perRate.map((r) => ({ ...r, taxCents: given.get(r.rateBasisPoints)! }));
  if (perRate.some((r) => !Number.isSafeInteger(r.taxCents))) throw new RangeError('taxes must be integer cents');
  const taxCents = perRate.reduce((sum, r) => sum + r.taxCents, 0);
  return { subtotalCents: computed.subtotalCents, taxCents, totalCents: computed.subtotalCents + taxCents, perRate };
}

/** The tax contained in a tax-inclusive amount: `gross × rate / (10000 + rate)`, rounded half up (on the magnitude). */
export function taxInGross(grossCents: number, rateBasisPoints: number): number {
  if (!Number.isSafeInteger(grossCents) || !Number.isSafeInteger(rateBasisPoints) || rateBasisPoints < 0)
    throw new RangeError('cents and basis points must be integers');
  const divisor = BigInt(10000 + rateBasisPoints);
  const magnitude = (BigInt(Math.abs(grossCents)) * BigInt(rateBasisPoints) * 2n + divisor) / (2n * divisor);
  const tax = Number(magnitude);
  return grossCents < 0 ? -tax : tax;
}

/** A base and its tax at one rate (positive amounts). */
export type RateAmounts = { rateBasisPoints: number; baseCents: number; taxCents: number };
/** A credit asked as an exact amount with tax (`gross`) or an exact base before tax (`base`); null: all that is left. */
export type CreditRequest = { kind: 'gross' | 'base'; cents: number } | null;

const grossOf = (r: RateAmounts) => r.baseCents + r.taxCents;
const clamp = (value: number, max: number) => Math.min(Math.max(0, value), Math.max(0, max));

/**
 * What a credit takes of what is left of an invoice, per rate (`left`: its base and tax per rate
 * less its earlier credit notes'). All that is left (no amount, or exactly the amount left) takes
 * exactly the base and tax left of each rate: the credit notes of an invoice always end on its
 * figures to the cent. Otherwise the amount is split over the rates in proportion to what is left
 * of each (`allocate`), and each part is cut into base and tax:
 * - an amount with tax: its tax is the tax contained at the rate (`taxInGross`), the base the rest,
 *   so the credit note's total is exactly the amount asked (10.00 € → base 8.26 + tax 1.74);
 * - a base: the base is the amount asked, its tax is the base's (`taxOf`).
 * Neither part ever exceeds what is left of it. Null when the amount is more than what is left.
 */
export function creditShares(left: RateAmounts[], request: CreditRequest): RateAmounts[] | null {
  const leftOf = request?.kind === 'base' ? (r: RateAmounts) => r.baseCents : grossOf;
  const available = left.reduce((sum, r) => sum + leftOf(r), 0);
  if (request === null || request.cents === available) return left.map((r) => ({ ...r }));
  if (request.cents > available || request.cents <= 0) return null;
  const parts = allocate(
    request.cents,
    left.map((r) => Math.max(0, leftOf(r))),
  );
  return left.map((r, i) => {
    const part = parts[i]!;
    if (part === leftOf(r)) return { ...r };
    if (request.kind === 'base') return { ...r, baseCents: part, taxCents: clamp(taxOf(part, r.rateBasisPoints), r.taxCents) };
    let taxCents = clamp(taxInGross(part, r.rateBasisPoints), r.taxCents);
    let baseCents = part - taxCents;
    if (baseCents > r.baseCents) {
      baseCents = r.baseCents;
      taxCents = part - baseCents;
    }
    return { ...r, baseCents, taxCents };
  });
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
