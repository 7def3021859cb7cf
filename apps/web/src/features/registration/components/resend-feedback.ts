import { ApiError } from '@/lib/api-error';
import { apiErrorMessage } from '@/lib/api-error-message';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The sentence for a failed "send again": the server's 429 message with the wait, else the usual one. */
export function resendErrorMessage(error: unknown, t: Translate): string {
  if (error instanceof ApiError) {
    if (error.status === 429) {
      const wait = error.retryAfter ? ` ${t('resend.retryAfter', { minutes: Math.max(1, Math.ceil(error.retryAfter / 60)) })}` : '';
      return `${error.serverMessage ?? t('resend.limited')}${wait}`;
    }
  }
  return apiErrorMessage(error, t);
}
