import { ApiError } from './api-error';

/**
 * A `t` of i18next, or the server-rendered pages' own (login-page/logic.ts `translator`): the keys
 * below are in the `common` texts both have (packages/contracts/src/locales).
 */
type Translate = (key: `common:requestFailed.${FailureKind}`) => string;

/** Why a call failed, as far as the person is concerned; `answered` carries the server's own sentence. */
export type FailureKind = 'offline' | 'network' | 'timeout' | 'server' | 'unknown';
export type Failure = { kind: FailureKind } | { kind: 'answered'; message: string };

/** A proxy's or the browser's "too slow" (the API itself sets no time-out). */
const TIMEOUT_STATUSES = new Set([408, 504]);

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/**
 * Sorts a failed call, in this order: no answer (offline when the browser knows it is, else the
 * server out of reach), a time-out on the way, the server's own translated sentence (the message
 * of its error code, a refusal of this request; kept for a code this build does not know), a 5xx
 * without one (a proxy's error page), anything else.
 */
export function classifyFailure(error: unknown, online: boolean = browserOnline()): Failure {
  if (!(error instanceof ApiError)) return { kind: 'unknown' };
  if (error.status === 0) return { kind: online ? 'network' : 'offline' };
  if (TIMEOUT_STATUSES.has(error.status) && !error.serverMessage) return { kind: 'timeout' };
  if (error.serverMessage) return { kind: 'answered', message: error.serverMessage };
  if (error.status >= 500) return { kind: 'server' };
  return { kind: 'unknown' };
}

/**
 * The sentence a person reads for a failed call: the one place that decides it for the SPA and the
 * server-rendered sign-in and registration pages. A screen adds its own words only for what it
 * knows better (the sign-in's wrong password, a code that expired), never for the cases above.
 */
export function apiErrorMessage(error: unknown, t: Translate, online?: boolean): string {
  const failure = classifyFailure(error, online);
  return failure.kind === 'answered' ? failure.message : t(`common:requestFailed.${failure.kind}`);
}
