import { ERROR_STATUS, type ErrorCode } from '@enlaza/contracts';

export { ERROR_STATUS, type ErrorCode };
export type MessageParams = Record<string, string | number>;

/** The one error type of the API: a code, its status, parameters for the message, and field errors. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly params: MessageParams = {},
    /** Field → message codes (validation.*) with their params. */
    readonly fields?: Record<string, { code: string; params?: MessageParams }[]>,
    readonly headers?: Record<string, string>,
    /** Answered as `details` next to the message, for clients to read (the params only shape the sentence). */
    readonly details?: MessageParams,
  ) {
    super(code);
    this.status = ERROR_STATUS[code];
  }
}
