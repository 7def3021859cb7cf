/** What a coupon takes off, as its row says it. */
export type CouponTerms = {
  percentOff: number | null;
  amountOffCents: number | null;
  duration: 'once' | 'repeating' | 'forever';
  durationInMonths: number | null;
  appliesTo: { offerIds: string[]; addOnIds: string[] };
};

/** What a discount is asked for: a plan's offer or an add-on. */
export type CouponTarget = { offerId: string } | { addOnId: string };

/** Whether the coupon applies to this offer or add-on (nothing named: to everything). */
export function appliesTo(terms: Pick<CouponTerms, 'appliesTo'>, target: CouponTarget): boolean {
  const { offerIds, addOnIds } = terms.appliesTo;
  if (offerIds.length === 0 && addOnIds.length === 0) return true;
  return 'offerId' in target ? offerIds.includes(target.offerId) : addOnIds.includes(target.addOnId);
}

/**
 * The cents a coupon takes off `baseCents` (what it applies to, before tax): a percentage rounded
 * half up to the cent in integer arithmetic, or the amount off, never more than the base (an invoice
 * is never below zero: Stripe's rule). This is the one rounding of a discount.
 */
export function discountCents(terms: Pick<CouponTerms, 'percentOff' | 'amountOffCents'>, baseCents: number): number {
  if (!Number.isSafeInteger(baseCents)) throw new RangeError('the base must be integer cents');
  if (baseCents <= 0) return 0;
  if (terms.percentOff !== null) return Number((BigInt(baseCents) * BigInt(terms.percentOff) + 50n) / 100n);
  return Math.min(terms.amountOffCents ?? 0, baseCents);
}

const DAY = 86_400_000;

/** `months` calendar months after `from` (UTC), on the same day, or the month's last day when it has no such day (31 January + 1: 28 February). */
export function addMonths(from: Date, months: number): Date {
  const to = new Date(from);
  to.setUTCDate(1);
  to.setUTCMonth(to.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(to.getUTCFullYear(), to.getUTCMonth() + 1, 0)).getUTCDate();
  to.setUTCDate(Math.min(from.getUTCDate(), lastDay));
  return to;
}

/**
 * Whether a coupon redeemed at `redeemedAt` still takes something off an invoice for a period that
 * starts at `periodStart` (a renewal): `forever` always; `repeating` while the period starts before
 * the discount ends, `durationInMonths` calendar months after the redemption (Stripe's rule), a
 * period starting within a day of that end counting as after it (periods are anchored on the
 * seller's calendar, which a change of summer time moves by an hour against UTC); `once` never (it
 * took off the first invoice only).
 */
export function recursOn(terms: Pick<CouponTerms, 'duration' | 'durationInMonths'>, redeemedAt: Date, periodStart: Date): boolean {
  if (terms.duration === 'forever') return true;
  if (terms.duration === 'once') return false;
  return periodStart.getTime() < addMonths(redeemedAt, terms.durationInMonths ?? 0).getTime() - DAY;
}
