const DAY_MS = 86_400_000;

/**
 * `days` business days after `from` (Monday to Friday, UTC calendar; TARGET2 holidays are not
 * counted apart): a SEPA debit made on a Friday settles on the Wednesday after.
 */
export function addBusinessDays(from: Date, days: number): Date {
  let at = from.getTime();
  let left = days;
  while (left > 0) {
    at += DAY_MS;
    const weekday = new Date(at).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return new Date(at);
}
