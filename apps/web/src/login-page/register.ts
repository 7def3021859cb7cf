import { aliasFromName } from '@enlaza/contracts';
import { REGISTER_FIELDS, validateRegistration, type RegisterErrors } from '@/features/registration/components/register-rules';
import { ApiError } from '@/lib/api-error';
import { browserTimeZone, LANGUAGE_STORAGE_KEY, signUpLanguage } from '@/lib/language-rules';
import { aliasChecker } from './alias-checker';
import { showFieldError, startChrome, storage } from './chrome';
import { call, requestHeaders } from './logic';
import { registerElements, renderAlias, renderOutcome, renderStrength, type RegisterElements, type RegisterState } from './register-view';
import './page.css';
import './register-page.css';

/*
 * The script of the server-rendered registration page (GET /register, apps/api/src/modules/login-page):
 * the same checks, calls and messages as the SPA's registration page (features/registration), without
 * the SPA: the alias follows the name until it is typed and is checked as it is typed, the password's
 * strength is shown, and after sending, "check your email" replaces the form (which keeps what was typed).
 */

start();

function start(): void {
  const el = registerElements();
  const { inputs, resendButton } = el;
  const state: RegisterState = {
    aliasEdited: false,
    check: undefined,
    errors: {},
    serverErrors: false,
    failure: null,
    sentTo: null,
    resend: null,
  };

  const alias = () => (state.aliasEdited ? inputs.alias.value : aliasFromName(inputs.name.value)).trim().toLowerCase();
  const values = () => ({
    name: inputs.name.value,
    email: inputs.email.value,
    password: inputs.password.value,
    accountTypeId: inputs.accountTypeId.value,
    acceptPolicy: inputs.acceptPolicy.checked,
  });
  const takeSuggestion = (suggestion: string) => {
    state.aliasEdited = true;
    inputs.alias.value = suggestion;
    aliasChanged();
    inputs.alias.focus();
  };

  const chrome = startChrome({
    titleKey: 'register:title',
    defaultNs: 'register',
    render: (t) => {
      renderAlias(t, el, state, takeSuggestion);
      renderStrength(t, el);
      for (const field of REGISTER_FIELDS) if (field !== 'alias' || state.errors.alias) showFieldError(inputs[field], state.errors[field]);
      renderOutcome(t, el, state);
    },
    onLanguage: (t) => {
      if (Object.keys(state.errors).length > 0 && !state.serverErrors)
        state.errors = pick(
          validateRegistration(values(), alias(), (key, options) => t(`register:${key}`, options)),
          state.errors,
        );
    },
  });
  chrome.start();
  const render = chrome.render;
  const headers = (hasBody: boolean) => requestHeaders(chrome.language(), chrome.csrf(), null, hasBody);

  const checker = aliasChecker({
    alias,
    name: () => inputs.name.value.trim(),
    headers: () => headers(false),
    onAnswer: (data) => {
      if (data && data.alias === alias()) state.check = data;
      render();
    },
  });
  const aliasChanged = () => {
    render();
    checker.schedule();
  };

  const page: RegisterPage = { el, state, alias, values, render, t: chrome.t, headers, checker, aliasChanged };
  listenForEdits(page);
  listenForSubmit(page);

  const resend = (email: string) => call('/api/register/resend', { method: 'POST', headers: headers(true), body: { email } });
  listenForResend(resendButton, state, resend, render);

  el.editButton.addEventListener('click', () => {
    state.sentTo = null;
    render();
    inputs.name.focus();
  });
}

/** What the page's listeners share: its elements and state, the values as typed, and the calls' headers. */
interface RegisterPage {
  el: RegisterElements;
  state: RegisterState;
  alias: () => string;
  values: () => Parameters<typeof validateRegistration>[0];
  render: () => void;
  t: ReturnType<typeof startChrome>['t'];
  headers: (hasBody: boolean) => Record<string, string>;
  checker: ReturnType<typeof aliasChecker>;
  aliasChanged: () => void;
}

