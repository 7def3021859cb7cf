import i18next, { type BackendModule, type ReadCallback, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '@enlaza/contracts';
import { bcp47, browserLanguages, detectLanguage, FALLBACK_LANGUAGE, isLocale, readStoredLanguage, storeLanguage, SUPPORTED_LOCALES } from './language';

// Every namespace file of every language, each its own chunk: only the active language
// (and the fallback) is ever fetched.
const files = import.meta.glob<{ default: ResourceKey }>('../locales/*/*.json');

const FILE_PATTERN = /\/locales\/([^/]+)\/([^/]+)\.json$/;

/** Namespaces found on disk, e.g. ['auth', 'common', ...]. */
export const NAMESPACES: string[] = [
  ...new Set(
    Object.keys(files)
      .map((path) => FILE_PATTERN.exec(path)?.[2])
      .filter((ns): ns is string => ns !== undefined),
  ),
].sort();

function loaderFor(language: string, namespace: string) {
  return files[`../locales/${language}/${namespace}.json`];
}

const globBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = loaderFor(language, namespace);
    if (!load) {
      callback(null, {}); // a namespace missing in one language falls back to `en`
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

function reflectLanguage(language: Locale): void {
  document.documentElement.lang = bcp47(language);
}

/** Initialises i18next once; the app renders after this resolves. */
export async function initI18n(initial: Locale = detectLanguage(readStoredLanguage(), browserLanguages())): Promise<typeof i18next> {
  if (!i18next.isInitialized) {
    i18next.on('languageChanged', (language) => {
      if (isLocale(language)) reflectLanguage(language);
    });
    await i18next
      .use(globBackend)
      .use(initReactI18next)
      .init({
        lng: initial,
        fallbackLng: FALLBACK_LANGUAGE,
        supportedLngs: [...SUPPORTED_LOCALES],
        load: 'currentOnly',
        ns: NAMESPACES,
        defaultNS: 'common',
        interpolation: { escapeValue: false }, // React escapes
        returnNull: false,
        react: { useSuspense: false },
      });
    reflectLanguage(initial);
  }
  return i18next;
}

/** Switches every visible text at once (after the new language's files have loaded) and remembers it. */
export async function changeLanguage(language: Locale): Promise<void> {
  storeLanguage(language);
  await i18next.changeLanguage(language);
}

