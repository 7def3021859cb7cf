import type { Locale } from '@enlaza/contracts';
import { bcp47 } from './language';

export function formatNumber(value: number, locale: Locale): string {
  return new Intl.NumberFormat(bcp47(locale)).format(value);
}

/** 0.003 → "0.30%" in the locale's way (two decimals: the scale of mail providers' complaint limits). */
export function formatPercent(fraction: number, locale: Locale): string {
  return new Intl.NumberFormat(bcp47(locale), { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(fraction);
}

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** The unit (index in BYTE_UNITS) that shows `bytes` best: 52428800 → 2 (MB). */
export function byteUnitOf(bytes: number): number {
  let unit = 0;
  for (let value = bytes; value >= 1024 && unit < BYTE_UNITS.length - 1; value /= 1024) unit += 1;
  return unit;
}

/** 52428800 → "50 MB" (binary steps, as plans are sold in MB/GB); `unit` forces one, e.g. "0 MB". */
export function formatBytes(bytes: number, locale: Locale, unit: number = byteUnitOf(bytes)): string {
  const value = bytes / 1024 ** unit;
  return new Intl.NumberFormat(bcp47(locale), {
    style: 'unit',
    unit: BYTE_UNITS[unit],
    // Plain bytes are written out, so the plural is the language's ("1 byte", "17 bytes", "17 バイト").
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: value < 10 && unit > 0 ? 1 : 0,
  }).format(value);
}

/** The day of `iso`, in `timeZone` (an IANA name; the browser's when missing or unknown). */
export function formatDate(iso: string, locale: Locale, timeZone?: string): string {
  return formatDateTime(iso, locale, timeZone, { dateStyle: 'medium' });
}

/** Day and time of `iso`, in `timeZone` (an IANA name; the browser's when missing or unknown). */
export function formatDateTime(
  iso: string,
  locale: Locale,
  timeZone?: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' },
): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat(bcp47(locale), { ...options, timeZone }).format(date);
  } catch {
    return new Intl.DateTimeFormat(bcp47(locale), options).format(date);
  }
}

/** Share of a quota used, 0–100 (a zero limit counts as full when anything is used). */
export function usagePercent(used: number, limit: number): number {
  if (limit <= 0) return used > 0 ? 100 : 0;
  return Math.min(100, Math.max(0, (used / limit) * 100));
}

/** Integer cents as money in the viewer's language: 1089 → "10,89 €" (es), "€10.89" (en). */
export function formatMoney(cents: number, locale: Locale, currency = 'EUR'): string {
  return new Intl.NumberFormat(bcp47(locale), { style: 'currency', currency }).format(cents / 100);
}
