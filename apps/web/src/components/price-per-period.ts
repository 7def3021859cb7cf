import type { TFunction } from 'i18next';
import type { Locale } from '@enlaza/contracts';
import { formatMoney } from '@/lib/format';

/**
 * A billing period's length in the unit it reads best in: whole years when it is a multiple of 12
 * months (12 → 1 year, 24 → 2 years), months otherwise (1, 3, 18).
 */
export function periodLength(months: number): { unit: 'month' | 'year'; count: number } {
  return months >= 12 && months % 12 === 0 ? { unit: 'year', count: months / 12 } : { unit: 'month', count: Math.max(1, months) };
}

/**
 * A price for each billing period, written the same way on every screen: "€10.89 / month",
 * "€99.00 / year", "€30.00 / 3 months" (from the period's length, never its catalogue name). A
 * single unit has its own key, so no language says "/ 1 month" (Japanese has no one form). The
 * caller's `t` needs the `plan` namespace loaded.
 */
export function pricePerPeriod(t: TFunction, cents: number, months: number, locale: Locale, { perSeat = false } = {}): string {
  const { unit, count } = periodLength(months);
  const amount = formatMoney(cents, locale);
  // A per-seat price reads "€9.00 per seat / month".
  const key = perSeat ? 'plan:pricePerSeat' : 'plan:pricePer';
  return count === 1 ? t(`${key}.${unit}`, { amount }) : t(`${key}.${unit}s`, { amount, count });
}
