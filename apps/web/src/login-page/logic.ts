import { SESSION_KEYS, type ErrorCode } from '@enlaza/contracts';
import type { TFunction } from 'i18next';
import { ApiError } from '@/lib/api-error';
import { exchange, retryAfterSeconds } from '@/lib/http-core';

/*
 * The pure parts of the server-rendered sign-in page's script (apps/api/src/modules/login-page):
 * translations, the sign-in call and the session it stores, exactly as the SPA does them
 * (features/auth/api/login.ts, lib/session.ts, lib/http.ts) without React, zod or i18next.
 */

export type Catalogue = { [key: string]: string | Catalogue };
/** One language's texts: namespace → keys (the SPA's `auth` namespace and a few `common` ones). */
export type Texts = Record<string, Catalogue>;

/** `ns:a.b` looked up in the texts, `{{name}}` filled; the key itself when missing. */
export function translator(texts: Texts, defaultNs = 'auth'): (key: string, params?: Record<string, unknown>) => string {
  return (key, params = {}) => {
    const [ns, path] = key.includes(':') ? (key.split(':', 2) as [string, string]) : [defaultNs, key];
    let entry: string | Catalogue | undefined = texts[ns];
    for (const part of path.split('.')) entry = typeof entry === 'object' ? entry[part] : undefined;
    const template = typeof entry === 'string' ? entry : key;
    return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String((params[name] as string | number | undefined) ?? ''));
  };
}

/** login-errors.ts takes i18next's `t`; ours has the same call shape for the keys it uses. */
export const asT = (t: (key: string, params?: Record<string, unknown>) => string) => t as unknown as TFunction<'auth'>;

export type LoginUser = { id: string; name: string; roll: string } & Record<string, unknown>;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The headers every request carries (spec §7), as lib/http.ts sends them. */
export function requestHeaders(language: string, csrf: string | null, token: string | null, hasBody: boolean): Record<string, string> {
  const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json', 'Accept-Language': language };
  if (hasBody) headers['Content-Type'] = 'application/json';
  if (csrf) headers['X-CSRF-TOKEN'] = csrf;
  else console.error('CSRF token not found: <meta name="csrf-token"> is missing from the page');
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/** One call; a status outside 200–299 or no answer becomes an ApiError as lib/http.ts builds it. */
export async function call(
  path: string,
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: unknown },
): Promise<unknown> {
  const { response, payload } = await exchange(path, {
    method: init.method,
    headers: init.headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (response.status < 200 || response.status > 299) {
    const data = isObject(payload) ? payload : {};
    const message = typeof data.message === 'string' ? data.message : undefined;
    const errors = isObject(data.errors) ? (data.errors as Record<string, string[]>) : undefined;
    throw new ApiError({
      message: message ?? `HTTP ${response.status}`,
      status: response.status,
      // The light sign-in page does not load the contracts' list of codes: the server's body names one of them.
      code: typeof data.code === 'string' ? (data.code as ErrorCode) : undefined,
      fieldErrors: errors,
      body: payload,
      retryAfter: retryAfterSeconds(response),
      serverMessage: message,
    });
  }
  return payload;
}

/** The login answer's token and user (the contract's `ok: 1, data: { token, user }`), or an ApiError. */
export function readLoginAnswer(payload: unknown): { token: string; user: LoginUser } {
  const data = isObject(payload) && payload.ok === 1 && isObject(payload.data) ? payload.data : null;
  const user = data && isObject(data.user) ? data.user : null;
  if (!data || typeof data.token !== 'string' || !user || typeof user.roll !== 'string' || typeof user.id !== 'string') {
    throw new ApiError({ message: 'Unexpected answer from POST /api/login', status: 200, code: 'invalid_response', body: payload });
  }
  return { token: data.token, user: user as LoginUser };
}

/**
 * The second step the login answer asks for (two-factor on: `totp`; an admin who must set it up
 * first: `enrol`), or null when the answer is a session.
 */
export function readSecondFactor(payload: unknown): { secondFactor: 'totp' | 'enrol'; challenge: string } | null {
  const data = isObject(payload) && payload.ok === 1 && isObject(payload.data) ? payload.data : null;
  if (!data || (data.secondFactor !== 'totp' && data.secondFactor !== 'enrol') || typeof data.challenge !== 'string') return null;
  return { secondFactor: data.secondFactor, challenge: data.challenge };
}

/** Where a signed-in role lands (the SPA's route guard). */
export const dashboardPath = (role: string) => (role === 'admin' ? '/admin/dashboard' : '/user/dashboard');

/** What session.ts's startSession and setSubscription store, under the same keys. */
export function storeSession(storage: Storage, token: string, user: LoginUser): void {
  storage.setItem(SESSION_KEYS.token, token);
  storage.setItem(SESSION_KEYS.user, JSON.stringify(user));
  storage.setItem(SESSION_KEYS.role, user.roll);
}

export function storeSubscription(storage: Storage, data: unknown): void {
  storage.setItem(SESSION_KEYS.subscription, JSON.stringify(data));
}
