/* Pure parts of the http client, shared with the server-rendered sign-in page's script (no zod, no i18next). */
import { ApiError } from './api-error';

/** An answer: its status and headers, and its body read whole (see readBody). */
export interface Answer {
  response: Response;
  payload: unknown;
}

/**
 * Sends a call and reads its whole answer. Anything that cuts the exchange, before the status or
 * in the middle of the body (the network, or the browser cancelling the calls of a page the
 * visitor is leaving), is one ApiError with status 0: callers never mistake a half-read answer for
 * a wrong one (a cut user call once signed the visitor out).
 */
export async function exchange(path: string, init: RequestInit): Promise<Answer> {
  try {
    const response = await fetch(path, { ...init, credentials: 'same-origin' });
    return { response, payload: await readBody(response) };
  } catch (cause) {
    throw new ApiError({ message: cause instanceof Error ? cause.message : 'Network error', status: 0, code: 'network_error', cause });
  }
}

/** The body as JSON, as text when it is not JSON, undefined when empty. */
export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Seconds from a `Retry-After` header (a number or an HTTP date). */
export function retryAfterSeconds(response: Response): number | undefined {
  const value = response.headers.get('Retry-After');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}
