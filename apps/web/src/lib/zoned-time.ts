/** Minutes `timeZone` is ahead of UTC at the instant `date` (the browser's zone when missing or unknown). */
function offsetMinutes(date: Date, timeZone: string | undefined): number {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }).formatToParts(date);
  } catch {
    return -date.getTimezoneOffset();
  }
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant of a wall-clock date and time (`YYYY-MM-DDTHH:mm`, as a datetime-local input gives it)
 * in `timeZone`, as ISO 8601 UTC. Daylight-saving changes are handled by correcting the offset once.
 */
export function zonedToIso(local: string, timeZone: string | undefined): string | null {
  const m = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d)$/.exec(local);
  if (!m) return null;
  const naive = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  let instant = naive - offsetMinutes(new Date(naive), timeZone) * 60_000;
  instant = naive - offsetMinutes(new Date(instant), timeZone) * 60_000;
  return new Date(instant).toISOString();
}

/** The wall-clock `YYYY-MM-DDTHH:mm` of an instant in `timeZone` (for a datetime-local input). */
export function isoToZoned(iso: string, timeZone: string | undefined): string {
  const date = new Date(iso);
  const shifted = new Date(date.getTime() + offsetMinutes(date, timeZone) * 60_000);
  return shifted.toISOString().slice(0, 16);
}
