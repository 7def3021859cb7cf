import { errorResponseSchema, isErrorCode } from '@enlaza/contracts';
import { z } from 'zod';
import { ApiError } from './api-error';
import { exchange, retryAfterSeconds } from './http-core';
import { askForFreshProof } from './fresh-proof';
import { currentLanguage } from './language';
import { getToken } from './session';

export { ApiError };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function csrfToken(): string | null {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]');
  return meta?.content ? meta.content : null;
}

/** The headers every request carries (spec §7). */
export function buildHeaders(hasBody: boolean): Headers {
  const headers = new Headers({
    'X-Requested-With': 'XMLHttpRequest',
    Accept: 'application/json',
    'Accept-Language': currentLanguage(),
  });
  if (hasBody) headers.set('Content-Type', 'application/json');
  const csrf = csrfToken();
  if (csrf) headers.set('X-CSRF-TOKEN', csrf);
  // Spec §8: a missing CSRF meta tag is logged, never shown to the user.
  else console.error('CSRF token not found: <meta name="csrf-token"> is missing from the page');
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

/**
 * A sensitive change answered `auth.reauth_required` (no fresh proof in the last minutes): the proof
 * dialog asks the owner for one, then the same call goes again, once. Closed: the refusal stands.
 */
async function request<T>(method: HttpMethod, path: string, body: unknown, schema: z.ZodType<T>): Promise<T> {
  try {
    return await requestOnce(method, path, body, schema);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'auth.reauth_required' && (await askForFreshProof()))
      return requestOnce(method, path, body, schema);
    throw error;
  }
}

/** No client time-out (spec §9): a call lasts as long as the network does. */
async function requestOnce<T>(method: HttpMethod, path: string, body: unknown, schema: z.ZodType<T>): Promise<T> {
  const hasBody = body !== undefined;
  const { response, payload } = await exchange(path, {
    method,
    headers: buildHeaders(hasBody),
    body: hasBody ? JSON.stringify(body) : undefined,
  });
  if (response.status < 200 || response.status > 299) {
    // Read leniently: a code this build does not know (a newer server, a proxy's page) keeps the message.
    const failure = errorResponseSchema.extend({ code: z.string() }).partial().safeParse(payload);
    const data = failure.success ? failure.data : {};
    throw new ApiError({
      message: data.message ?? `HTTP ${response.status}`,
      status: response.status,
      code: isErrorCode(data.code) ? data.code : undefined,
      fieldErrors: data.errors,
      body: payload,
      retryAfter: retryAfterSeconds(response),
      serverMessage: data.message,
    });
  }

  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    throw new ApiError({
      message: `Unexpected answer from ${method} ${path}`,
      status: response.status,
      code: 'invalid_response',
      body: payload,
      cause: parsed.error,
    });
  }
  return parsed.data;
}

/** GET `path`; the answer is parsed with `schema` (from '@enlaza/contracts'). */
export function apiGet<T>(path: string, schema: z.ZodType<T>): Promise<T> {
  return request('GET', path, undefined, schema);
}

/** POST/PUT/PATCH/DELETE `path` with a JSON `body` (undefined: none); the answer is parsed with `schema`. */
export function apiSend<T>(method: Exclude<HttpMethod, 'GET'>, path: string, body: unknown, schema: z.ZodType<T>): Promise<T> {
  return request(method, path, body, schema);
}
