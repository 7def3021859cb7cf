import { aliasFromName, PASSWORD_MIN_LENGTH, type AliasCheck } from '@enlaza/contracts';
import { aliasFeedback } from '@/lib/alias-rules';
import { passwordStrength } from '@/features/registration/components/password-strength';
import type { RegisterErrors } from '@/features/registration/components/register-rules';
import { resendErrorMessage } from '@/features/registration/components/resend-feedback';
import { apiErrorMessage } from '@/lib/api-error-message';
import { byId, showFieldError, type Translate } from './chrome';

/*
 * How the registration page (register.ts) draws what it knows: the alias's hint and status, the
 * password's strength, the error that belongs to no field, and the "check your email" step.
 */

const STRENGTH_LABELS = ['tooShort', 'weak', 'fair', 'good', 'strong'] as const;

/** The page's elements, as the server rendered them. */
export function registerElements() {
  return {
    form: byId<HTMLFormElement>('rp-form'),
    inputs: {
      name: byId<HTMLInputElement>('rp-name'),
      alias: byId<HTMLInputElement>('rp-alias'),
      email: byId<HTMLInputElement>('rp-email'),
      password: byId<HTMLInputElement>('rp-password'),
      accountTypeId: byId<HTMLSelectElement>('rp-accountTypeId'),
      acceptPolicy: byId<HTMLInputElement>('rp-acceptPolicy'),
    },
    submit: byId<HTMLButtonElement>('lp-submit'),
    alert: byId<HTMLDivElement>('lp-alert'),
    aliasHint: byId<HTMLParagraphElement>('rp-alias-hint'),
    aliasStatus: byId<HTMLDivElement>('rp-alias-status'),
    strength: byId<HTMLDivElement>('rp-strength'),
    formStep: byId<HTMLDivElement>('rp-form-step'),
    sentStep: byId<HTMLDivElement>('rp-sent-step'),
    resendButton: byId<HTMLButtonElement>('rp-resend'),
    resendResult: byId<HTMLDivElement>('rp-resend-result'),
    editButton: byId<HTMLButtonElement>('rp-edit'),
  };
}

export type RegisterElements = ReturnType<typeof registerElements>;

/** What the page knows beyond its inputs' values. */
export interface RegisterState {
  /** The alias was typed (or a suggestion taken): it no longer follows the name. */
  aliasEdited: boolean;
  check: AliasCheck | undefined;
  errors: RegisterErrors;
  /** Errors the server sent stay as they came when the language changes; local ones are redone. */
  serverErrors: boolean;
  failure: Error | null;
  sentTo: string | null;
  resend: { done: true } | { error: unknown } | null;
}

/** The alias's address, whether it is free (or why not), and a free suggestion to take in one click. */
export function renderAlias(t: Translate, el: RegisterElements, state: RegisterState, takeSuggestion: (alias: string) => void): void {
  const { inputs, aliasHint, aliasStatus } = el;
  if (!state.aliasEdited) inputs.alias.value = aliasFromName(inputs.name.value);
  aliasHint.textContent = t('register:alias.hint', {
    url: `${aliasHint.dataset.host ?? location.host}/link/${inputs.alias.value || '…'}`,
  });
  const feedback = aliasFeedback(inputs.alias.value, state.check);
  aliasStatus.replaceChildren();
  if (state.errors.alias) return;
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
    use.textContent = t('register:alias.takeSuggestion', { alias: suggestion });
    use.addEventListener('click', () => takeSuggestion(suggestion));
    row.append(document.createTextNode(t('register:alias.suggestion')), use);
    aliasStatus.append(row);
  }
}

/** The password's strength meter and its label. */
export function renderStrength(t: Translate, el: RegisterElements): void {
  const { inputs, strength } = el;
  const password = inputs.password.value;
  const score = passwordStrength(password);
  strength.dataset.score = String(password ? score : 0);
  (strength.querySelector('.lp-meter-bar') as HTMLDivElement).style.width = password ? `${Math.max(8, score * 25)}%` : '0';
  byId('rp-strength-hint').textContent = t('register:strength.hint', { min: PASSWORD_MIN_LENGTH });
  const label = byId('rp-strength-label');
  label.hidden = !password;
  label.textContent = password ? t(`register:strength.${STRENGTH_LABELS[score]}`, { min: PASSWORD_MIN_LENGTH }) : '';
}

/** The error that belongs to no field, which step shows (the form, or "check your email"), and the resend's result. */
export function renderOutcome(t: Translate, el: RegisterElements, state: RegisterState): void {
  const { alert, formStep, sentStep, resendResult } = el;
  const { failure, sentTo, resend } = state;
  const general = failure ? apiErrorMessage(failure, t) : null;
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
}

function paragraph(text: string, className = ''): HTMLParagraphElement {
  const element = document.createElement('p');
  element.className = `lp-hint ${className}`.trim();
  element.textContent = text;
  return element;
}
