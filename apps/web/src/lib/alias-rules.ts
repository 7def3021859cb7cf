import { ALIAS_PATTERN, type AliasCheck } from '@enlaza/contracts';

/** What to say under the alias field. */
export type AliasFeedback =
  | { state: 'empty' }
  | { state: 'checking' }
  | { state: 'available' }
  | { state: 'invalid'; suggestion: string | null }
  | { state: 'taken'; suggestion: string | null };

/**
 * The feedback for the alias as typed now, given the last answer of the check (which may be for
 * an older value while the debounce waits or the call runs: then it is "checking").
 */
export function aliasFeedback(typed: string, check: AliasCheck | undefined): AliasFeedback {
  const alias = typed.trim().toLowerCase();
  if (alias === '') return { state: 'empty' };
  if (!check || check.alias !== alias) return ALIAS_PATTERN.test(alias) ? { state: 'checking' } : { state: 'invalid', suggestion: null };
  const suggestion = check.suggestion && check.suggestion !== alias ? check.suggestion : null;
  if (!check.valid) return { state: 'invalid', suggestion };
  return check.available ? { state: 'available' } : { state: 'taken', suggestion };
}
