import type { AliasCheck } from '@enlaza/contracts';

/** 3–30 of a-z, 0-9 and '-' (the contract's alias rule). */
export const ALIAS_PATTERN = /^[a-z0-9-]{3,30}$/;

/** The alias proposed from a name, the way the server builds its suggestions ("José Pérez" → "jose-perez"). */
export function aliasFromName(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 30)
    .replace(/-+$/g, '');
  return base;
}

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
