import { zonedInstant, zonedParts } from '../../lib/time-zone.js';

/**
 * Billing cycle anchors, as Stripe keeps them: a paid cycle starts at an anchor instant, and its
 * n-th period ends n × months after it — on the anchor's day of the month, or on the month's last
 * day when the month is shorter — at the anchor's time of day, both read in the seller's time zone
 * (a daylight-saving change does not move the day or the hour). Each end is computed from the
 * anchor, never from the previous end, so a short month does not move the day for good:
 *
 *   anchor 31 Jan → 28 Feb (29 Feb in a leap year) → 31 Mar → 30 Apr → 31 May
 *   anchor 29 Feb 2028, yearly → 28 Feb 2029 → 28 Feb 2030 → 28 Feb 2031 → 29 Feb 2032
 */

/**
 * The instant `months` whole months after `anchor`, on its day (or the month's last day), at its
 * time of day — read on the wall clock of `timeZone` (the seller's calendar, SELLER_TIME_ZONE), so
 * a period that crosses a daylight-saving change still ends on the anchor's calendar day and hour
 * there: bought at 23:30 on 5 March in Madrid, it ends at 23:30 on 5 April (an hour sooner in UTC),
 * not at 00:30 on 6 April. Without a zone, UTC's.
 */
export function anchoredDate(anchor: Date, months: number, timeZone?: string): Date {
  if (!Number.isInteger(months)) throw new RangeError('months must be a whole number');
  if (timeZone && timeZone !== 'UTC') {
    const p = zonedParts(anchor, timeZone);
    const year = Number(p.year);
    const month = Number(p.month) - 1 + months;
    const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
    const target = new Date(Date.UTC(year, month, Math.min(Number(p.day), lastDay)));
    return zonedInstant(timeZone, {
      year: target.getUTCFullYear(),
      month: target.getUTCMonth() + 1,
      day: target.getUTCDate(),
      hour: Number(p.hour),
      minute: Number(p.minute),
      second: Number(p.second),
      millisecond: anchor.getUTCMilliseconds(),
    });
  }
  const year = anchor.getUTCFullYear();
  const month = anchor.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(anchor.getUTCDate(), lastDay),
      anchor.getUTCHours(),
      anchor.getUTCMinutes(),
      anchor.getUTCSeconds(),
      anchor.getUTCMilliseconds(),
    ),
  );
}

/** Whole calendar months (of `timeZone`, else UTC) from `from`'s month to `to`'s. */
function monthsBetween(from: Date, to: Date, timeZone?: string): number {
  if (!timeZone || timeZone === 'UTC') return (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + (to.getUTCMonth() - from.getUTCMonth());
  const [a, b] = [zonedParts(from, timeZone), zonedParts(to, timeZone)];
  return (Number(b.year) - Number(a.year)) * 12 + (Number(b.month) - Number(a.month));
}

/**
 * The end of the period that starts at `periodEnd` and lasts `months`, kept on `anchor`'s day:
 * `periodEnd` is itself an anchored date (or the anchor), so the next end is the anchored date
 * `months` further on. Null anchor: `periodEnd` is taken as the anchor (the day it falls on is kept).
 */
export function nextPeriodEnd(anchor: Date | null, periodEnd: Date, months: number, timeZone?: string): Date {
  if (!Number.isInteger(months) || months < 1) throw new RangeError('a period lasts one month or more');
  const from = anchor ?? periodEnd;
  const next = anchoredDate(from, monthsBetween(from, periodEnd, timeZone) + months, timeZone);
  // An end that is not on the anchor's cycle (moved by hand) starts the count again from itself.
  return next > periodEnd ? next : anchoredDate(periodEnd, months, timeZone);
}
