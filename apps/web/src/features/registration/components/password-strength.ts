import { PASSWORD_MIN_LENGTH } from '@enlaza/contracts';

export type PasswordStrength = 0 | 1 | 2 | 3 | 4;

/**
 * A rough hint, not a rule (the server decides: ≥ 10 characters, not among the most common
 * passwords): 0 too short, 1 weak, 2 fair, 3 good, 4 strong. Length counts most, then variety.
 */
export function passwordStrength(password: string): PasswordStrength {
  if (password.length < PASSWORD_MIN_LENGTH) return 0;
  const classes = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  const distinct = new Set(password).size;
  if (distinct < 5) return 1;
  let score = 1;
  if (password.length >= 12) score += 1;
  if (password.length >= 16) score += 1;
  if (classes >= 3) score += 1;
  if (classes <= 1 && password.length < 16) score -= 1;
  return Math.max(1, Math.min(4, score)) as PasswordStrength;
}
