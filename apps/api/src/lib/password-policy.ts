import { dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from './errors.js';

let common: Set<string> | undefined;
/** The 10,000 most common passwords (ranked list shipped by @zxcvbn-ts/language-common), loaded on first use. */
function commonPasswords(): Set<string> {
  return (common ??= new Set(dictionary['passwords-common'].slice(0, 10_000)));
}

/** The rules beyond length (the contract checks ≥ 10): not a common password, not the email itself. */
export function assertAcceptablePassword(password: string, email: string, field = 'password'): void {
  const lowered = password.toLowerCase();
  if (commonPasswords().has(lowered)) throw new AppError('validation.failed', {}, { [field]: [{ code: 'validation.common_password' }] });
  if (lowered === email.toLowerCase()) throw new AppError('validation.failed', {}, { [field]: [{ code: 'validation.password_is_email' }] });
}
