import { describe, expect, it } from 'vitest';
import { anchoredDate, balanceToApply, prorate, remainingCharge, unusedCredit } from '../../src/modules/payments/index.js';
import { quoteTotals } from '../../src/modules/invoices/index.js';

const at = (iso: string) => new Date(`${iso}Z`);
const DAY = 86_400;

describe('proration by the second', () => {
  it('rounds half up once, in exact integer arithmetic', () => {
    expect(prorate(900, 1, 2)).toBe(450);
    expect(prorate(100, 1, 8)).toBe(13); // 12.5 → 13
    expect(prorate(100, 1, 3)).toBe(33);
    expect(prorate(100, 2, 3)).toBe(67);
    // A year of seconds times a large price stays exact (no float error): 999,999.99 € × 1 / 31,536,000.
    expect(prorate(99_999_999, 1, 365 * DAY)).toBe(3);
    expect(prorate(900, -5, 10)).toBe(0);
    expect(prorate(900, 50, 10)).toBe(900);
  });

  it('credits what was paid for the seconds left: the whole on the first second, nothing after the end', () => {
    const paidFrom = at('2026-03-01T10:00:00');
    const periodEnd = at('2026-04-01T10:00:00'); // 31 days
    expect(unusedCredit({ paidCents: 900, paidFrom, periodEnd, at: paidFrom })).toEqual({
      creditCents: 900,
      secondsRemaining: 31 * DAY,
      secondsPaid: 31 * DAY,
    });
    // Half-way to the second: 15.5 days of 31 → 450.
    expect(unusedCredit({ paidCents: 900, paidFrom, periodEnd, at: at('2026-03-17T10:00:00') }).creditCents).toBe(
      prorate(900, 15 * DAY, 31 * DAY),
    );
    expect(unusedCredit({ paidCents: 900, paidFrom, periodEnd, at: at('2026-03-16T22:00:00') }).creditCents).toBe(450);
    // One hour before the end: 900 × 3600 / 2,678,400 = 1.21 → 1.
    expect(unusedCredit({ paidCents: 900, paidFrom, periodEnd, at: at('2026-04-01T09:00:00') }).creditCents).toBe(1);
    expect(unusedCredit({ paidCents: 900, paidFrom, periodEnd, at: at('2026-04-05T10:00:00') }).creditCents).toBe(0);
    expect(unusedCredit({ paidCents: 0, paidFrom, periodEnd, at: at('2026-03-05T10:00:00') }).creditCents).toBe(0);
  });

  it('the examples of docs/billing.md: Pro 9.00 → Business 29.00 on 16 Feb 2026 12:00, period 31 Jan → 28 Feb (the anchor kept)', () => {
    const start = at('2026-01-31T12:00:00');
    const end = anchoredDate(start, 1);
    expect(end.toISOString()).toBe('2026-02-28T12:00:00.000Z');
    const change = at('2026-02-16T12:00:00'); // 12 of 28 days left
    expect(remainingCharge({ priceCents: 2900, periodStart: start, periodEnd: end, at: change })).toBe(1243); // 2900 × 12/28 = 1242.86
    expect(unusedCredit({ paidCents: 900, paidFrom: start, periodEnd: end, at: change }).creditCents).toBe(386); // 900 × 12/28 = 385.71
  });

  it('a credit taken from the balance is at most the balance and never more than the lines at the first rate', () => {
    const line = (cents: number, rate = 2100) => ({ unitAmountCents: cents, quantity: 1, taxRateBasisPoints: rate });
    expect(balanceToApply(5000, [line(2900)])).toBe(2900);
    expect(balanceToApply(1000, [line(2900)])).toBe(1000);
    expect(balanceToApply(5000, [line(2900), line(-400)])).toBe(2500);
    expect(balanceToApply(5000, [line(400), line(900, 1000)])).toBe(400);
    expect(balanceToApply(0, [line(2900)])).toBe(0);
    expect(balanceToApply(5000, [])).toBe(0);
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
