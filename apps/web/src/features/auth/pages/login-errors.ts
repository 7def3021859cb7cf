import type { TFunction } from 'i18next';
import { ApiError } from '@/lib/api-error';
import { apiErrorMessage } from '@/lib/api-error-message';

export interface LoginFieldErrors {
  email?: string;
  password?: string;
}

// A hint only: the server validates the address with the contract (422 with a field error).
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Checks before sending, with translated messages (the server checks again). */
export function validateLoginInput(input: { email: string; password: string }, t?: TFunction<'auth'>): LoginFieldErrors {
  const errors: LoginFieldErrors = {};
  const email = input.email.trim();
  const say = (key: string) => (t ? t(key) : key);
  if (email === '') errors.email = say('login.errors.emailRequired');
  else if (!LOOKS_LIKE_EMAIL.test(email)) errors.email = say('login.errors.emailInvalid');
  if (input.password === '') errors.password = say('login.errors.passwordRequired');
  return errors;
}

/**
 * The message shown for a failed sign-in: the sign-in's own words for a wrong password and for
 * throttling (with the wait), a title by kind of refusal, and the usual sentence (apiErrorMessage)
 * for everything else.
 */
export function loginFailureMessage(error: Error, t: TFunction<'auth'>): { title: string; message: string } {
  const message = apiErrorMessage(error, t);
  if (!(error instanceof ApiError)) return { title: t('login.errors.title'), message };
  const serverMessage = error.serverMessage ?? null;
  switch (error.status) {
    case 401:
      return { title: t('login.errors.title'), message: serverMessage ?? t('login.errors.badCredentials') };
    case 403:
      return { title: t('login.errors.forbiddenTitle'), message };
    case 422:
      return { title: t('login.errors.invalidTitle'), message };
    case 429: {
      const wait = error.retryAfter !== undefined ? ` ${t('login.errors.retryAfter', { seconds: error.retryAfter })}` : '';
      return { title: t('login.errors.throttledTitle'), message: `${serverMessage ?? t('login.errors.throttled')}${wait}` };
    }
    default:
      return { title: t('login.errors.title'), message };
  }
}
