/**
 * A wall-clock date and time (`YYYY-MM-DDTHH:mm`, as a datetime-local input gives it) in an IANA time
 * zone, as a UTC ISO instant; and back. Two passes settle the offset even across a DST change.
 */
export function zonedToIso(local: string, timeZone: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const wanted = Date.UTC(y, mo - 1, d, h, mi);
  let utc = wanted;
  for (let i = 0; i < 2; i += 1) utc -= wallClockOf(utc, timeZone) - wanted;
  return new Date(utc).toISOString();
}

/** The wall-clock time in `timeZone` of the instant `utc`, read as if it were UTC (milliseconds). */
function wallClockOf(utc: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(utc));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
}

/** `YYYY-MM-DDTHH:mm` in `timeZone` for the instant `iso` (to fill a datetime-local input). */
export function isoToZoned(iso: string, timeZone: string): string {
  return new Date(wallClockOf(new Date(iso).getTime(), timeZone)).toISOString().slice(0, 16);
}
