import { describe, expect, it } from 'vitest';
import { localDate, localTimestamp } from '../../src/lib/time-zone.js';
import { anchoredDate, nextPeriodEnd } from '../../src/modules/payments/index.js';

const at = (iso: string) => new Date(`${iso}T09:30:00.000Z`);
const day = (d: Date) => d.toISOString().slice(0, 10);

/** The period ends a subscription renews through, each from the one before, as the renewals do. */
function renewals(anchor: Date, months: number, count: number): string[] {
  const ends: string[] = [];
  let end = anchoredDate(anchor, months);
  for (let i = 0; i < count; i++) {
    ends.push(day(end));
    end = nextPeriodEnd(anchor, end, months);
  }
  return ends;
}

describe('billing anchors (kept across short months, as Stripe keeps them)', () => {
  it('renews a subscription started on 31 January on 28 Feb, 31 Mar, 30 Apr, 31 May', () => {
    expect(renewals(at('2027-01-31'), 1, 5)).toEqual(['2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31', '2027-06-30']);
  });

  it('ends on 29 February in a leap year, and keeps the 31st after it', () => {
    expect(renewals(at('2028-01-31'), 1, 3)).toEqual(['2028-02-29', '2028-03-31', '2028-04-30']);
  });

  it('anchors on 29 February: a yearly plan renews on 28 Feb, and on 29 Feb again in the next leap year', () => {
    expect(renewals(at('2028-02-29'), 12, 4)).toEqual(['2029-02-28', '2030-02-28', '2031-02-28', '2032-02-29']);
    expect(renewals(at('2028-02-29'), 1, 2)).toEqual(['2028-03-29', '2028-04-29']);
  });

  it('keeps the anchor time of day and counts across years (quarterly from 30 Nov)', () => {
    expect(renewals(at('2026-11-30'), 3, 3)).toEqual(['2027-02-28', '2027-05-30', '2027-08-30']);
    expect(nextPeriodEnd(at('2027-01-31'), at('2027-02-28'), 1).toISOString()).toBe('2027-03-31T09:30:00.000Z');
  });

  it('keeps the anchor when the period length changes (yearly, then monthly after a downgrade)', () => {
    const anchor = at('2027-01-31');
    const yearEnd = anchoredDate(anchor, 12);
    expect(day(yearEnd)).toBe('2028-01-31');
    expect(day(nextPeriodEnd(anchor, yearEnd, 1))).toBe('2028-02-29');
  });

  it('without an anchor keeps the day of the period end (as before anchors were stored)', () => {
    expect(day(nextPeriodEnd(null, at('2027-02-28'), 1))).toBe('2027-03-28');
    expect(day(nextPeriodEnd(null, at('2027-01-15'), 1))).toBe('2027-02-15');
  });

  it('refuses a period of no months', () => {
    expect(() => nextPeriodEnd(null, at('2027-01-31'), 0)).toThrow(RangeError);
  });

  describe('on the seller’s calendar, across a daylight-saving change (Europe/Madrid)', () => {
    const MADRID = 'Europe/Madrid';
    /** A period end as the seller reads it: its calendar day and time. */
    const local = (d: Date) => localTimestamp(d, MADRID).slice(0, 16);

    it('bought at 23:30 on 5 March (winter time): renews at 23:30 on 5 April (summer time), not 00:30 on 6 April', () => {
      const anchor = new Date('2027-03-05T22:30:00.000Z');
      expect(local(anchor)).toBe('2027-03-05T23:30');
      const end = anchoredDate(anchor, 1, MADRID);
      expect(local(end)).toBe('2027-04-05T23:30');
      expect(end.toISOString()).toBe('2027-04-05T21:30:00.000Z');
      // The invoice prints the period as the seller's calendar days: 5 March – 5 April.
      expect([localDate(anchor, MADRID), localDate(end, MADRID)]).toEqual(['2027-03-05', '2027-04-05']);
      expect(local(nextPeriodEnd(anchor, end, 1, MADRID))).toBe('2027-05-05T23:30');
    });

    it('bought at 00:30 on 5 October (summer time): renews at 00:30 on 5 November (winter time), not 23:30 on 4 November', () => {
      const anchor = new Date('2027-10-04T22:30:00.000Z');
      expect(local(anchor)).toBe('2027-10-05T00:30');
      const end = anchoredDate(anchor, 1, MADRID);
      expect(local(end)).toBe('2027-11-05T00:30');
      expect(local(nextPeriodEnd(anchor, end, 1, MADRID))).toBe('2027-12-05T00:30');
      // Kept on the anchor's day through short months and a year of changes.
      const ends: string[] = [];
      let at31 = anchoredDate(new Date('2027-01-30T23:30:00.000Z'), 1, MADRID);
      for (let i = 0; i < 4; i++) {
        ends.push(local(at31));
        at31 = nextPeriodEnd(new Date('2027-01-30T23:30:00.000Z'), at31, 1, MADRID);
      }
      expect(ends).toEqual(['2027-02-28T00:30', '2027-03-31T00:30', '2027-04-30T00:30', '2027-05-31T00:30']);
    });

    it('read in UTC (as before), the same anchors drift a day on the seller’s calendar', () => {
      expect(local(anchoredDate(new Date('2027-03-05T22:30:00.000Z'), 1))).toBe('2027-04-06T00:30');
      expect(local(anchoredDate(new Date('2027-10-04T22:30:00.000Z'), 1))).toBe('2027-11-04T23:30');
    });
  });
});
