import { getCountries, getCountryCallingCode, isSupportedCountry, type CountryCode } from 'libphonenumber-js';

export interface CountryOption {
  /** ISO 3166-1 alpha-2, upper case. */
  code: string;
  /** Country name in the UI language. */
  name: string;
  /** Dial code with its plus sign, e.g. `+34`. */
  dialCode: string;
  flag: string;
}

/** The product calls Japanese `jp`; `Intl` knows it as `ja`. */
export function toIntlLocale(language: string | undefined): string {
  if (!language) return 'en';
  const base = language.toLowerCase().split(/[-_]/)[0] ?? 'en';
  return base === 'jp' ? 'ja' : base;
}

/** A flag is the two regional-indicator symbols of the country's letters. */
export function flagEmoji(code: string): string {
  if (!/^[A-Za-z]{2}$/.test(code)) return '';
  return String.fromCodePoint(...[...code.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

export function isPhoneCountry(code: string | null | undefined): code is CountryCode {
  return !!code && isSupportedCountry(code);
}

export function dialCodeOf(code: string): string {
  return isPhoneCountry(code) ? `+${getCountryCallingCode(code)}` : '';
}

const regionNames = new Map<string, Intl.DisplayNames | null>();

/** Names of regions in `locale` (English where it has none), or null where Intl cannot name them. */
function namesIn(locale: string): Intl.DisplayNames | null {
  if (!regionNames.has(locale)) {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([locale, 'en'], { type: 'region' });
    } catch {
      names = null;
    }
    regionNames.set(locale, names);
  }
  return regionNames.get(locale) ?? null;
}

function optionOf(code: CountryCode, names: Intl.DisplayNames | null): CountryOption {
  return { code, name: names?.of(code) ?? code, dialCode: `+${getCountryCallingCode(code)}`, flag: flagEmoji(code) };
}

/** One country as the list names it, without building the list (what a closed picker shows). */
export function countryOption(code: string, language: string | undefined): CountryOption | undefined {
  return isPhoneCountry(code) ? optionOf(code, namesIn(toIntlLocale(language))) : undefined;
}

const cache = new Map<string, CountryOption[]>();

/** Every country libphonenumber knows, named and sorted in the UI language. */
export function listCountries(language: string | undefined): CountryOption[] {
  const locale = toIntlLocale(language);
  const cached = cache.get(locale);
  if (cached) return cached;
  const names = namesIn(locale);
  const collator = new Intl.Collator(locale);
  const list = getCountries()
    .map((code) => optionOf(code, names))
    .sort((a, b) => collator.compare(a.name, b.name));
  cache.set(locale, list);
  return list;
}

/** Lower case without accents, so "espana" finds "España". */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** How well a country answers a text query: 0 best; -1 no match. */
function rank(country: CountryOption, q: string): number {
  const name = fold(country.name);
  if (country.code.toLowerCase() === q || name === q) return 0;
  if (name.startsWith(q)) return 1;
  if (name.split(/[\s,()'-]+/).some((word) => word.startsWith(q))) return 2;
  return name.includes(q) ? 3 : -1;
}

/**
 * Matches the name (ignoring accents), the ISO code or the dial code (with or without `+`);
 * names starting with the query come first, then words starting with it, then the rest.
 */
export function filterCountries(list: CountryOption[], query: string): CountryOption[] {
  const q = fold(query.trim());
  if (!q) return list;
  const digits = q.replace(/^\+/, '');
  if (/^\d+$/.test(digits)) return list.filter((c) => c.dialCode.slice(1).startsWith(digits));
  return list
    .map((country) => ({ country, score: rank(country, q) }))
    .filter((entry) => entry.score >= 0)
    .sort((a, b) => a.score - b.score) // stable: keeps alphabetical order within a rank
    .map((entry) => entry.country);
}
