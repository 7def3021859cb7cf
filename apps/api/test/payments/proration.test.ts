import { describe, expect, it } from 'vitest';
import { addMonths, daysBetween, prorationCredit } from '../../src/modules/payments/index.js';
import { quoteTotals } from '../../src/modules/invoices/index.js';

const d = (iso: string) => new Date(`${iso}T10:00:00Z`);

describe('prorationCredit', () => {
  it('credits the whole price on the first day of the period', () => {
    expect(prorationCredit({ paidCents: 900, periodStart: d('2026-03-01'), periodEnd: d('2026-04-01'), at: d('2026-03-01') })).toEqual({
      creditCents: 900,
      daysRemaining: 31,
      daysInPeriod: 31,
    });
  });

  it('credits one day on the last day of the period', () => {
    // 900 / 31 = 29.03 → 29
    expect(
      prorationCredit({ paidCents: 900, periodStart: d('2026-03-01'), periodEnd: d('2026-04-01'), at: d('2026-03-31') }),
    ).toMatchObject({ creditCents: 29, daysRemaining: 1, daysInPeriod: 31 });
  });

  it('counts the days of a 28-day February, a 29-day leap February and 30-day months', () => {
    expect(prorationCredit({ paidCents: 900, periodStart: d('2026-02-01'), periodEnd: d('2026-03-01'), at: d('2026-02-15') })).toEqual({
      creditCents: 450,
      daysRemaining: 14,
      daysInPeriod: 28,
    });
    // 900 × 14 / 29 = 434.48 → 434
    expect(prorationCredit({ paidCents: 900, periodStart: d('2028-02-01'), periodEnd: d('2028-03-01'), at: d('2028-02-16') })).toEqual({
      creditCents: 434,
      daysRemaining: 14,
      daysInPeriod: 29,
    });
    // 900 × 10 / 30 = 300
    expect(prorationCredit({ paidCents: 900, periodStart: d('2026-04-01'), periodEnd: d('2026-05-01'), at: d('2026-04-21') })).toEqual({
      creditCents: 300,
      daysRemaining: 10,
      daysInPeriod: 30,
    });
  });

  it('rounds half up once: 2900 × 15 / 30 is exact, 100 × 1 / 8… rounds 12.5 up to 13', () => {
    expect(
      prorationCredit({ paidCents: 2900, periodStart: d('2026-06-01'), periodEnd: d('2026-07-01'), at: d('2026-06-16') }).creditCents,
    ).toBe(1450);
    expect(
      prorationCredit({ paidCents: 100, periodStart: d('2026-06-01'), periodEnd: d('2026-06-09'), at: d('2026-06-08') }).creditCents,
    ).toBe(13);
  });

  it('prorates a yearly period over 365 or 366 days', () => {
    expect(prorationCredit({ paidCents: 9000, periodStart: d('2027-03-01'), periodEnd: d('2028-03-01'), at: d('2028-02-01') })).toEqual({
      creditCents: 713,
      daysRemaining: 29,
      daysInPeriod: 366,
    });
    expect(prorationCredit({ paidCents: 9000, periodStart: d('2026-01-01'), periodEnd: d('2027-01-01'), at: d('2026-07-02') })).toEqual({
      creditCents: 4512,
      daysRemaining: 183,
      daysInPeriod: 365,
    });
  });

  it('gives nothing after the period ended or for a free plan', () => {
    expect(
      prorationCredit({ paidCents: 900, periodStart: d('2026-03-01'), periodEnd: d('2026-04-01'), at: d('2026-04-05') }).creditCents,
    ).toBe(0);
    expect(
      prorationCredit({ paidCents: 0, periodStart: d('2026-03-01'), periodEnd: d('2026-04-01'), at: d('2026-03-05') }).creditCents,
    ).toBe(0);
  });
});

describe('addMonths', () => {
  it('keeps the day, clamped to the end of shorter months and leap Februaries', () => {
    expect(addMonths(d('2026-01-31'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(d('2028-01-31'), 1).toISOString()).toBe('2028-02-29T10:00:00.000Z');
    expect(addMonths(d('2026-03-15'), 12).toISOString()).toBe('2027-03-15T10:00:00.000Z');
    expect(daysBetween(d('2026-01-31'), addMonths(d('2026-01-31'), 1))).toBe(28);
  });
});

describe('checkout totals', () => {
  it('taxes an upgrade with a credit line once per rate, half up', () => {
    const line = (cents: number) => ({
      description: { en: '', es: '', jp: '' },
      quantity: 1,
      unitAmountCents: cents,
      taxId: null,
      taxName: 'IVA 21 %',
      taxRateBasisPoints: 2100,
    });
    // 2900 − 450 = 2450; 21 % = 514.5 → 515
    expect(quoteTotals([line(2900), line(-450)])).toMatchObject({ subtotalCents: 2450, taxCents: 515, totalCents: 2965 });
  });
});
