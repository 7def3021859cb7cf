import { byId, showFieldError } from './chrome';
import { call, readLoginAnswer, requestHeaders, type LoginUser } from './logic';

/*
 * The second step of a sign-in with two-factor on: the code from the authenticator app, or a
 * recovery code (POST /api/login/second-factor). An admin who must use two-factor and has not set it
 * up gets the setup here first (POST /api/login/second-factor/setup, then /enrol), then the
 * recovery codes, shown once, before the dashboard. docs/sign-in-security.md has the calls.
 */

type Hooks = {
  language: () => string;
  csrf: () => string | null;
  t: () => (key: string) => string;
  render: () => void;
  onStart: () => void;
  onSignedIn: (token: string, user: LoginUser) => Promise<void>;
  onFailure: (error: Error) => void;
  /** Back to the email and password. */
  onBack: () => void;
};

export function secondFactorStep(hooks: Hooks) {
  const form = byId<HTMLFormElement>('lp-second');
  const code = byId<HTMLInputElement>('lp-code');
  const label = byId<HTMLSpanElement>('lp-code-label');
  const hint = byId<HTMLParagraphElement>('lp-second-hint');
  const submit = byId<HTMLButtonElement>('lp-second-submit');
  const toggle = byId<HTMLButtonElement>('lp-use-recovery');
  const enrol = byId<HTMLDivElement>('lp-enrol');
  const recovery = byId<HTMLDivElement>('lp-recovery');
  let step: { secondFactor: 'totp' | 'enrol'; challenge: string } | null = null;
  let useRecovery = false;

  const headers = () => requestHeaders(hooks.language(), hooks.csrf(), null, true);

  function setMode(recoveryMode: boolean): void {
    useRecovery = recoveryMode;
    label.dataset.i18n = recoveryMode ? 'auth:login.secondFactor.recoveryCode' : 'auth:login.secondFactor.code';
    hint.dataset.i18n = recoveryMode ? 'auth:login.secondFactor.recoveryHint' : 'auth:login.secondFactor.hint';
    toggle.dataset.i18n = recoveryMode ? 'auth:login.secondFactor.useApp' : 'auth:login.secondFactor.useRecovery';
    code.inputMode = recoveryMode ? 'text' : 'numeric';
    code.autocomplete = recoveryMode ? 'off' : 'one-time-code';
    code.value = '';
    showFieldError(code, undefined);
    hooks.render();
    code.focus();
  }

  toggle.addEventListener('click', () => setMode(!useRecovery));
  byId<HTMLButtonElement>('lp-second-back').addEventListener('click', () => {
    step = null;
    form.hidden = true;
    hooks.onBack();
  });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (!step || submit.disabled) return;
    const value = code.value.trim();
    if (!value) {
      showFieldError(code, hooks.t()('auth:login.secondFactor.codeRequired'));
      code.focus();
      return;
    }
    showFieldError(code, undefined);
    hooks.onStart();
    submit.disabled = true;
    submit.setAttribute('aria-busy', 'true');
    const body = { challenge: step.challenge, code: value };
    const enrolling = step.secondFactor === 'enrol';
    void (async () => {
      const payload = await call(enrolling ? '/api/login/second-factor/enrol' : '/api/login/second-factor', {
        method: 'POST',
        headers: headers(),
        body,
      });
      const answer = readLoginAnswer(payload);
      const codes = (payload as { data: { recoveryCodes?: unknown } }).data.recoveryCodes;
      if (Array.isArray(codes)) {
        // The recovery codes, shown this once, before the dashboard.
        form.hidden = true;
        recovery.hidden = false;
        byId<HTMLPreElement>('lp-recovery-list').textContent = codes.join('\n');
        byId<HTMLHeadingElement>('lp-recovery-title').focus();
        byId<HTMLButtonElement>('lp-recovery-continue').addEventListener('click', () => void hooks.onSignedIn(answer.token, answer.user), {
          once: true,
        });
        return;
      }
      await hooks.onSignedIn(answer.token, answer.user);
    })().catch((error: unknown) => {
      submit.disabled = false;
      submit.removeAttribute('aria-busy');
      code.select();
      hooks.onFailure(error instanceof Error ? error : new Error(String(error)));
    });
  });

  return {
    /** Shows the step the login answer asked for (the password form is hidden by the caller). */
    async show(next: { secondFactor: 'totp' | 'enrol'; challenge: string }): Promise<void> {
      step = next;
      enrol.hidden = next.secondFactor !== 'enrol';
      toggle.hidden = next.secondFactor === 'enrol';
      form.hidden = false;
      if (next.secondFactor === 'enrol') {
        const setup = (await call('/api/login/second-factor/setup', {
          method: 'POST',
          headers: headers(),
          body: { challenge: next.challenge },
        })) as { data: { secret: string; qrCode: string } };
        byId<HTMLImageElement>('lp-enrol-qr').src = setup.data.qrCode;
        byId<HTMLElement>('lp-enrol-secret').textContent = setup.data.secret.replace(/(.{4})/g, '$1 ').trim();
      }
      setMode(false);
      byId<HTMLHeadingElement>('lp-second-title').focus();
      code.focus();
    },
  };
}
