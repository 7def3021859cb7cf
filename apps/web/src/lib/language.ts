import i18next from 'i18next';
import { DEFAULT_LOCALE, localeSchema, type Locale } from '@enlaza/contracts';

/** Local-storage key holding the language the user chose. */
export const LANGUAGE_STORAGE_KEY = 'lang';

/** Maps a browser language tag (`ja-JP`, `es`, `en-GB`) to one of ours, or null. */
export function localeFromTag(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  const base = tag.toLowerCase().split(/[-_]/)[0] ?? '';
  if (base === 'ja' || base === 'jp') return 'jp';
  const parsed = localeSchema.safeParse(base);
  return parsed.success ? parsed.data : null;
}

/**
 * PRODUCT.md §3: the user's saved language wins; then the browser's, when it is one of the
 * three; then `jp`.
 */
export function detectLanguage(stored: string | null, browserLanguages: readonly string[]): Locale {
  const saved = localeSchema.safeParse(stored);
  if (saved.success) return saved.data;
  for (const tag of browserLanguages) {
    const locale = localeFromTag(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

export function readStoredLanguage(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function storeLanguage(locale: Locale): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, locale);
  } catch {
    // storage disabled: the choice lasts for this page only
  }
}

export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages.length > 0 ? navigator.languages : [navigator.language];
}

/** Value for `<html lang>` and for HTTP: our `jp` is the standard `ja`. */
export function bcp47(locale: Locale): string {
  return locale === 'jp' ? 'ja' : locale;
}

/** The language the UI currently shows (the i18next instance, or what it would detect). */
export function currentLanguage(): Locale {
  const parsed = localeSchema.safeParse(i18next.language);
  return parsed.success ? parsed.data : detectLanguage(readStoredLanguage(), browserLanguages());
}
