import type { Locale } from '@enlaza/contracts';

/**
 * The admin types money in euros and rates in percent, each with up to two decimals; the API keeps
 * integer cents and basis points. The text is converted digit by digit (never through a float), so
 * "0.29" is 29 cents and not 28.999….
 */
const DECIMAL = /^(\d{1,9})(?:[.,](\d{0,2}))?$/;

/** "9", "9.5", "9,50" → 900, 950, 950; null when it is not an amount with at most two decimals. */
function hundredths(text: string): number | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const [, units = '0', fraction = ''] = match;
  return Number(units) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Euros typed by the admin → integer cents (null: not a valid amount). */
export const eurosToCents = (text: string): number | null => hundredths(text);
/** Percent typed by the admin → basis points, 21 % = 2100 (null: not a valid rate). */
export const percentToBasisPoints = (text: string): number | null => hundredths(text);

/** Cents → the text of the euros input: always two decimals ("9.00"). */
export function centsToEuros(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Basis points → the text of the percent input, without useless zeros ("21", "10.5", "4.25"). */
export function basisPointsToPercent(basisPoints: number): string {
  const whole = Math.floor(basisPoints / 100);
  const fraction = String(basisPoints % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

const intlLocale = (locale: Locale) => (locale === 'jp' ? 'ja' : locale);

/** A price for reading: "9,00 €" in Spanish, "€9.00" in English. */
export const formatPrice = (cents: number, locale: Locale, currency = 'EUR') =>
  new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency, minimumFractionDigits: 2 }).format(cents / 100);

/** A rate for reading: "21 %", "10,5 %". */
export const formatRate = (basisPoints: number, locale: Locale) =>
  new Intl.NumberFormat(intlLocale(locale), { style: 'percent', maximumFractionDigits: 2 }).format(basisPoints / 10_000);

export const MB = 1024 * 1024;
/** Storage is typed in MB (1 GB = 1024 MB). */
export const megabytesToBytes = (text: string): number | null => (/^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) * MB : null);
export const bytesToMegabytes = (bytes: number): string => String(Math.round(bytes / MB));
