import type { TFunction } from 'i18next';
import { ApiError } from '@/lib/api-error';

/** The sentence to show for a failed call: the server's translated message, or a generic one. */
export function apiErrorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return t('admin:errors.network');
    if (error.serverMessage) return error.serverMessage;
  }
  return t('admin:errors.generic');
}
