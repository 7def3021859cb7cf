/** "9", "9.5", "9,50" → 900, 950, 950 cents, digit by digit (never through a float); null when it is not such an amount. */
export function eurosToCents(text: string): number | null {
  const match = /^(\d{1,9})(?:[.,](\d{0,2}))?$/.exec(text.trim());
  if (!match) return null;
  const [, units = '0', fraction = ''] = match;
  return Number(units) * 100 + Number(fraction.padEnd(2, '0'));
}

/** A whole number typed in a field, or null when empty (NaN when it is not one, for the schema to refuse). */
export const wholeOrNull = (text: string): number | null =>
  text.trim() === '' ? null : /^\d+$/.test(text.trim()) ? Number(text) : Number.NaN;

/** A calendar day typed (`YYYY-MM-DD`) as the end of that day in UTC, or null when empty. */
export const endOfDayOrNull = (day: string): string | null => (day.trim() === '' ? null : `${day.trim()}T23:59:59Z`);
