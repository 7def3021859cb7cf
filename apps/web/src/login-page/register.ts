import { PASSWORD_MIN_LENGTH, type AliasCheck } from '@enlaza/contracts';
import { aliasFeedback, aliasFromName } from '@/features/registration/components/alias-rules';
import { passwordStrength } from '@/features/registration/components/password-strength';
import { REGISTER_FIELDS, validateRegistration, type RegisterErrors } from '@/features/registration/components/register-rules';
import { resendErrorMessage } from '@/features/registration/components/resend-feedback';
import { ApiError } from '@/lib/api-error';
import { browserTimeZone, LANGUAGE_STORAGE_KEY, signUpLanguage } from '@/lib/language-rules';
import { byId, showFieldError, startChrome, storage, type Translate } from './chrome';
import { call, requestHeaders } from './logic';
import './page.css';
import './register-page.css';

/*
 * The script of the server-rendered registration page (GET /register, apps/api/src/modules/login-page):
 * the same checks, calls and messages as the SPA's registration page (features/registration), without
 * the SPA: the alias follows the name until it is typed and is checked as it is typed, the password's
 * strength is shown, and after sending, "check your email" replaces the form (which keeps what was typed).
 */

const ALIAS_CHECK_DELAY_MS = 300;
const STRENGTH_LABELS = ['tooShort', 'weak', 'fair', 'good', 'strong'] as const;

start();

