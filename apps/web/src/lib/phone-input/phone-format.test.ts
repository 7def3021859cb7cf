import { describe, expect, it } from 'vitest';
import { formatPhone, fromE164, phoneChars, toE164 } from './phone-format';
import { dialCodeOf, filterCountries, flagEmoji, listCountries, toIntlLocale } from './countries';

describe('toE164', () => {
  it('turns a national number of the country into E.164', () => {
    expect(toE164('612 34 56 78', 'ES')).toBe('+34612345678');
    expect(toE164('912345678', 'PT')).toBe('+351912345678');
    expect(toE164('020 7946 0018', 'GB')).toBe('+442079460018');
    expect(toE164('(201) 555-0123', 'US')).toBe('+12015550123');
  });

  it('accepts an international number whatever the country', () => {
    expect(toE164('+351 912 345 678', 'ES')).toBe('+351912345678');
  });

  it('gives null for empty, incomplete or invalid numbers', () => {
    expect(toE164('', 'ES')).toBeNull();
    expect(toE164('+', 'ES')).toBeNull();
    expect(toE164('6123', 'ES')).toBeNull();
    expect(toE164('abc', 'ES')).toBeNull();
    expect(toE164('012345678', 'ES')).toBeNull();
  });
});

describe('formatPhone', () => {
  it('formats the national number as it is typed', () => {
    expect(formatPhone('612', 'ES').display).toBe('612');
    expect(formatPhone('612345678', 'ES')).toEqual({ display: '612 34 56 78', e164: '+34612345678', detectedCountry: null });
    expect(formatPhone('2015550123', 'US').display).toBe('(201) 555-0123');
  });

  it('recognises the country of a number typed with +', () => {
    expect(formatPhone('+351912345678', 'ES').detectedCountry).toBe('PT');
  });

  it('keeps only digits and a leading plus', () => {
    expect(phoneChars(' +34 (612) 34-56')).toBe('+346123456');
    expect(phoneChars('6a1+2')).toBe('612');
  });
});

describe('fromE164', () => {
  it('splits a stored number into country and national digits', () => {
    expect(fromE164('+351912345678')).toEqual({ country: 'PT', national: '912345678' });
    expect(fromE164(null)).toBeNull();
  });

  it('round-trips with toE164', () => {
    const parsed = fromE164('+34612345678');
    expect(parsed && toE164(parsed.national, parsed.country ?? '')).toBe('+34612345678');
  });
});

describe('countries', () => {
  it('names countries in the UI language, jp being Japanese', () => {
    expect(toIntlLocale('jp')).toBe('ja');
    const es = listCountries('es').find((c) => c.code === 'ES');
    expect(es).toMatchObject({ name: 'España', dialCode: '+34', flag: '🇪🇸' });
    expect(listCountries('jp').find((c) => c.code === 'JP')?.name).toBe('日本');
  });

  it('searches by name without accents, by code and by dial code', () => {
    const list = listCountries('es');
    expect(filterCountries(list, 'espana').map((c) => c.code)).toContain('ES');
    expect(filterCountries(list, '+351').map((c) => c.code)).toEqual(['PT']);
    expect(filterCountries(list, 'pt').map((c) => c.code)).toContain('PT');
    expect(filterCountries(listCountries('en'), 'p')[0]?.name).toMatch(/^P/);
    expect(
      filterCountries(listCountries('en'), 'guinea')
        .map((c) => c.code)
        .slice(0, 1),
    ).toEqual(['GN']);
  });

  it('builds flags and dial codes', () => {
    expect(flagEmoji('pt')).toBe('🇵🇹');
    expect(dialCodeOf('JP')).toBe('+81');
    expect(dialCodeOf('XX')).toBe('');
  });
});
