import { ALIAS_PATTERN, PASSWORD_MIN_LENGTH } from '@enlaza/contracts';

/*
 * The registration form's own checks, before anything is sent (the server decides in the end):
 * shared by the SPA's form and the server-rendered registration page's script.
 */

export const REGISTER_FIELDS = ['name', 'alias', 'email', 'password', 'accountTypeId', 'acceptPolicy'] as const;
export type RegisterField = (typeof REGISTER_FIELDS)[number];
export type RegisterErrors = Partial<Record<RegisterField, string>>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type RegisterInput = { name: string; email: string; password: string; accountTypeId: string; acceptPolicy: boolean };

/** The errors of the typed values (`alias` as it will be sent), in the visitor's language. */
export function validateRegistration(
  values: RegisterInput,
  alias: string,
  t: (key: string, options?: Record<string, unknown>) => string,
): RegisterErrors {
  const errors: RegisterErrors = {};
  if (values.name.trim().length < 2) errors.name = t('errors.name');
  if (!ALIAS_PATTERN.test(alias)) errors.alias = t('alias.invalid');
  if (!EMAIL_PATTERN.test(values.email.trim())) errors.email = t('errors.email');
  if (values.password.length < PASSWORD_MIN_LENGTH) errors.password = t('errors.password', { min: PASSWORD_MIN_LENGTH });
  if (!values.accountTypeId) errors.accountTypeId = t('errors.accountType');
  if (!values.acceptPolicy) errors.acceptPolicy = t('errors.accept');
  return errors;
}
