import { loginFailureMessage, validateLoginInput, type LoginFieldErrors } from '@/features/auth/pages/login-errors';
import { ApiError } from '@/lib/api-error';
import { pendingInvitationPath } from '@/lib/pending-invitation';
import { forgetSignedOutReason, peekSignedOutReason } from '@/lib/signed-out-reason';
import { byId, showFieldError, startChrome, storage } from './chrome';
import {
  asT,
  call,
  dashboardPath,
  readLoginAnswer,
  readSecondFactor,
  requestHeaders,
  storeSession,
  storeSubscription,
  type LoginUser,
} from './logic';
import { startPasskeySignIn } from './passkey';
import { secondFactorStep } from './second-factor';
import './page.css';

/*
 * The script of the server-rendered sign-in page (GET /, apps/api/src/modules/login-page): the
 * same checks, call, messages and stored session as the SPA's login page, without the SPA.
 */

// A visitor already signed in was sent to their dashboard by the page's inline head script.
start();

function start(): void {
  const form = byId<HTMLFormElement>('lp-form');
  const email = byId<HTMLInputElement>('lp-email');
  const password = byId<HTMLInputElement>('lp-password');
  const submit = byId<HTMLButtonElement>('lp-submit');
  const alert = byId<HTMLDivElement>('lp-alert');

  let failure: Error | null = null;
  let fieldErrors: LoginFieldErrors = {};
  // Why the app just signed this user out (a suspended account), read once.
  const signedOutReason = peekSignedOutReason();
  forgetSignedOutReason();

  const chrome = startChrome({
    titleKey: 'auth:login.title',
    defaultNs: 'auth',
    render: (t) => {
      const message = failure
        ? loginFailureMessage(failure, asT(t))
        : signedOutReason
          ? { title: t('login.signedOutTitle'), message: signedOutReason.message }
          : null;
      alert.hidden = !message;
      alert.dataset.testid = failure ? 'login-error' : 'login-signed-out-reason';
      alert.querySelector('.lp-alert-title')!.textContent = message?.title ?? '';
      alert.querySelector('.lp-alert-body')!.textContent = message?.message ?? '';
      showFieldError(email, fieldErrors.email);
      showFieldError(password, fieldErrors.password);
    },
    // Local checks are redone in the new language; the server's sentences stay as they came.
    onLanguage: (t) => {
      if ((fieldErrors.email || fieldErrors.password) && !(failure instanceof ApiError && failure.fieldErrors))
        fieldErrors = validateLoginInput({ email: email.value, password: password.value }, asT(t));
    },
  });
  chrome.start();
  const render = chrome.render;

  const finishSignIn = (token: string, user: LoginUser) => enterApp(chrome, token, user);

  const passkeyBlock = document.getElementById('lp-passkey-block');
  let passkeyShown = false;
  const secondStep = secondFactorStep({
    language: chrome.language,
    csrf: chrome.csrf,
    t: chrome.t,
    render,
    onStart: () => {
      failure = null;
      render();
    },
    onSignedIn: finishSignIn,
    onFailure: (error) => {
      failure = error;
      render();
    },
    onBack: () => {
      failure = null;
      form.hidden = false;
      if (passkeyBlock) passkeyBlock.hidden = !passkeyShown;
      password.value = '';
      render();
      password.focus();
    },
  });

  startPasskeySignIn({
    language: chrome.language,
    csrf: chrome.csrf,
    onStart: () => {
      failure = null;
      fieldErrors = {};
      render();
    },
    onSignedIn: finishSignIn,
    onFailure: (error) => {
      failure = error;
      render();
    },
  });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (submit.disabled) return;
    const language = chrome.language();
    fieldErrors = validateLoginInput({ email: email.value, password: password.value }, asT(chrome.t()));
    if (fieldErrors.email || fieldErrors.password) {
      render();
      (fieldErrors.email ? email : password).focus();
      return;
    }
    failure = null;
    submit.disabled = true;
    submit.setAttribute('aria-busy', 'true');
    render();
    const csrf = chrome.csrf();
    call('/api/login', {
      method: 'POST',
      headers: requestHeaders(language, csrf, null, true),
      body: { email: email.value.trim(), password: password.value },
    })
      .then(async (payload) => {
        const step = readSecondFactor(payload);
        if (!step) {
          const { token, user } = readLoginAnswer(payload);
          return finishSignIn(token, user);
        }
        // The password was right: the second step replaces the form.
        submit.disabled = false;
        submit.removeAttribute('aria-busy');
        passkeyShown = passkeyBlock ? !passkeyBlock.hidden : false;
        form.hidden = true;
        if (passkeyBlock) passkeyBlock.hidden = true;
        render();
        await secondStep.show(step);
      })
      .catch((error: unknown) => {
        // The typed values stay in the fields.
        failure = error instanceof Error ? error : new Error(String(error));
        if (failure instanceof ApiError && failure.fieldErrors)
          fieldErrors = { email: failure.fieldErrors.email?.[0], password: failure.fieldErrors.password?.[0] };
        submit.disabled = false;
        submit.removeAttribute('aria-busy');
        render();
      });
  });
}

/**
 * A session started (password or passkey): stored as the SPA stores it, with the subscription, then
 * the dashboard (or the team invitation opened before signing in).
 */
async function enterApp(chrome: ReturnType<typeof startChrome>, token: string, user: LoginUser): Promise<void> {
  const store = storage();
  if (store) storeSession(store, token, user);
  try {
    const subscription = await call('/api/datasuscription', {
      method: 'GET',
      headers: requestHeaders(chrome.language(), chrome.csrf(), token, false),
    });
    if (store) storeSubscription(store, subscription);
  } catch (error) {
    console.error('datasuscription failed after login', error);
  }
  window.location.replace((user.roll === 'user' ? pendingInvitationPath() : null) ?? dashboardPath(user.roll));
}
