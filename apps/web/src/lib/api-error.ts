import type { ErrorCode } from '@enlaza/contracts';

/** The API's error codes, and the client's own: no answer (network, aborted) or one that breaks its contract. */
export type ClientErrorCode = ErrorCode | 'network_error' | 'aborted' | 'invalid_response';

/**
 * Every failed call: a status outside 200–299 (`status` is the HTTP status), a network error
 * (`status` 0) or an answer that does not match its contract (`code` `invalid_response`).
 * Kept apart from the http client so that code which only inspects errors stays light.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code?: ClientErrorCode;
  readonly fieldErrors?: Record<string, string[]>;
  readonly body: unknown;
  /** Seconds from a 429's `Retry-After`, when given. */
  readonly retryAfter?: number;
  /** The server's own sentence (`message` of the body), translated to the request's language. */
  readonly serverMessage?: string;

  constructor(init: {
    message: string;
    status: number;
    code?: ClientErrorCode;
    fieldErrors?: Record<string, string[]>;
    body?: unknown;
    retryAfter?: number;
    serverMessage?: string;
    cause?: unknown;
  }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.fieldErrors = init.fieldErrors;
    this.body = init.body;
    this.retryAfter = init.retryAfter;
    this.serverMessage = init.serverMessage;
  }
}
