import { describe, expect, it } from 'vitest';
import {
  basisPointsToPercent,
  bytesToMegabytes,
  centsToEuros,
  eurosToCents,
  formatPrice,
  formatRate,
  megabytesToBytes,
  percentToBasisPoints,
} from './amounts';

describe('money and rate inputs', () => {
  it('turns euros typed with a dot or a comma into integer cents, without float error', () => {
    expect(eurosToCents('9')).toBe(900);
    expect(eurosToCents('9.5')).toBe(950);
    expect(eurosToCents('9,50')).toBe(950);
    expect(eurosToCents(' 290.00 ')).toBe(29_000);
    expect(eurosToCents('0.29')).toBe(29);
    expect(eurosToCents('1.15')).toBe(115);
    expect(eurosToCents('0,07')).toBe(7);
    expect(eurosToCents('12.')).toBe(1200);
  });

  it('refuses more than two decimals, signs, letters and empty text', () => {
    for (const bad of ['', '  ', '9.999', '-1', '1e3', 'abc', '1.234,56', '.5', '9 €']) expect(eurosToCents(bad)).toBeNull();
  });

  it('shows cents in the input with two decimals, and back again unchanged', () => {
    expect(centsToEuros(900)).toBe('9.00');
    expect(centsToEuros(5)).toBe('0.05');
    expect(centsToEuros(29_000)).toBe('290.00');
    for (const cents of [0, 1, 29, 99, 100, 115, 123_456]) expect(eurosToCents(centsToEuros(cents))).toBe(cents);
  });

  it('turns percent with up to two decimals into basis points and back', () => {
    expect(percentToBasisPoints('21')).toBe(2100);
    expect(percentToBasisPoints('10,5')).toBe(1050);
    expect(percentToBasisPoints('4.25')).toBe(425);
    expect(percentToBasisPoints('0')).toBe(0);
    expect(percentToBasisPoints('4.255')).toBeNull();
    expect(basisPointsToPercent(2100)).toBe('21');
    expect(basisPointsToPercent(1050)).toBe('10.5');
    expect(basisPointsToPercent(425)).toBe('4.25');
    expect(basisPointsToPercent(7)).toBe('0.07');
  });

  it("formats prices and rates in the viewer's language", () => {
    expect(formatPrice(900, 'en')).toBe('€9.00');
    expect(formatPrice(29_000, 'es').replace(/\s/g, ' ')).toBe('290,00 €');
    expect(formatRate(2100, 'en')).toBe('21%');
    expect(formatRate(1050, 'es').replace(/\s/g, ' ')).toBe('10,5 %');
  });

  it('types storage in MB', () => {
    expect(megabytesToBytes('50')).toBe(50 * 1024 * 1024);
    expect(megabytesToBytes('2.5')).toBeNull();
    expect(bytesToMegabytes(2 * 1024 ** 3)).toBe('2048');
  });
});
