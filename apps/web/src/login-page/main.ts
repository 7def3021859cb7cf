import type { Locale } from '@enlaza/contracts';
import { loginFailureMessage, validateLoginInput, type LoginFieldErrors } from '@/features/auth/pages/login-errors';
import { ApiError } from '@/lib/api-error';
import { bcp47, detectLanguage, isLocale, LANGUAGE_STORAGE_KEY } from '@/lib/language-rules';
import { forgetSignedOutReason, peekSignedOutReason } from '@/lib/signed-out-reason';
import { asT, call, dashboardPath, readLoginAnswer, requestHeaders, storeSession, storeSubscription, translator, type Texts } from './logic';
import './page.css';

/*
 * The script of the server-rendered sign-in page (GET /, apps/api/src/modules/login-page): the
 * same checks, call, messages and stored session as the SPA's login page, without the SPA.
 */

const SCHEME_KEY = 'mantine-color-scheme-value'; // where Mantine keeps the colour-scheme choice

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

// A visitor already signed in was sent to their dashboard by the page's inline head script.
start();

function start(): void {
  const dataElement = document.getElementById('login-data');
  const data = JSON.parse(dataElement?.textContent ?? '{}') as { locale: Locale; texts: Record<Locale, Texts> };
  const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
  const form = $<HTMLFormElement>('lp-form');
  const email = $<HTMLInputElement>('lp-email');
  const password = $<HTMLInputElement>('lp-password');
  const submit = $<HTMLButtonElement>('lp-submit');
  const alert = $<HTMLDivElement>('lp-alert');
  const languageSelect = $<HTMLSelectElement>('lp-language');
  const schemeButton = $<HTMLButtonElement>('lp-scheme');
  const toggle = $<HTMLButtonElement>('lp-toggle');

  let language: Locale = data.locale;
  let t = translator(data.texts[language]);
  let failure: Error | null = null;
  let fieldErrors: LoginFieldErrors = {};
  // Why the app just signed this user out (a suspended account), read once.
  const signedOutReason = peekSignedOutReason();
  forgetSignedOutReason();

  const showFieldError = (input: HTMLInputElement, message: string | undefined) => {
    const error = document.getElementById(`${input.id}-error`)!;
    error.textContent = message ?? '';
    error.hidden = !message;
    if (message) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  };

  const render = () => {
    for (const element of document.querySelectorAll<HTMLElement>('[data-i18n]')) element.textContent = t(element.dataset.i18n!);
    for (const element of document.querySelectorAll<HTMLElement>('[data-i18n-label]')) element.setAttribute('aria-label', t(element.dataset.i18nLabel!));
    document.title = `${t('auth:login.title')} · ${t('common:appName')}`;
    document.documentElement.lang = bcp47(language);
    languageSelect.value = language;
    const message = failure ? loginFailureMessage(failure, asT(t)) : signedOutReason ? { title: t('login.signedOutTitle'), message: signedOutReason.message } : null;
    alert.hidden = !message;
    alert.dataset.testid = failure ? 'login-error' : 'login-signed-out-reason';
    alert.querySelector('.lp-alert-title')!.textContent = message?.title ?? '';
    alert.querySelector('.lp-alert-body')!.textContent = message?.message ?? '';
    showFieldError(email, fieldErrors.email);
    showFieldError(password, fieldErrors.password);
    const dark = document.documentElement.dataset.mantineColorScheme === 'dark';
    schemeButton.setAttribute('aria-label', t(dark ? 'common:colorScheme.toLight' : 'common:colorScheme.toDark'));
    schemeButton.title = schemeButton.getAttribute('aria-label')!;
  };

  const setLanguage = (next: Locale) => {
    language = next;
    t = translator(data.texts[next]);
    // Local checks are redone in the new language; the server's sentences stay as they came.
    if (fieldErrors.email || fieldErrors.password) {
      if (!(failure instanceof ApiError && failure.fieldErrors)) fieldErrors = validateLoginInput({ email: email.value, password: password.value }, asT(t));
    }
    render();
  };

  // The saved language wins over the one the server picked from Accept-Language (lib/i18n.ts).
  let saved: string | null = null;
  try {
    saved = storage()?.getItem(LANGUAGE_STORAGE_KEY) ?? null;
  } catch {
    saved = null;
  }
  const detected = detectLanguage(saved, [bcp47(data.locale)]);
  if (detected !== language) setLanguage(detected);
  else render();

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

  toggle.addEventListener('click', () => {
    const show = password.type === 'password';
    password.type = show ? 'text' : 'password';
    toggle.setAttribute('aria-pressed', String(show));
  });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (submit.disabled) return;
    fieldErrors = validateLoginInput({ email: email.value, password: password.value }, asT(t));
    if (fieldErrors.email || fieldErrors.password) {
      render();
      (fieldErrors.email ? email : password).focus();
      return;
    }
    failure = null;
    submit.disabled = true;
    submit.setAttribute('aria-busy', 'true');
    render();
    const csrf = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content || null;
    call('/api/login', { method: 'POST', headers: requestHeaders(language, csrf, null, true), body: { email: email.value.trim(), password: password.value } })
      .then(readLoginAnswer)
      .then(async ({ token, user }) => {
        const store = storage();
        if (store) storeSession(store, token, user);
        try {
          const subscription = await call('/api/datasuscription', { method: 'GET', headers: requestHeaders(language, csrf, token, false) });
          if (store) storeSubscription(store, subscription);
        } catch (error) {
          console.error('datasuscription failed after login', error);
        }
        window.location.replace(dashboardPath(user.roll));
      })
      .catch((error: unknown) => {
        // The typed values stay in the fields.
        failure = error instanceof Error ? error : new Error(String(error));
        if (failure instanceof ApiError && failure.fieldErrors) fieldErrors = { email: failure.fieldErrors.email?.[0], password: failure.fieldErrors.password?.[0] };
        submit.disabled = false;
        submit.removeAttribute('aria-busy');
        render();
      });
  });
}
