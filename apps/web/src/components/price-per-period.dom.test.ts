import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, initI18n, loadNamespaces } from '@/lib/i18n';
import { periodLength, pricePerPeriod } from './price-per-period';

describe('a billing period read by its length', () => {
  it('counts whole years as years, anything else as months', () => {
    expect(periodLength(1)).toEqual({ unit: 'month', count: 1 });
    expect(periodLength(3)).toEqual({ unit: 'month', count: 3 });
    expect(periodLength(12)).toEqual({ unit: 'year', count: 1 });
    expect(periodLength(18)).toEqual({ unit: 'month', count: 18 });
    expect(periodLength(24)).toEqual({ unit: 'year', count: 2 });
  });
});

describe('a price per billing period', () => {
  beforeAll(async () => {
    await initI18n('en');
    await loadNamespaces(['plan']);
  });

  const cases = {
    en: ['€10.89 / month', '€30.00 / 3 months', '€99.00 / year', '€180.00 / 2 years'],
    es: ['10,89 € / mes', '30,00 € / 3 meses', '99,00 € / año', '180,00 € / 2 años'],
    jp: ['€10.89 / 月', '€30.00 / 3 か月', '€99.00 / 年', '€180.00 / 2 年'],
  } as const;

  it.each(Object.entries(cases))('is written from the period length in %s, never from its name', async (language, expected) => {
    await changeLanguage(language as keyof typeof cases);
    const locale = language as keyof typeof cases;
    const t = i18next.t.bind(i18next);
    const written = [
      pricePerPeriod(t, 1089, 1, locale),
      pricePerPeriod(t, 3000, 3, locale),
      pricePerPeriod(t, 9900, 12, locale),
      pricePerPeriod(t, 18000, 24, locale),
    ];
    // Spanish puts a no-break space between the amount and the euro sign.
    expect(written.map((text) => text.replace(/\u00a0/g, ' '))).toEqual(expected);
  });
});
