import type { Locale } from '@enlaza/contracts';
import { bcp47, detectLanguage, isLocale, LANGUAGE_STORAGE_KEY } from '@/lib/language-rules';
import { translator, type Texts } from './logic';

/*
 * What the server-rendered entry pages (sign-in at /, registration at /register) share: the texts
 * of the page in every language, the language switcher (the saved choice wins over the one the
 * server picked from Accept-Language), the colour-scheme switch, the password's show/hide button,
 * and the translation of every `data-i18n` element.
 */

const SCHEME_KEY = 'mantine-color-scheme-value'; // where Mantine keeps the colour-scheme choice

export type Translate = (key: string, params?: Record<string, unknown>) => string;

export function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** Shows or hides a field's error line and marks the input invalid. */
export function showFieldError(input: HTMLElement, message: string | undefined): void {
  const error = document.getElementById(`${input.id}-error`);
  if (error) {
    error.textContent = message ?? '';
    error.hidden = !message;
  }
  if (message) input.setAttribute('aria-invalid', 'true');
  else input.removeAttribute('aria-invalid');
}

/**
 * Starts the shared parts; `render(t)` redraws the page's own parts and runs after every change of
 * language or scheme. Returns the current translator and language.
 */
export function startChrome(options: {
  titleKey: string;
  defaultNs: string;
  render: (t: Translate) => void;
  onLanguage?: (t: Translate) => void;
}) {
  const data = JSON.parse(document.getElementById('login-data')?.textContent ?? '{}') as { locale: Locale; texts: Record<Locale, Texts> };
  const languageSelect = byId<HTMLSelectElement>('lp-language');
  const schemeButton = byId<HTMLButtonElement>('lp-scheme');
  const toggle = document.getElementById('lp-toggle') as HTMLButtonElement | null;
  const state = { language: data.locale, t: translator(data.texts[data.locale], options.defaultNs) };

  const render = () => {
    const { t } = state;
    for (const element of document.querySelectorAll<HTMLElement>('[data-i18n]')) element.textContent = t(element.dataset.i18n!);
    for (const element of document.querySelectorAll<HTMLElement>('[data-i18n-label]'))
      element.setAttribute('aria-label', t(element.dataset.i18nLabel!));
    document.title = `${t(options.titleKey)} · ${t('common:appName')}`;
    document.documentElement.lang = bcp47(state.language);
    languageSelect.value = state.language;
    const dark = document.documentElement.dataset.mantineColorScheme === 'dark';
    schemeButton.setAttribute('aria-label', t(dark ? 'common:colorScheme.toLight' : 'common:colorScheme.toDark'));
    schemeButton.title = schemeButton.getAttribute('aria-label')!;
    options.render(t);
  };

  const setLanguage = (next: Locale) => {
    state.language = next;
    state.t = translator(data.texts[next], options.defaultNs);
    options.onLanguage?.(state.t);
    render();
  };

  let saved: string | null = null;
  try {
    saved = storage()?.getItem(LANGUAGE_STORAGE_KEY) ?? null;
  } catch {
    saved = null;
  }
  const detected = detectLanguage(saved, [bcp47(data.locale)]);

  languageSelect.addEventListener('change', () => {
    const next = languageSelect.value;
    if (!isLocale(next)) return;
    try {
      storage()?.setItem(LANGUAGE_STORAGE_KEY, next);
    } catch {
      // storage disabled: the choice lasts for this page only
    }
    setLanguage(next);
  });

  schemeButton.addEventListener('click', () => {
    const next = document.documentElement.dataset.mantineColorScheme === 'dark' ? 'light' : 'dark';
    document.documentElement.dataset.mantineColorScheme = next;
    try {
      storage()?.setItem(SCHEME_KEY, next);
    } catch {
      // not remembered
    }
    render();
  });

  if (toggle) {
    const password = byId<HTMLInputElement>(toggle.getAttribute('aria-controls')!);
    toggle.addEventListener('click', () => {
      const show = password.type === 'password';
      password.type = show ? 'text' : 'password';
      toggle.setAttribute('aria-pressed', String(show));
    });
  }

  return {
    /** Draws the page in its starting language (the saved one when there is one). */
    start: () => (detected !== state.language ? setLanguage(detected) : render()),
    render,
    t: () => state.t,
    language: () => state.language,
    csrf: () => document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content || null,
  };
}