/** A field's error goes as soon as it is edited; the alias follows the name until it is typed. */
function listenForEdits({ el: { inputs }, state, render, aliasChanged }: RegisterPage): void {
  const clearError = (field: keyof RegisterErrors) => {
    if (!state.errors[field]) return;
    state.errors = { ...state.errors, [field]: undefined };
  };
  inputs.name.addEventListener('input', () => {
    clearError('name');
    if (!state.aliasEdited) clearError('alias');
    aliasChanged();
  });
  inputs.alias.addEventListener('input', () => {
    state.aliasEdited = true;
    clearError('alias');
    aliasChanged();
  });
  inputs.password.addEventListener('input', () => {
    clearError('password');
    render();
  });
  for (const field of ['email', 'accountTypeId', 'acceptPolicy'] as const) {
    inputs[field].addEventListener(field === 'email' ? 'input' : 'change', () => {
      clearError(field);
      render();
    });
  }
}

/**
 * Sending: the checks first (the first field in error focused), then the call; its answer shows
 * "check your email", its field errors go to their fields (a taken alias is checked again, so its
 * free suggestion shows), anything else is the form's general error.
 */
function listenForSubmit({ el, state, alias, values, render, t, headers, checker, aliasChanged }: RegisterPage): void {
  const { form, inputs, submit, sentStep } = el;
  const focusFirst = () => {
    const field = REGISTER_FIELDS.find((f) => state.errors[f]);
    if (field) inputs[field].focus();
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (submit.disabled) return;
    const say = t();
    state.errors = validateRegistration(values(), alias(), (key, options) => say(`register:${key}`, options));
    state.serverErrors = false;
    state.failure = null;
    if (Object.keys(state.errors).length > 0) {
      render();
      focusFirst();
      return;
    }
    submit.disabled = true;
    submit.setAttribute('aria-busy', 'true');
    render();
    const body = registrationBody(el, alias());
    call('/api/register', { method: 'POST', headers: headers(true), body })
      .then((answer) => {
        state.sentTo = (answer as { data?: { email?: string } }).data?.email ?? body.email;
        state.resend = null;
        render();
        sentStep.querySelector('h2')?.focus();
      })
      .catch((error: unknown) => {
        const apiError = error instanceof ApiError ? error : null;
        if (apiError?.fieldErrors && Object.keys(apiError.fieldErrors).length > 0) {
          state.errors = fieldErrorsOf(apiError.fieldErrors);
          state.serverErrors = true;
          // A taken alias: ask again, so that the free suggestion shows as a one-click fix.
          if (state.errors.alias) {
            checker.forget();
            state.check = undefined;
            aliasChanged();
          }
        } else {
          state.failure = error instanceof Error ? error : new Error(String(error));
        }
        render();
        focusFirst();
      })
      .finally(() => {
        submit.disabled = false;
        submit.removeAttribute('aria-busy');
      });
  });
}

/** "Send it again" on the sent step: busy while it is sent, then its result shows. */
function listenForResend(
  button: HTMLButtonElement,
  state: RegisterState,
  resend: (email: string) => Promise<unknown>,
  render: () => void,
): void {
  button.addEventListener('click', () => {
    if (!state.sentTo || button.disabled) return;
    button.disabled = true;
    button.setAttribute('aria-busy', 'true');
    resend(state.sentTo)
      .then(() => (state.resend = { done: true }))
      .catch((error: unknown) => (state.resend = { error }))
      .finally(() => {
        button.disabled = false;
        button.removeAttribute('aria-busy');
        render();
      });
  });
}

/** What is sent to register: the values as typed (trimmed), the alias, and the language and time zone of the browser. */
function registrationBody({ inputs }: RegisterElements, alias: string) {
  return {
    name: inputs.name.value.trim(),
    alias,
    email: inputs.email.value.trim(),
    password: inputs.password.value,
    accountTypeId: inputs.accountTypeId.value,
    acceptPolicy: true,
    locale: signUpLanguage(storage()?.getItem(LANGUAGE_STORAGE_KEY) ?? null, navigator.languages ?? [navigator.language]),
    timeZone: browserTimeZone(),
  };
}

/** The server's first message for each of the form's fields. */
function fieldErrorsOf(fieldErrors: Record<string, string[]>): RegisterErrors {
  const errors: RegisterErrors = {};
  for (const field of REGISTER_FIELDS) {
    const message = fieldErrors[field]?.[0];
    if (message) errors[field] = message;
  }
  return errors;
}

/** The fields of `next` that `current` has: a language change redoes only the errors on screen. */
function pick(next: RegisterErrors, current: RegisterErrors): RegisterErrors {
  const result: RegisterErrors = {};
  for (const field of REGISTER_FIELDS) if (current[field] && next[field]) result[field] = next[field];
  return result;
}
