import { describe, expect, it } from 'vitest';
import { addMonths, appliesTo, discountCents, recursOn } from '../../src/modules/coupons/discount.js';

const at = (iso: string) => new Date(iso);

describe('a coupon’s arithmetic', () => {
  it('takes a percentage rounded half up to the cent, or the amount, never more than the base', () => {
    const percent = (p: number, base: number) => discountCents({ percentOff: p, amountOffCents: null }, base);
    const amount = (a: number, base: number) => discountCents({ percentOff: null, amountOffCents: a }, base);
    expect([percent(25, 900), percent(50, 999), percent(33, 1), percent(15, 10), percent(100, 2900)]).toEqual([225, 500, 0, 2, 2900]);
    expect([amount(300, 900), amount(1500, 900), amount(300, 0), amount(300, -100)]).toEqual([300, 900, 0, 0]);
    expect(() => percent(10, 1.5)).toThrow(RangeError);
  });

  it('applies to what it names, or to everything when it names nothing', () => {
    const none = { appliesTo: { offerIds: [], addOnIds: [] } };
    const named = { appliesTo: { offerIds: ['o1'], addOnIds: ['a1'] } };
    expect([appliesTo(none, { offerId: 'o9' }), appliesTo(none, { addOnId: 'a9' })]).toEqual([true, true]);
    expect([appliesTo(named, { offerId: 'o1' }), appliesTo(named, { offerId: 'o2' })]).toEqual([true, false]);
    expect([appliesTo(named, { addOnId: 'a1' }), appliesTo(named, { addOnId: 'o1' })]).toEqual([true, false]);
  });

  it('recurs on renewals: forever always, once never, repeating for its months from the redemption', () => {
    const redeemed = at('2026-01-31T10:00:00Z');
    const months = (n: number) => ({ duration: 'repeating' as const, durationInMonths: n });
    expect(addMonths(redeemed, 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(redeemed, 2).toISOString()).toBe('2026-03-31T10:00:00.000Z');
    // The renewal of a period that started with the redemption (anchored on the 31st: 28 February, then 31 March).
    expect(recursOn(months(1), redeemed, at('2026-02-28T10:00:00Z'))).toBe(false);
    expect(recursOn(months(2), redeemed, at('2026-02-28T10:00:00Z'))).toBe(true);
    expect(recursOn(months(2), redeemed, at('2026-03-31T10:00:00Z'))).toBe(false);
    // A period start moved an hour by summer time is still the end's.
    expect(recursOn(months(2), redeemed, at('2026-03-31T09:00:00Z'))).toBe(false);
    expect(recursOn({ duration: 'forever', durationInMonths: null }, redeemed, at('2036-01-31T10:00:00Z'))).toBe(true);
    expect(recursOn({ duration: 'once', durationInMonths: null }, redeemed, at('2026-02-28T10:00:00Z'))).toBe(false);
  });
});
