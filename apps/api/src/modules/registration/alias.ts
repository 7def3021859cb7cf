/** Turns a name into an alias candidate: lowercase ASCII letters, digits and single hyphens, 3–30 long. */
export function aliasFromName(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 30)
    .replace(/-+$/g, '');
  return base.length >= 3 ? base : `${base || 'user'}-card`.replace(/^-/, '').slice(0, 30);
}

export const ALIAS_PATTERN = /^[a-z0-9-]{3,30}$/;

/** The first free alias among base, base-2, base-3… (kept within 30 characters). */
export function firstFreeAlias(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, 30 - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
