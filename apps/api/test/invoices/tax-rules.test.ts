import { describe, expect, it } from 'vitest';
import { euVatNumber, isEuCountry, taxIdAcceptable } from '@enlaza/contracts';
import { DEMO_SELLER_TAX_ID, loadConfig } from '../../src/config.js';
import { quoteTotals } from '../../src/modules/invoices/index.js';
import { PDF_LABELS } from '../../src/modules/invoices/pdf-labels.js';
import {
  buyerCountryOf,
  DISTANCE_SALES_THRESHOLD_CENTS,
  taxTreatment,
  type TaxTreatmentInput,
} from '../../src/modules/invoices/tax-rules.js';
import { EU_STANDARD_RATES } from '../helpers/eu-standard-rates.js';

/**
 * The VAT of an electronically supplied service sold by a Spanish seller (Directive 2006/112/EC:
 * articles 44 and 58 place it where the customer is; 59c keeps small EU distance sales at the
 * seller's VAT; 196 moves the VAT to a business customer in another member state).
 */
const IVA = { id: 'tax-iva', name: 'IVA', rateBasisPoints: 2100 };
/** A sale to `buyer`, with the rate of their member state as the admin's table is seeded (as the tax lookup reads it). */
const sale = (buyer: TaxTreatmentInput['buyer'], extra: Partial<TaxTreatmentInput> = {}) => {
  const country = buyerCountryOf({ sellerCountry: 'ES', buyer });
  const rate = isEuCountry(country) ? { memberStateRateBasisPoints: EU_STANDARD_RATES[country] } : {};
  return taxTreatment({ sellerCountry: 'ES', buyer, chosen: IVA, baseCents: 1900, ...rate, ...extra });
};

/** A 19.00 € plan under `rule`: the totals the invoice computes. */
const totalsOf = (treatment: ReturnType<typeof sale>) =>
  quoteTotals([
    {
      description: { en: 'Pro', es: 'Pro', jp: 'Pro' },
      quantity: 1,
      unitAmountCents: 1900,
      taxId: treatment.taxId,
      taxName: treatment.taxName,
      taxRateBasisPoints: treatment.rateBasisPoints,
    },
  ]);

describe('tax follows the customer', () => {
  const below = { thisYearCents: DISTANCE_SALES_THRESHOLD_CENTS - 5000, previousYearCents: 0 };
  const table: [string, ReturnType<typeof sale>, { rule: string; rate: number; total: number; mention: RegExp | null }][] = [
    ['a Spanish consumer', sale({ country: 'ES', taxId: null }), { rule: 'domestic', rate: 2100, total: 2299, mention: null }],
    ['a Spanish business', sale({ country: 'ES', taxId: 'B12345674' }), { rule: 'domestic', rate: 2100, total: 2299, mention: null }],
    [
      'a French business with a valid VAT number',
      sale({ country: 'FR', taxId: 'FR 40 303 265 045' }),
      { rule: 'eu_reverse_charge', rate: 0, total: 1900, mention: /^Reverse charge/ },
    ],
    [
      'a French business whose VAT number fails its check digits (a consumer, then)',
      sale({ country: 'FR', taxId: 'FR00303265045' }, { distanceSales: below }),
      { rule: 'eu_consumer_origin', rate: 2100, total: 2299, mention: null },
    ],
    [
      'a German consumer below the distance-sales threshold',
      sale({ country: 'DE', taxId: null }, { distanceSales: below }),
      { rule: 'eu_consumer_origin', rate: 2100, total: 2299, mention: null },
    ],
    [
      'a German consumer whose purchase passes the threshold',
      sale(
        { country: 'DE', taxId: null },
        { distanceSales: { thisYearCents: DISTANCE_SALES_THRESHOLD_CENTS - 1000, previousYearCents: 0 } },
      ),
      { rule: 'eu_consumer_oss', rate: 1900, total: 2261, mention: /One-Stop Shop/ },
    ],
    [
      'a German consumer after a year above the threshold',
      sale({ country: 'DE', taxId: null }, { distanceSales: { thisYearCents: 0, previousYearCents: DISTANCE_SALES_THRESHOLD_CENTS + 1 } }),
      { rule: 'eu_consumer_oss', rate: 1900, total: 2261, mention: /One-Stop Shop/ },
    ],
    [
      'a Japanese consumer',
      sale({ country: 'JP', taxId: null }),
      { rule: 'outside_eu', rate: 0, total: 1900, mention: /^Not subject to VAT/ },
    ],
    [
      'a US business',
      sale({ country: 'US', taxId: '12-3456789' }),
      { rule: 'outside_eu', rate: 0, total: 1900, mention: /^Not subject to VAT/ },
    ],
    [
      'a buyer who said nowhere (the seller’s country)',
      sale({ country: null, taxId: null }),
      { rule: 'domestic', rate: 2100, total: 2299, mention: null },
    ],
  ];

  it.each(table)('%s: rule, rate, totals and the printed mention', (_name, treatment, expected) => {
    expect(treatment.rule).toBe(expected.rule);
    expect(treatment.rateBasisPoints).toBe(expected.rate);
    expect(totalsOf(treatment).totalCents).toBe(expected.total);
    const mention = PDF_LABELS.en.taxRules[treatment.rule];
    if (expected.mention) expect(mention).toMatch(expected.mention);
    else expect(mention).toBe('');
    // Every mention exists in the three languages of an invoice.
    for (const locale of ['es', 'jp'] as const) expect(Boolean(PDF_LABELS[locale].taxRules[treatment.rule])).toBe(Boolean(mention));
  });

  it('the seller’s own tax is the offer’s (a reduced rate stays reduced at home), the buyer country’s past the threshold', () => {
    const reduced = { id: 'tax-10', name: 'IVA reducido', rateBasisPoints: 1000 };
    expect(sale({ country: 'ES', taxId: null }, { chosen: reduced })).toEqual({
      rule: 'domestic',
      taxId: 'tax-10',
      taxName: 'IVA reducido',
      rateBasisPoints: 1000,
    });
    const past = { thisYearCents: DISTANCE_SALES_THRESHOLD_CENTS, previousYearCents: 0 };
    expect(sale({ country: 'fr', taxId: null }, { chosen: reduced, distanceSales: past })).toEqual({
      rule: 'eu_consumer_oss',
      taxId: null,
      taxName: 'IVA FR',
      rateBasisPoints: 2000,
    });
  });

  it('past the threshold, the rate is the one read for the buyer’s country (the admin’s table), never a guess', () => {
    const past = { thisYearCents: DISTANCE_SALES_THRESHOLD_CENTS, previousYearCents: 0 };
    expect(sale({ country: 'DE', taxId: null }, { distanceSales: past, memberStateRateBasisPoints: 2000 })).toMatchObject({
      rule: 'eu_consumer_oss',
      rateBasisPoints: 2000,
    });
    expect(() =>
      taxTreatment({ sellerCountry: 'ES', buyer: { country: 'DE', taxId: null }, chosen: IVA, baseCents: 1900, distanceSales: past }),
    ).toThrow(/rate of DE was not read/);
  });

  it('exactly at the threshold is not past it; one cent more is', () => {
    const upTo = (thisYearCents: number) =>
      sale({ country: 'IT', taxId: null }, { distanceSales: { thisYearCents, previousYearCents: 0 } }).rule;
    expect(upTo(DISTANCE_SALES_THRESHOLD_CENTS - 1900)).toBe('eu_consumer_origin');
    expect(upTo(DISTANCE_SALES_THRESHOLD_CENTS - 1899)).toBe('eu_consumer_oss');
  });
});

