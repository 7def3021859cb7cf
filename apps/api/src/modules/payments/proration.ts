const DAY = 86_400_000;

/** Whole UTC days from a to b (midnight to midnight). */
export function daysBetween(a: Date, b: Date): number {
  const start = Date.UTC(a.getUTCFullYear(), a.getUTCMonth(), a.getUTCDate());
  const end = Date.UTC(b.getUTCFullYear(), b.getUTCMonth(), b.getUTCDate());
  return Math.round((end - start) / DAY);
}

/** The period end N months after `start` (clamped: 31 Jan + 1 month = 28/29 Feb). */
export function addMonths(start: Date, months: number): Date {
  const y = start.getUTCFullYear();
  const m = start.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      y,
      m,
      Math.min(start.getUTCDate(), lastDay),
      start.getUTCHours(),
      start.getUTCMinutes(),
      start.getUTCSeconds(),
      start.getUTCMilliseconds(),
    ),
  );
}

/**
 * Credit for the unused part of the current period, before tax, in cents: the price paid times
 * the days remaining (from the day of the change to the period's end) over the days in the
 * period, rounded half up once. An upgrade on the first day gets the whole price back; on the
 * last day, one day's worth.
 */
export function prorationCredit(input: { paidCents: number; periodStart: Date; periodEnd: Date; at: Date }): {
  creditCents: number;
  daysRemaining: number;
  daysInPeriod: number;
} {
  const daysInPeriod = daysBetween(input.periodStart, input.periodEnd);
  if (daysInPeriod <= 0 || input.paidCents <= 0) return { creditCents: 0, daysRemaining: 0, daysInPeriod: Math.max(daysInPeriod, 0) };
  const daysRemaining = Math.min(daysInPeriod, Math.max(0, daysBetween(input.at, input.periodEnd)));
  const creditCents = Math.floor((input.paidCents * daysRemaining * 2 + daysInPeriod) / (2 * daysInPeriod));
  return { creditCents, daysRemaining, daysInPeriod };
}
