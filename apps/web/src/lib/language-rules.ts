import type { Locale } from '@enlaza/contracts';

/* The language rules without i18next: the server-rendered sign-in page's script uses them too. */

/**
 * The product's languages (`LOCALES` of the contracts). Repeated here as a type-checked list so
 * that the login page does not pull zod into its bundle; the check below fails to compile if
 * the contract gains a language this list lacks.
 */
export const SUPPORTED_LOCALES = ['en', 'es', 'jp'] as const satisfies readonly Locale[];
type MissingLocale = Exclude<Locale, (typeof SUPPORTED_LOCALES)[number]>;
const everyLocaleListed: MissingLocale extends never ? true : never = true;
void everyLocaleListed;

export const DEFAULT_LANGUAGE: Locale = 'jp';
export const FALLBACK_LANGUAGE: Locale = 'en';

/** Local-storage key holding the language the user chose. */
export const LANGUAGE_STORAGE_KEY = 'lang';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

/** Maps a browser language tag (`ja-JP`, `es`, `en-GB`) to one of ours, or null. */
export function localeFromTag(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  const base = tag.toLowerCase().split(/[-_]/)[0] ?? '';
  if (base === 'ja' || base === 'jp') return 'jp';
  return isLocale(base) ? base : null;
}

/**
 * PRODUCT.md §3: the user's saved language wins; then the browser's, when it is one of the
 * three; then `jp`.
 */
export function detectLanguage(stored: string | null, browserLanguages: readonly string[]): Locale {
  if (isLocale(stored)) return stored;
  for (const tag of browserLanguages) {
    const locale = localeFromTag(tag);
    if (locale) return locale;
  }
  return DEFAULT_LANGUAGE;
}

/** Value for `<html lang>` and `Intl`: our `jp` is the standard `ja`. */
export function bcp47(locale: Locale): string {
  return locale === 'jp' ? 'ja' : locale;
}

/**
 * The language a new account keeps: the one chosen on the page, else the browser's when it is one
 * of ours; undefined otherwise (the account then has none, and the app follows the browser — not
 * the app's `jp` default, which would also be shown to the visitors of the new card).
 */
export function signUpLanguage(stored: string | null, browserLanguages: readonly string[]): Locale | undefined {
  if (isLocale(stored)) return stored;
  for (const tag of browserLanguages) {
    const locale = localeFromTag(tag);
    if (locale) return locale;
  }
  return undefined;
}

/** The browser's IANA time zone (e.g. Europe/Madrid), or undefined when it tells none. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
