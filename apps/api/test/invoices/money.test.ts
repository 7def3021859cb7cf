import { describe, expect, it } from 'vitest';
import { allocate, baseForGross, computeTotals, taxOf } from '../../src/modules/invoices/money.js';
import { planCredit } from '../../src/modules/invoices/credit.js';

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
  it('finds the base whose gross is the amount asked, or the nearest below', () => {
    expect(baseForGross(1089, 2100)).toBe(900); // 900 + 189
    expect(baseForGross(121, 2100)).toBe(100);
    expect(baseForGross(3, 2100)).toBe(2); // 3 + 0.63→1 = 4 > 3: 2 + 0 = 2
    expect(baseForGross(-1089, 2100)).toBe(-900);
  });

  it('splits an amount in proportion, the parts adding up exactly', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(1000, [1089, 0])).toEqual([1000, 0]);
    expect(allocate(7, [3, 1])).toEqual([5, 2]);
  });

  const invoice = { number: 'F2026-000001', totalCents: 1089 + 1100 };
  const lines = [
    {
      description: { en: 'Pro', es: 'Pro', jp: 'Pro' },
      quantity: 1,
      unitAmountCents: 900,
      taxId: null,
      taxName: 'IVA 21 %',
      taxRateBasisPoints: 2100,
    },
    {
      description: { en: 'Book', es: 'Libro', jp: 'Book' },
      quantity: 1,
      unitAmountCents: 1000,
      taxId: null,
      taxName: 'IVA 10 %',
      taxRateBasisPoints: 1000,
    },
  ];
  const taxTotals = [
    { rateBasisPoints: 2100, taxName: 'IVA 21 %', baseCents: 900, taxCents: 189 },
    { rateBasisPoints: 1000, taxName: 'IVA 10 %', baseCents: 1000, taxCents: 100 },
  ];

  it('mirrors every line when the whole invoice is credited', () => {
    const plan = planCredit(invoice, lines, taxTotals, [], null);
    expect(plan.totalCents).toBe(-2189);
    expect(plan.lines.map((l) => l.unitAmountCents)).toEqual([-900, -1000]);
  });

  it('credits part of an invoice over its rates, never more than asked', () => {
    const plan = planCredit(invoice, lines, taxTotals, [], 1000);
    expect(plan.lines).toHaveLength(2);
    expect(-plan.totalCents).toBeLessThanOrEqual(1000);
    expect(-plan.totalCents).toBeGreaterThanOrEqual(999);
  });

  it('refuses more than what is left after earlier credit notes', () => {
    const credited = [{ rateBasisPoints: 2100, baseCents: 900, taxCents: 189 }];
    expect(planCredit(invoice, lines, taxTotals, credited, 1101).lines).toEqual([]);
    const rest = planCredit(invoice, lines, taxTotals, credited, null);
    expect(rest.remainingCents).toBe(1100);
    expect(rest.totalCents).toBe(-1100);
  });
});
