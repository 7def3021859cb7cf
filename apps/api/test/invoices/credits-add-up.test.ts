import { describe, expect, it } from 'vitest';
import { planCredit, type CreditPlan } from '../../src/modules/invoices/credit.js';
import { computeTotals, totalsWithTaxes, type CreditRequest, type RateAmounts } from '../../src/modules/invoices/money.js';
import type { InvoiceLineInput } from '../../src/modules/invoices/index.js';

const line = (unitAmountCents: number, rate: number, quantity = 1): InvoiceLineInput => ({
  description: { en: `Item ${rate}`, es: `Artículo ${rate}`, jp: `品目 ${rate}` },
  quantity,
  unitAmountCents,
  taxId: null,
  taxName: `IVA ${rate / 100} %`,
  taxRateBasisPoints: rate,
});

/**
 * Credits `requests` one after another on an invoice of `lines`, as the service does: each credit
 * note is planned on what the earlier ones left, and its totals are what issuing stores.
 */
function creditInTurn(lines: InvoiceLineInput[], requests: CreditRequest[]) {
  const invoice = computeTotals(lines);
  const credited = new Map<number, RateAmounts>();
  const notes: (CreditPlan & { subtotalCents: number; taxCents: number; perRate: RateAmounts[] })[] = [];
  for (const request of requests) {
    const plan = planCredit({ number: 'F2026-000001' }, lines, invoice.perRate, [...credited.values()], request);
    expect(plan.lines.length, `credit ${JSON.stringify(request)}`).toBeGreaterThan(0);
    const totals = totalsWithTaxes(plan.lines, plan.taxes);
    expect(totals.totalCents).toBe(plan.totalCents);
    for (const rate of totals.perRate) {
      const done = credited.get(rate.rateBasisPoints) ?? { rateBasisPoints: rate.rateBasisPoints, baseCents: 0, taxCents: 0 };
      credited.set(rate.rateBasisPoints, {
        ...done,
        baseCents: done.baseCents - rate.baseCents,
        taxCents: done.taxCents - rate.taxCents,
      });
    }
    notes.push({ ...plan, ...totals });
  }
  return { invoice, notes, credited: [...credited.values()].sort((a, b) => b.rateBasisPoints - a.rateBasisPoints) };
}

const perRate = (totals: { perRate: RateAmounts[] }) =>
  totals.perRate.map(({ rateBasisPoints, baseCents, taxCents }) => ({ rateBasisPoints, baseCents, taxCents }));

describe('credits that add up', () => {
  it('10.00 € + 10.00 € + the rest of a 35.09 € invoice credit exactly its base and its tax', () => {
    const { invoice, notes, credited } = creditInTurn(
      [line(2900, 2100)],
      [{ kind: 'gross', cents: 1000 }, { kind: 'gross', cents: 1000 }, null],
    );
    expect(invoice).toMatchObject({ subtotalCents: 2900, taxCents: 609, totalCents: 3509 });
    // Each 10.00 € request is a 10.00 € credit note (not 9.99 €): base 8.26 + tax 1.74.
    expect(notes.map((n) => [n.subtotalCents, n.taxCents, n.totalCents])).toEqual([
      [-826, -174, -1000],
      [-826, -174, -1000],
      [-1248, -261, -1509],
    ]);
    expect(notes.map((n) => n.exhausts)).toEqual([false, false, true]);
    expect(credited).toEqual(perRate(invoice));
  });

  it('three equal partial credits of a 35.09 € invoice end on 29.00 € and 6.09 € (not 29.01 € and 6.08 €)', () => {
    const { invoice, notes, credited } = creditInTurn(
      [line(2900, 2100)],
      [
        { kind: 'gross', cents: 1170 },
        { kind: 'gross', cents: 1170 },
        { kind: 'gross', cents: 1169 },
      ],
    );
    expect(notes.map((n) => n.totalCents)).toEqual([-1170, -1170, -1169]);
    expect(notes.at(-1)!.exhausts).toBe(true);
    expect(credited).toEqual(perRate(invoice));
  });

  it('credits exact bases before tax, the last one taking the tax that is left', () => {
    const { invoice, notes, credited } = creditInTurn(
      [line(2900, 2100)],
      [
        { kind: 'base', cents: 1000 },
        { kind: 'base', cents: 1900 },
      ],
    );
    expect(notes.map((n) => [n.subtotalCents, n.taxCents])).toEqual([
      [-1000, -210],
      [-1900, -399],
    ]);
    expect(credited).toEqual(perRate(invoice));
  });

  it('keeps every rate of a mixed invoice exact (21 %, 10 %, 4 %, a proration line) through many small credits', () => {
    const lines = [line(900, 2100), line(-435, 2100), line(333, 1000, 3), line(1995, 400)];
    const requests: CreditRequest[] = [
      { kind: 'gross', cents: 1000 },
      { kind: 'base', cents: 777 },
      { kind: 'gross', cents: 1 },
      { kind: 'gross', cents: 333 },
      null,
    ];
    const { invoice, notes, credited } = creditInTurn(lines, requests);
    expect(notes.slice(0, 4).map((n) => n.exhausts)).toEqual([false, false, false, false]);
    expect(notes[0]!.totalCents).toBe(-1000);
    expect(notes[1]!.subtotalCents).toBe(-777);
    expect(notes[2]!.totalCents).toBe(-1);
    expect(notes[3]!.totalCents).toBe(-333);
    expect(notes.reduce((sum, n) => sum + n.totalCents, 0)).toBe(-invoice.totalCents);
    expect(credited).toEqual(perRate(invoice));
  });

  it('mirrors the lines of a whole untouched invoice, and refuses more than is left', () => {
    const lines = [line(900, 2100), line(333, 1000, 3)];
    const invoice = computeTotals(lines);
    const whole = planCredit({ number: 'F1' }, lines, invoice.perRate, [], null);
    expect(whole.lines.map((l) => l.unitAmountCents)).toEqual([-900, -333]);
    expect(totalsWithTaxes(whole.lines, whole.taxes)).toMatchObject({ subtotalCents: -1899, taxCents: -289, totalCents: -2188 });
    expect(planCredit({ number: 'F1' }, lines, invoice.perRate, [], { kind: 'gross', cents: 2189 }).lines).toEqual([]);
    const rest = planCredit({ number: 'F1' }, lines, invoice.perRate, [{ rateBasisPoints: 2100, baseCents: 900, taxCents: 189 }], null);
    expect(rest).toMatchObject({ remainingCents: 1099, remainingBaseCents: 999, totalCents: -1099, exhausts: true });
  });
});
