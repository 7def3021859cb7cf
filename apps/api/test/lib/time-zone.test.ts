import { describe, expect, it } from 'vitest';
import {
  daysEndingAt,
  isIanaTimeZone,
  localDate,
  localMonth,
  localTimestamp,
  monthsEndingAt,
  startOfLocalDay,
} from '../../src/lib/time-zone.js';

describe("the seller's calendar", () => {
  it('dates 23:30 UTC on 31 December as 1 January in Madrid (and 31 December in UTC and Canarias)', () => {
    const instant = new Date('2026-12-31T23:30:00Z');
    expect(localDate(instant, 'Europe/Madrid')).toBe('2027-01-01');
    expect(localMonth(instant, 'Europe/Madrid')).toBe('2027-01');
    expect(localDate(instant, 'UTC')).toBe('2026-12-31');
    expect(localDate(instant, 'Atlantic/Canary')).toBe('2026-12-31');
    expect(localTimestamp(instant, 'Europe/Madrid')).toBe('2027-01-01T00:30:00+01:00');
  });

  it('finds the instant a local day starts, across the summer time changes', () => {
    expect(startOfLocalDay('2027-01-01', 'Europe/Madrid').toISOString()).toBe('2026-12-31T23:00:00.000Z');
    expect(startOfLocalDay('2027-07-01', 'Europe/Madrid').toISOString()).toBe('2027-06-30T22:00:00.000Z');
    expect(startOfLocalDay('2027-03-28', 'Europe/Madrid').toISOString()).toBe('2027-03-27T23:00:00.000Z');
    expect(startOfLocalDay('2027-10-31', 'Europe/Madrid').toISOString()).toBe('2027-10-30T22:00:00.000Z');
    expect(startOfLocalDay('2027-01-01', 'UTC').toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('lists the months and days ending with the local ones', () => {
    const instant = new Date('2026-12-31T23:30:00Z');
    expect(monthsEndingAt(instant, 'Europe/Madrid', 3)).toEqual(['2026-11', '2026-12', '2027-01']);
    expect(monthsEndingAt(instant, 'UTC', 13)).toEqual([
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
    ]);
    expect(daysEndingAt(instant, 'Europe/Madrid', 2)).toEqual(['2026-12-31', '2027-01-01']);
  });

  it('takes IANA zone names only', () => {
    for (const zone of ['Europe/Madrid', 'Atlantic/Canary', 'UTC', 'America/Argentina/Buenos_Aires', 'Etc/GMT+1'])
      expect(isIanaTimeZone(zone), zone).toBe(true);
    for (const zone of ['Mars/Olympus', '+01:00', 'Europe/', '', 'Europe Madrid']) expect(isIanaTimeZone(zone), zone).toBe(false);
  });
});
