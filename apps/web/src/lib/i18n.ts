import i18next, { type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '@enlaza/contracts';
import {
  bcp47,
  browserLanguages,
  currentLanguage,
  detectLanguage,
  FALLBACK_LANGUAGE,
  isLocale,
  readStoredLanguage,
  storeLanguage,
  SUPPORTED_LOCALES,
} from './language';
import { mergeLocaleFiles } from './locale-files';
import { completePluralForms } from './plural-forms';

/*
 * Translations: every namespace of every language (`src/locales/{lng}/{namespace}.json`, with
 * what it shares with the server-rendered pages merged in) is its own file, fetched only when
 * needed, so a page downloads only the active language's namespaces it uses:
 * - `common` at start-up; each route declares the namespaces its page uses (router.tsx), and
 *   they load together with the page's code; any other namespace a component uses is loaded
 *   when its first key is looked up (the component re-renders when it arrives).
 * - on a language change, every namespace in use loads in the new language before the switch,
 *   so all visible text changes at once.
 * - the fallback language (`en`) is fetched only if a key is really missing in the active one
 *   (`npm test` checks parity, so normally never).
 */
// The built app fetches each file as JSON from one versioned folder (build/locale-assets.ts); the
// dev server and the unit tests import them through Vite's glob. A namespace may have two files, the
// SPA's own and the texts it shares with the server-rendered sign-in and registration pages
// (packages/contracts/src/locales): they are merged here as the build merges them.
const files = import.meta.env.PROD
  ? {}
  : import.meta.glob<{ default: Record<string, unknown> }>(['../locales/*/*.json', '../../../../packages/contracts/src/locales/*/*.json']);
const FILE_PATTERN = /\/locales\/([^/]+)\/([^/]+)\.json$/;

/** Every namespace found on disk, e.g. ['account', 'auth', 'common', ...]. */
export const NAMESPACES: readonly string[] = import.meta.env.PROD
  ? __LOCALE_NAMESPACES__
  : [
      ...new Set(
        Object.keys(files)
          .map((path) => FILE_PATTERN.exec(path)?.[2])
          .filter((ns): ns is string => ns !== undefined),
      ),
    ].sort();

/** One namespace's translations, or undefined when there is no such namespace. */
async function fetchBundle(language: Locale, namespace: string): Promise<ResourceKey | undefined> {
  if (!import.meta.env.PROD) {
    const found = Object.entries(files).filter(([path]) => path.endsWith(`/locales/${language}/${namespace}.json`));
    if (found.length === 0) return undefined;
    return mergeLocaleFiles(await Promise.all(found.map(async ([path, load]) => ({ path, texts: (await load()).default }))));
  }
  if (!NAMESPACES.includes(namespace)) return undefined;
  const response = await fetch(`${__LOCALE_BASE__}${language}/${namespace}.json`);
  if (!response.ok) {
    // Let go of the unread body: until then the browser keeps the request open.
    await response.body?.cancel().catch(() => undefined);
    throw new Error(`translations ${language}/${namespace}: HTTP ${response.status}`);
  }
  return (await response.json()) as ResourceKey;
}

const INITIAL_NAMESPACES = ['common'];
const inUse = new Set<string>(INITIAL_NAMESPACES);
const loaded = new Map<string, Promise<void>>();

function loadBundle(language: Locale, namespace: string): Promise<void> {
  const key = `${language}/${namespace}`;
  let pending = loaded.get(key);
  if (!pending) {
    pending = fetchBundle(language, namespace).then((bundle) => {
      if (bundle) i18next.addResourceBundle(language, namespace, completePluralForms(bundle, language), true, true);
    });
    // A failed download may be retried by the next request for it.
    pending.catch(() => loaded.delete(key));
    loaded.set(key, pending);
  }
  return pending;
}

async function loadBundles(language: Locale, namespaces: Iterable<string>): Promise<void> {
  await Promise.all([...namespaces].map((ns) => loadBundle(language, ns)));
}

/** Loads namespaces in the current language (and keeps them loaded across language changes). */
export async function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  for (const ns of namespaces) inUse.add(ns);
  await loadBundles(currentLanguage(), namespaces);
}

function reflectLanguage(language: Locale): void {
  document.documentElement.lang = bcp47(language);
}

function reflectChange(language: string): void {
  if (isLocale(language)) reflectLanguage(language);
}

let started: Promise<typeof i18next> | null = null;

/** Initialises i18next once; the app renders after this resolves. */
export function initI18n(initial: Locale = detectLanguage(readStoredLanguage(), browserLanguages())): Promise<typeof i18next> {
  started ??= start(initial);
  return started;
}

/** For tests only: back to a page that has not started (no language chosen, no translations loaded). */
export function resetI18n(): void {
  started = null;
  loaded.clear();
  inUse.clear();
  for (const ns of INITIAL_NAMESPACES) inUse.add(ns);
}

async function start(initial: Locale): Promise<typeof i18next> {
  // Started again after resetI18n: the same listener and React binding, not a second one.
  i18next.off('languageChanged', reflectChange);
  i18next.on('languageChanged', reflectChange);
  if (!i18next.modules.external.includes(initReactI18next)) i18next.use(initReactI18next);
  await i18next.init({
    lng: initial,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...SUPPORTED_LOCALES],
    load: 'currentOnly',
    resources: {},
    partialBundledLanguages: true,
    ns: INITIAL_NAMESPACES,
    defaultNS: 'common',
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
    saveMissing: true,
    missingKeyHandler: (_languages, namespace) => {
      const active = currentLanguage();
      // A namespace no route declared: load it now. A key missing in a loaded one: the fallback.
      const language = loaded.has(`${active}/${namespace}`) ? FALLBACK_LANGUAGE : active;
      inUse.add(namespace);
      loadBundle(language, namespace).catch((error: unknown) => console.error('Translations failed to load', error));
    },
    // Re-render when bundles arrive (a namespace loaded on demand, the fallback).
    react: { useSuspense: false, bindI18n: 'languageChanged', bindI18nStore: 'added' },
  });
  await loadBundles(initial, inUse);
  reflectLanguage(initial);
  return i18next;
}

/** Switches every visible text at once (after the new language's files have loaded) and remembers it. */
export async function changeLanguage(language: Locale): Promise<void> {
  storeLanguage(language);
  await loadBundles(language, inUse);
  await i18next.changeLanguage(language);
}
