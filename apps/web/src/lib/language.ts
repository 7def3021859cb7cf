import i18next from 'i18next';
import type { Locale } from '@enlaza/contracts';

export {
  bcp47,
  browserTimeZone,
  DEFAULT_LANGUAGE,
  detectLanguage,
  FALLBACK_LANGUAGE,
  isLocale,
  LANGUAGE_STORAGE_KEY,
  localeFromTag,
  signUpLanguage,
  SUPPORTED_LOCALES,
} from './language-rules';
import { detectLanguage, isLocale, LANGUAGE_STORAGE_KEY } from './language-rules';

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

/** The language the UI currently shows (the i18next instance, or what it would detect). */
export function currentLanguage(): Locale {
  const language = i18next.language;
  return isLocale(language) ? language : detectLanguage(readStoredLanguage(), browserLanguages());
}