function start(): void {
  const form = byId<HTMLFormElement>('rp-form');
  const inputs = {
    name: byId<HTMLInputElement>('rp-name'),
    alias: byId<HTMLInputElement>('rp-alias'),
    email: byId<HTMLInputElement>('rp-email'),
    password: byId<HTMLInputElement>('rp-password'),
    accountTypeId: byId<HTMLSelectElement>('rp-accountTypeId'),
    acceptPolicy: byId<HTMLInputElement>('rp-acceptPolicy'),
  };
  const submit = byId<HTMLButtonElement>('lp-submit');
  const alert = byId<HTMLDivElement>('lp-alert');
  const aliasHint = byId<HTMLParagraphElement>('rp-alias-hint');
  const aliasStatus = byId<HTMLDivElement>('rp-alias-status');
  const strength = byId<HTMLDivElement>('rp-strength');
  const formStep = byId<HTMLDivElement>('rp-form-step');
  const sentStep = byId<HTMLDivElement>('rp-sent-step');
  const resendButton = byId<HTMLButtonElement>('rp-resend');
  const resendResult = byId<HTMLDivElement>('rp-resend-result');

  let aliasEdited = false;
  let check: AliasCheck | undefined;
  let errors: RegisterErrors = {};
  /** Errors the server sent stay as they came when the language changes; local ones are redone. */
  let serverErrors = false;
  let failure: Error | null = null;
  let sentTo: string | null = null;
  let resend: { done: true } | { error: unknown } | null = null;

  const alias = () => (aliasEdited ? inputs.alias.value : aliasFromName(inputs.name.value)).trim().toLowerCase();
  const values = () => ({
    name: inputs.name.value,
    email: inputs.email.value,
    password: inputs.password.value,
    accountTypeId: inputs.accountTypeId.value,
    acceptPolicy: inputs.acceptPolicy.checked,
  });

  const renderAlias = (t: Translate) => {
    if (!aliasEdited) inputs.alias.value = aliasFromName(inputs.name.value);
    aliasHint.textContent = t('register:alias.hint', {
      url: `${aliasHint.dataset.host ?? location.host}/link/${inputs.alias.value || '…'}`,
    });
    const feedback = aliasFeedback(inputs.alias.value, check);
    aliasStatus.replaceChildren();
    if (errors.alias) return;
    const problem =
      feedback.state === 'taken'
        ? t('register:alias.taken')
        : feedback.state === 'invalid' && inputs.alias.value
          ? t('register:alias.invalid')
          : undefined;
    showFieldError(inputs.alias, problem);
    if (feedback.state === 'checking') aliasStatus.append(paragraph(t('register:alias.checking')));
    if (feedback.state === 'available') {
      const ok = paragraph(t('register:alias.available'), 'lp-ok');
      ok.dataset.testid = 'register-alias-available';
      aliasStatus.append(ok);
    }
    const suggestion = feedback.state === 'invalid' || feedback.state === 'taken' ? feedback.suggestion : null;
    if (suggestion) {
      const row = document.createElement('div');
      row.className = 'lp-suggestion';
      const use = document.createElement('button');
      use.type = 'button';
      use.className = 'lp-small-button';
      use.dataset.testid = 'register-alias-suggestion';
      use.textContent = t('register:alias.useSuggestion', { alias: suggestion });
      use.addEventListener('click', () => {
        aliasEdited = true;
        inputs.alias.value = suggestion;
        aliasChanged();
        inputs.alias.focus();
      });
      row.append(document.createTextNode(t('register:alias.suggestion')), use);
      aliasStatus.append(row);
    }
  };

  const renderStrength = (t: Translate) => {
    const password = inputs.password.value;
    const score = passwordStrength(password);
    strength.dataset.score = String(password ? score : 0);
    (strength.querySelector('.lp-meter-bar') as HTMLDivElement).style.width = password ? `${Math.max(8, score * 25)}%` : '0';
    byId('rp-strength-hint').textContent = t('register:strength.hint', { min: PASSWORD_MIN_LENGTH });
    const label = byId('rp-strength-label');
    label.hidden = !password;
    label.textContent = password ? t(`register:strength.${STRENGTH_LABELS[score]}`, { min: PASSWORD_MIN_LENGTH }) : '';
  };

  const chrome = startChrome({
    titleKey: 'register:title',
    defaultNs: 'register',
    render: (t) => {
      renderAlias(t);
      renderStrength(t);
      for (const field of REGISTER_FIELDS) if (field !== 'alias' || errors.alias) showFieldError(inputs[field], errors[field]);
      const general = failure
        ? failure instanceof ApiError && failure.status === 0
          ? t('register:errors.network')
          : failure.message || t('register:errors.generic')
        : null;
      alert.hidden = !general;
      alert.querySelector('.lp-alert-title')!.textContent = general ? t('register:errors.title') : '';
      alert.querySelector('.lp-alert-body')!.textContent = general ?? '';
      formStep.hidden = sentTo !== null;
      sentStep.hidden = sentTo === null;
      byId('rp-sent-email').textContent = sentTo ?? '';
      resendResult.hidden = !resend;
      resendResult.className = `lp-alert${resend && 'done' in resend ? ' lp-success' : ''}`;
      resendResult.setAttribute('role', resend && 'error' in resend ? 'alert' : 'status');
      resendResult.dataset.testid = resend && 'done' in resend ? 'register-resent' : 'register-resend-error';
      resendResult.textContent = !resend
        ? ''
        : 'done' in resend
          ? t('register:resend.done')
          : resendErrorMessage(resend.error, (key, options) => t(`register:${key}`, options));
    },
    onLanguage: (t) => {
      if (Object.keys(errors).length > 0 && !serverErrors)
        errors = pick(
          validateRegistration(values(), alias(), (key, options) => t(`register:${key}`, options)),
          errors,
        );
    },
  });
  chrome.start();
  const render = chrome.render;
  const headers = (hasBody: boolean) => requestHeaders(chrome.language(), chrome.csrf(), null, hasBody);

  let timer: ReturnType<typeof setTimeout> | undefined;
  let asked = '';
  const aliasChanged = () => {
    render();
    clearTimeout(timer);
    timer = setTimeout(() => {
      const wanted = alias();
      const name = inputs.name.value.trim();
      if (!wanted || `${wanted}|${name}` === asked) return;
      asked = `${wanted}|${name}`;
      call(`/api/register/alias?${new URLSearchParams({ alias: wanted, name }).toString()}`, { method: 'GET', headers: headers(false) })
        .then((answer) => {
          const data = (answer as { data?: AliasCheck }).data;
          if (data && data.alias === alias()) check = data;
          render();
        })
        .catch(() => {
          asked = ''; // asked again after the next change
        });
    }, ALIAS_CHECK_DELAY_MS);
  };

  const clearError = (field: keyof RegisterErrors) => {
    if (!errors[field]) return;
    errors = { ...errors, [field]: undefined };
  };
  inputs.name.addEventListener('input', () => {
    clearError('name');
    if (!aliasEdited) clearError('alias');
    aliasChanged();
  });
  inputs.alias.addEventListener('input', () => {
    aliasEdited = true;
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

  const focusFirst = () => {
    const field = REGISTER_FIELDS.find((f) => errors[f]);
    if (field) inputs[field].focus();
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (submit.disabled) return;
    const t = chrome.t();
    errors = validateRegistration(values(), alias(), (key, options) => t(`register:${key}`, options));
    serverErrors = false;
    failure = null;
    if (Object.keys(errors).length > 0) {
      render();
      focusFirst();
      return;
    }
    submit.disabled = true;
    submit.setAttribute('aria-busy', 'true');
    render();
    const body = {
      name: inputs.name.value.trim(),
      alias: alias(),
      email: inputs.email.value.trim(),
      password: inputs.password.value,
      accountTypeId: inputs.accountTypeId.value,
      acceptPolicy: true,
      locale: signUpLanguage(storage()?.getItem(LANGUAGE_STORAGE_KEY) ?? null, navigator.languages ?? [navigator.language]),
      timeZone: browserTimeZone(),
    };
    call('/api/register', { method: 'POST', headers: headers(true), body })
      .then((answer) => {
        sentTo = (answer as { data?: { email?: string } }).data?.email ?? body.email;
        resend = null;
        render();
        sentStep.querySelector('h2')?.focus();
      })
      .catch((error: unknown) => {
        const apiError = error instanceof ApiError ? error : null;
        if (apiError?.fieldErrors && Object.keys(apiError.fieldErrors).length > 0) {
          errors = {};
          for (const field of REGISTER_FIELDS) {
            const message = apiError.fieldErrors[field]?.[0];
            if (message) errors[field] = message;
          }
          serverErrors = true;
          // A taken alias: ask again, so that the free suggestion shows as a one-click fix.
          if (errors.alias) {
            asked = '';
            check = undefined;
            aliasChanged();
          }
        } else {
          failure = error instanceof Error ? error : new Error(String(error));
        }
        render();
        focusFirst();
      })
      .finally(() => {
        submit.disabled = false;
        submit.removeAttribute('aria-busy');
      });
  });

  resendButton.addEventListener('click', () => {
    if (!sentTo || resendButton.disabled) return;
    resendButton.disabled = true;
    resendButton.setAttribute('aria-busy', 'true');
    call('/api/register/resend', { method: 'POST', headers: headers(true), body: { email: sentTo } })
      .then(() => (resend = { done: true }))
      .catch((error: unknown) => (resend = { error }))
      .finally(() => {
        resendButton.disabled = false;
        resendButton.removeAttribute('aria-busy');
        render();
      });
  });

  byId<HTMLButtonElement>('rp-edit').addEventListener('click', () => {
    sentTo = null;
    render();
    inputs.name.focus();
  });
}

function paragraph(text: string, className = ''): HTMLParagraphElement {
  const element = document.createElement('p');
  element.className = `lp-hint ${className}`.trim();
  element.textContent = text;
  return element;
}

/** The fields of `next` that `current` has: a language change redoes only the errors on screen. */
function pick(next: RegisterErrors, current: RegisterErrors): RegisterErrors {
  const result: RegisterErrors = {};
  for (const field of REGISTER_FIELDS) if (current[field] && next[field]) result[field] = next[field];
  return result;
}
