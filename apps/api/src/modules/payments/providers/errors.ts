/** A provider's answer to a key used before with another amount (every provider throws this one; charge.ts makes it `payment.idempotency_mismatch`). */
export class ProviderIdempotencyError extends Error {
  constructor() {
    super('idempotency key reused with another amount');
  }
}

/**
 * The provider did not answer, or answered 5xx or 429: nothing is known of the request's effect. The
 * caller retries later with the SAME idempotency key, which never charges twice.
 */
export class ProviderRetryableError extends Error {
  readonly retryable = true;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderRetryableError';
  }
}
