import { AppError } from '../../lib/errors.js';

/** A 422 on one field of the form. */
export const fieldError = (field: string, code: string) => new AppError('validation.failed', {}, { [field]: [{ code }] });

/** Only the fields that changed, before and after, for the history. */
export function changes(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter((k) => JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null));
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k] ?? null])),
    after: Object.fromEntries(keys.map((k) => [k, after[k] ?? null])),
    changed: keys.length > 0,
  };
}
