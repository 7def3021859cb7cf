/** The calendar day of `date` in `timeZone` (the browser's when missing or unknown), as days since 1970. */
function dayNumber(date: Date, timeZone: string | undefined): number {
  let parts: string;
  try {
    parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
  } catch {
    parts = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
  }
  const [y, m, d] = parts.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / 86_400_000;
}

/** Calendar days from `now` to `iso` in the user's time zone: 0 today, 1 tomorrow (never below 0). */
export function daysUntil(iso: string, now: Date, timeZone: string | undefined): number {
  return Math.max(0, dayNumber(new Date(iso), timeZone) - dayNumber(now, timeZone));
}

/** "in 29 days", "tomorrow", "today", in the UI language. */
export function formatInDays(days: number, bcp47Locale: string): string {
  return new Intl.RelativeTimeFormat(bcp47Locale, { numeric: 'auto' }).format(days, 'day');
}
