import type { Locale } from '@enlaza/contracts';
import en from './locales/en.json' with { type: 'json' };
import es from './locales/es.json' with { type: 'json' };
import jp from './locales/jp.json' with { type: 'json' };
import { matchLocale } from '../../../lib/i18n.js';

type Catalogue = { [key: string]: string | Catalogue };
const catalogues: Record<Locale, Catalogue> = { en, es, jp };

/**
 * The public page's language: the visitor's (Accept-Language) when it is one we have (en, es,
 * jp; Japanese arrives as `ja`), otherwise the owner's. A French visitor of a Spanish owner's card
 * reads it in Spanish, not in a language the card is not written in.
 */
export function pageLocale(acceptLanguage: string | undefined, ownerLocale: Locale): Locale {
  return matchLocale(acceptLanguage) ?? ownerLocale;
}

/** The `<html lang>` value: jp is our code for Japanese, whose language tag is `ja`. */
export const htmlLang = (locale: Locale): string => (locale === 'jp' ? 'ja' : locale);

function lookup(catalogue: Catalogue, key: string): string | Catalogue | undefined {
  let entry: string | Catalogue | undefined = catalogue;
  for (const part of key.split('.')) entry = typeof entry === 'object' ? entry[part] : undefined;
  return entry;
}

export type Translate = (key: string, params?: Record<string, string | number>) => string;

/** The page's own words in a language, with `{{name}}` placeholders filled (not escaped: escape on output). */
export function pageStrings(locale: Locale): Translate {
  return (key, params = {}) => {
    const found = lookup(catalogues[locale], key);
    const fallback = lookup(catalogues.en, key);
    const template = typeof found === 'string' ? found : typeof fallback === 'string' ? fallback : key;
    return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
  };
}

/** The entries `keys` of a section of the catalogue (e.g. `form`: `['errors']`), for the page's script. */
export const pageSection = (locale: Locale, section: string, keys: readonly string[]): Catalogue => {
  const found = lookup(catalogues[locale], section);
  const picked: Catalogue = {};
  if (typeof found !== 'object') return picked;
  for (const key of keys) if (found[key] !== undefined) picked[key] = found[key];
  return picked;
};
