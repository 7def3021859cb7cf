import { aliasFromName } from '@enlaza/contracts';

export { ALIAS_PATTERN } from '@enlaza/contracts';

/**
 * An alias the API can store for a name: the shared `aliasFromName` (contracts), filled up to the
 * minimum of 3 characters when the name gives fewer ("" → "user-card", "Jo" → "jo-card").
 */
export function aliasCandidate(name: string): string {
  const base = aliasFromName(name);
  return base.length >= 3 ? base : `${base || 'user'}-card`.replace(/^-/, '').slice(0, 30);
}

/** The first free alias among base, base-2, base-3… (kept within 30 characters). */
export function firstFreeAlias(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, 30 - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
