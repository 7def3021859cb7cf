/**
 * Calendar dates in a named time zone (the seller's, SELLER_TIME_ZONE): an invoice's issue date, its
 * series year, the admin's date filters and the revenue months are the seller's calendar, not UTC's.
 * Instants stay UTC `Date`s; only what a person reads as "a day" or "a month" goes through here.
 */

/** An IANA zone name as written in the tz database (`Europe/Madrid`, `UTC`, `America/Argentina/Buenos_Aires`). */
export function isIanaTimeZone(name: string): boolean {
  // Intl also takes offsets such as `+01:00`, which are not zones (no summer time): refused by the shape.
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

type Parts = { year: string; month: string; day: string; hour: string; minute: string; second: string; offset: string };

const formatters = new Map<string, Intl.DateTimeFormat>();
/** One formatter per zone (building one costs far more than formatting; the chain formats under a lock). */
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock reading of `date` in `timeZone`, with its UTC offset (`+01:00`). */
export function zonedParts(date: Date, timeZone: string): Parts {
  const parts = Object.fromEntries(
    formatterOf(timeZone)
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  const offset = parts.timeZoneName === 'GMT' ? '+00:00' : String(parts.timeZoneName).replace('GMT', '');
  return {
    year: String(parts.year),
    month: String(parts.month),
    day: String(parts.day),
    hour: String(parts.hour),
    minute: String(parts.minute),
    second: String(parts.second),
    offset,
  };
}

/** The calendar day of `date` in `timeZone`, `YYYY-MM-DD`. */
export function localDate(date: Date, timeZone: string): string {
  const p = zonedParts(date, timeZone);
  return `${p.year}-${p.month}-${p.day}`;
}

/** The calendar month of `date` in `timeZone`, `YYYY-MM`. */
export const localMonth = (date: Date, timeZone: string): string => localDate(date, timeZone).slice(0, 7);

/** `date` as ISO 8601 in `timeZone` with its offset, to the second: `2024-01-01T19:20:30+01:00`. */
export function localTimestamp(date: Date, timeZone: string): string {
  const p = zonedParts(date, timeZone);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}${p.offset}`;
}

/** The `count` calendar months `YYYY-MM` ending with `date`'s month in `timeZone`, oldest first. */
export function monthsEndingAt(date: Date, timeZone: string, count: number): string[] {
  const [year, month] = localMonth(date, timeZone).split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const index = year * 12 + (month - 1) - (count - 1 - i);
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
}

/** The `count` calendar days `YYYY-MM-DD` ending with `date`'s day in `timeZone`, oldest first. */
export function daysEndingAt(date: Date, timeZone: string, count: number): string[] {
  const today = Date.parse(`${localDate(date, timeZone)}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(today - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

/** The instant a calendar day (`YYYY-MM-DD`) starts in `timeZone` (its local midnight, as UTC). */
export function startOfLocalDay(day: string, timeZone: string): Date {
  const guess = Date.parse(`${day}T00:00:00Z`);
  // The offset at the guess, then again at the corrected instant (a day starting at a DST change).
  let instant = guess;
  for (let i = 0; i < 2; i++) {
    const offset = offsetMinutes(new Date(instant), timeZone);
    instant = guess - offset * 60_000;
  }
  return new Date(instant);
}

function offsetMinutes(date: Date, timeZone: string): number {
  const match = /^([+-])(\d\d):(\d\d)$/.exec(zonedParts(date, timeZone).offset);
  if (!match) return 0;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
}

/**
 * The instant a wall-clock reading in `timeZone` names (`month` 1–12; a day past the month's end
 * rolls over as Date.UTC does). A reading skipped by a daylight-saving change (02:30 on the last
 * Sunday of March in Madrid) is read with the offset before the change, an hour later on the clock.
 */
export function zonedInstant(
  timeZone: string,
  wall: { year: number; month: number; day: number; hour: number; minute: number; second: number; millisecond: number },
): Date {
  const guess = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second, wall.millisecond);
  let instant = guess;
  for (let i = 0; i < 2; i++) instant = guess - offsetMinutes(new Date(instant), timeZone) * 60_000;
  return new Date(instant);
}
