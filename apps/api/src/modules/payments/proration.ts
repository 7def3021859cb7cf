/**
 * Proration by the second, as Stripe prorates: a share of a price is the price times the seconds
 * it covers over the seconds of its whole span, rounded half up once, in exact integer arithmetic.
 * The rules of a plan change (which period, which lines) are in checkout.ts and docs/billing.md.
 */

/** Whole seconds from a to b (negative when b is before a). */
export function secondsBetween(a: Date, b: Date): number {
  return Math.floor((b.getTime() - a.getTime()) / 1000);
}

/** `cents × part / whole`, the part clamped to [0, whole], rounded half up (BigInt: no float error on long spans). */
export function prorate(cents: number, part: number, whole: number): number {
  if (whole <= 0 || cents <= 0) return 0;
  const p = BigInt(Math.min(Math.max(part, 0), whole));
  const w = BigInt(whole);
  return Number((BigInt(cents) * p * 2n + w) / (2n * w));
}

/**
 * Credit for the unused part of what was paid, before tax, in cents: `paidCents` paid for the span
 * from `paidFrom` to `periodEnd`; at `at` the seconds left of it come back. A change the second the
 * span starts gets all of it back; after the span ends, nothing.
 */
export function unusedCredit(input: { paidCents: number; paidFrom: Date; periodEnd: Date; at: Date }): {
  creditCents: number;
  secondsRemaining: number;
  secondsPaid: number;
} {
  const secondsPaid = Math.max(0, secondsBetween(input.paidFrom, input.periodEnd));
  const secondsRemaining = Math.min(secondsPaid, Math.max(0, secondsBetween(input.at, input.periodEnd)));
  return { creditCents: prorate(input.paidCents, secondsRemaining, secondsPaid), secondsRemaining, secondsPaid };
}

/**
 * What the rest of a period costs on a new price, before tax: `priceCents` for the whole period
 * from `periodStart` to `periodEnd`, the share from `at` to its end (a change that keeps the period).
 */
export function remainingCharge(input: { priceCents: number; periodStart: Date; periodEnd: Date; at: Date }): number {
  const whole = secondsBetween(input.periodStart, input.periodEnd);
  return prorate(input.priceCents, secondsBetween(input.at, input.periodEnd), whole);
}

/**
 * A credit balance used by an invoice: a negative line of at most the balance, and never more
 * than the invoice's lines at the first line's VAT rate (the credit is taken off that rate's base,
 * so the invoice's total is never below zero).
 */
export function balanceToApply(
  balanceCents: number,
  lines: { unitAmountCents: number; quantity: number; taxRateBasisPoints: number }[],
): number {
  if (balanceCents <= 0 || lines.length === 0) return 0;
  const rate = lines[0]!.taxRateBasisPoints;
  const base = lines.filter((l) => l.taxRateBasisPoints === rate).reduce((sum, l) => sum + l.unitAmountCents * l.quantity, 0);
  return Math.max(0, Math.min(balanceCents, base));
}
