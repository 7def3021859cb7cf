/**
 * The public alias's rule and the alias a name suggests, for both apps: the API's suggestions and
 * the registration and team forms' proposals. In a file without zod, so the server-rendered
 * registration page's small script can import it without carrying the schemas.
 */

/** 3–30 of a-z, 0-9 and '-' (`aliasSchema`). */
export const ALIAS_PATTERN = /^[a-z0-9-]{3,30}$/;

/** The alias a name suggests: lowercase ASCII letters, digits and single hyphens, at most 30 ("José Pérez" → "jose-perez"). */
export function aliasFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 30)
    .replace(/-+$/g, '');
}