describe('tax ids', () => {
  it('Spanish NIF, NIE and CIF by their check letter or digit, written with or without ES', () => {
    expect(euVatNumber('ES', '12345678Z')).toBe('ES12345678Z');
    expect(euVatNumber('ES', 'X1234567L')).toBe('ESX1234567L');
    expect(euVatNumber('ES', 'es b1234567-4')).toBe('ESB12345674');
    expect(euVatNumber('ES', '12345678A')).toBeNull();
    expect(euVatNumber('ES', 'X1234567Z')).toBeNull();
  });

  it('other member states by their own rules (Greece as EL), nothing outside the EU', () => {
    expect(euVatNumber('FR', 'FR40303265045')).toBe('FR40303265045');
    expect(euVatNumber('DE', '136695976')).toBe('DE136695976');
    expect(euVatNumber('GR', '094259216')).toBe('EL094259216');
    // A valid French number is not a German one.
    expect(euVatNumber('DE', 'FR40303265045')).toBeNull();
    expect(euVatNumber('US', '12-3456789')).toBeNull();
  });

  it('an id is acceptable when empty, valid for its EU country, or from outside the EU', () => {
    expect(taxIdAcceptable('ES', null)).toBe(true);
    expect(taxIdAcceptable('ES', '12345678Z')).toBe(true);
    expect(taxIdAcceptable('ES', '12345678A')).toBe(false);
    expect(taxIdAcceptable('JP', '1234567890123')).toBe(true);
  });
});

describe('the seller', () => {
  it('is an EU seller with a valid tax id of its country, refused at start-up otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).seller).toMatchObject({ taxId: DEMO_SELLER_TAX_ID, country: 'ES' });
    expect(loadConfig({ NODE_ENV: 'test', SELLER_TAX_ID: 'B12345674', SELLER_COUNTRY: 'es' }).seller).toMatchObject({
      taxId: 'B12345674',
      country: 'ES',
    });
    expect(() => loadConfig({ SELLER_TAX_ID: 'B12345678' })).toThrow(/SELLER_TAX_ID: B12345678 is not a valid tax id of SELLER_COUNTRY ES/);
    expect(() => loadConfig({ SELLER_COUNTRY: 'US' })).toThrow(/SELLER_COUNTRY: an EU member state/);
  });

  it('a real seller’s public production site signs its records (NO VERI*FACTU): its certificate is required', () => {
    const real = { SELLER_TAX_ID: 'B12345674', SELLER_NAME: 'Tarjetas Reales S.L.' };
    expect(() => loadConfig({ PUBLIC_URL: 'https://cards.example.com', ...real })).toThrow(/VERIFACTU_CERT_FILE is required/);
    expect(loadConfig({ PUBLIC_URL: 'https://cards.example.com', ...real, VERIFACTU_CERT_FILE: 'seller.p12' }).seller.taxId).toBe(
      'B12345674',
    );
    // The demo seller in production: production-refuses-the-demo-seller.test.ts.
  });
});
