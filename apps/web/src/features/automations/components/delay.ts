/** The units a step's delay is typed in, largest last, with their length in minutes. */
export const DELAY_UNITS = ['minutes', 'hours', 'days', 'weeks'] as const;
export type DelayUnit = (typeof DELAY_UNITS)[number];

export const MINUTES_IN: Record<DelayUnit, number> = { minutes: 1, hours: 60, days: 1440, weeks: 10_080 };

/** A delay in the largest unit that holds it whole: 2880 → 2 days, 90 → 90 minutes, 0 → 0 minutes. */
export function splitDelay(delayMinutes: number): { amount: number; unit: DelayUnit } {
  const unit = [...DELAY_UNITS].reverse().find((u) => delayMinutes > 0 && delayMinutes % MINUTES_IN[u] === 0) ?? 'minutes';
  return { amount: delayMinutes / MINUTES_IN[unit], unit };
}

/** What a step's delay is stored as: `amount` of `unit` in minutes. */
export const toMinutes = (amount: number, unit: DelayUnit) => amount * MINUTES_IN[unit];
