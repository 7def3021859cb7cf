import { describe, expect, it } from 'vitest';
import { allocate, computeTotals, creditShares, taxInGross, taxOf, totalsWithTaxes } from '../../src/modules/invoices/money.js';

const line = (unitAmountCents: number, taxRateBasisPoints: number, quantity = 1) => ({
  quantity,
  unitAmountCents,
  taxName: `T ${taxRateBasisPoints}`,
  taxRateBasisPoints,
});

describe('tax rounding', () => {
  it('rounds half up to the cent', () => {
    expect(taxOf(50, 1000)).toBe(5); // 5.0
    expect(taxOf(5, 1000)).toBe(1); // 0.5 → 1
    expect(taxOf(4, 1000)).toBe(0); // 0.4 → 0
    expect(taxOf(250, 2100)).toBe(53); // 52.5 → 53
    expect(taxOf(900, 2100)).toBe(189);
    expect(taxOf(1, 2100)).toBe(0); // 0.21
    expect(taxOf(3, 2100)).toBe(1); // 0.63
  });

  it('rounds a negative base as the mirror of the positive one (half away from zero)', () => {
    expect(taxOf(-250, 2100)).toBe(-53);
    expect(taxOf(-5, 1000)).toBe(-1);
  });

  it('computes the tax once per rate on the summed bases, not per line', () => {
    // Ten lines of 0.05 at 10 %: per line 0.005 → 0.01 each = 0.10; once on 0.50 → 0.05.
    const totals = computeTotals([...Array.from({ length: 10 }, () => line(5, 1000))]);
    expect(totals).toMatchObject({ subtotalCents: 50, taxCents: 5, totalCents: 55 });
  });

  it('keeps several rates apart and adds the rounded taxes', () => {
    const totals = computeTotals([line(900, 2100), line(333, 1000, 3), line(1995, 400), line(250, 2100), line(120, 0)]);
    expect(totals.perRate).toEqual([
      { rateBasisPoints: 2100, taxName: 'T 2100', baseCents: 1150, taxCents: 242 }, // 241.5 → 242
      { rateBasisPoints: 1000, taxName: 'T 1000', baseCents: 999, taxCents: 100 }, // 99.9 → 100
      { rateBasisPoints: 400, taxName: 'T 400', baseCents: 1995, taxCents: 80 }, // 79.8 → 80
      { rateBasisPoints: 0, taxName: 'T 0', baseCents: 120, taxCents: 0 },
    ]);
    expect(totals).toMatchObject({ subtotalCents: 4264, taxCents: 422, totalCents: 4686 });
  });

  it('includes a negative proration line in its rate before rounding', () => {
    // Pro for a month 9.00 € minus 4.35 € unused: base 4.65, tax 0.9765 → 0.98.
    expect(computeTotals([line(900, 2100), line(-435, 2100)])).toMatchObject({ subtotalCents: 465, taxCents: 98, totalCents: 563 });
  });

  it('stays exact on large amounts (integer arithmetic)', () => {
    expect(taxOf(4_503_599_627_370, 2100)).toBe(945_755_921_748); // 945755921747.7 → …748
  });

  it('refuses amounts that are not integer cents', () => {
    expect(() => taxOf(10.5, 2100)).toThrow(RangeError);
  });
});

describe('credit amounts', () => {
  it('finds the tax contained in an amount with tax, rounded half up', () => {
    expect(taxInGross(1089, 2100)).toBe(189);
    expect(taxInGross(1000, 2100)).toBe(174); // 173.55
    expect(taxInGross(121, 2100)).toBe(21);
    expect(taxInGross(-1000, 2100)).toBe(-174);
    expect(taxInGross(500, 0)).toBe(0);
  });

  it('splits an amount in proportion, the parts adding up exactly', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(1000, [1089, 0])).toEqual([1000, 0]);
    expect(allocate(7, [3, 1])).toEqual([5, 2]);
  });

  it('takes the tax given per rate (a credit note’s share), and only for the rates of its lines', () => {
    expect(totalsWithTaxes([line(-826, 2100)], [{ rateBasisPoints: 2100, taxCents: -174 }])).toMatchObject({
      subtotalCents: -826,
      taxCents: -174,
      totalCents: -1000,
    });
    expect(() => totalsWithTaxes([line(-826, 2100)], [])).toThrow(RangeError);
    expect(() => totalsWithTaxes([line(-826, 2100)], [{ rateBasisPoints: 1000, taxCents: -1 }])).toThrow(RangeError);
  });

  const single = [{ rateBasisPoints: 2100, baseCents: 2900, taxCents: 609 }];

  it('credits an exact amount with tax, an exact base, or all that is left; never more', () => {
    expect(creditShares(single, { kind: 'gross', cents: 1000 })).toEqual([{ rateBasisPoints: 2100, baseCents: 826, taxCents: 174 }]);
    expect(creditShares(single, { kind: 'base', cents: 1000 })).toEqual([{ rateBasisPoints: 2100, baseCents: 1000, taxCents: 210 }]);
    expect(creditShares(single, null)).toEqual(single);
    expect(creditShares(single, { kind: 'gross', cents: 3509 })).toEqual(single);
    expect(creditShares(single, { kind: 'base', cents: 2900 })).toEqual(single);
    expect(creditShares(single, { kind: 'gross', cents: 3510 })).toBeNull();
    expect(creditShares(single, { kind: 'base', cents: 2901 })).toBeNull();
  });
});
