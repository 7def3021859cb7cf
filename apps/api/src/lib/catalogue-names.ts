import type { Locale } from '@enlaza/contracts';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { matchLocale } from './i18n.js';

/** A catalogue text in each language; a missing one falls back to English, then to the base `name`. */
export type LocalisedText = { en?: string; es?: string; jp?: string };

/**
 * The viewer's language for catalogue names: the request's Accept-Language when it names one we
 * have (en, es, jp — Japanese may arrive as `ja`), else the signed-in user's saved language, else English.
 */
export function viewerLocale(request: FastifyRequest): Locale {
  const asked = matchLocale(request.headers['accept-language']);
  if (asked) return asked;
  const saved = request.auth?.user.locale;
  return saved === 'es' || saved === 'jp' || saved === 'en' ? saved : 'en';
}

/** A catalogue item's name in `locale`, falling back to English, then to its base name. */
export function localName(item: { name: string; names?: LocalisedText | null }, locale: Locale): string {
  return item.names?.[locale]?.trim() || item.names?.en?.trim() || item.name;
}

/** The same fallback in SQL, for lists that select a catalogue name in a join or subquery. */
export function localNameSql(names: AnyColumn | SQL, name: AnyColumn | SQL, locale: Locale): SQL<string> {
  return sql<string>`coalesce(nullif(${names} ->> ${locale}, ''), nullif(${names} ->> 'en', ''), ${name})`;
}
