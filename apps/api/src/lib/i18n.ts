import type { Locale } from '@enlaza/contracts';
import en from '../locales/en.json' with { type: 'json' };
import es from '../locales/es.json' with { type: 'json' };
import jp from '../locales/jp.json' with { type: 'json' };

type Catalogue = { [key: string]: string | Catalogue };
const catalogues: Record<Locale, Catalogue> = { en, es, jp };

/** The first of en, es or jp an Accept-Language header asks for, by weight (Japanese arrives as `ja`); null when none. */
export function matchLocale(header: string | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.find((p) => p.trim().startsWith('q='));
      return { lang: tag.trim().toLowerCase().split('-')[0] ?? '', q: q ? Number(q.trim().slice(2)) : 1, index };
    })
    .filter((e) => e.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { lang } of ranked) {
    if (lang === 'en' || lang === 'es' || lang === 'jp') return lang;
    if (lang === 'ja') return 'jp';
  }
  return null;
}

/** Picks en, es or jp from Accept-Language; English when none fits. */
export const localeFromHeader = (header: string | undefined): Locale => matchLocale(header) ?? 'en';

function lookup(catalogue: Catalogue, key: string): string | undefined {
  let entry: string | Catalogue | undefined = catalogue;
  for (const part of key.split('.')) entry = typeof entry === 'object' ? entry[part] : undefined;
  return typeof entry === 'string' ? entry : undefined;
}

const pluralRules = new Map<Locale, Intl.PluralRules>();
function pluralCategory(locale: Locale, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale === 'jp' ? 'ja' : locale);
    pluralRules.set(locale, rules);
  }
  return rules.select(count);
}

/**
 * The text of `key` in a catalogue. With a numeric `count`, a plural key (`key_one`, `key_other`…)
 * gives the form the language's rules pick for it, or its `_other` form.
 */
function textOf(catalogue: Catalogue, locale: Locale, key: string, count: unknown): string | undefined {
  if (typeof count === 'number') {
    const plural = lookup(catalogue, `${key}_${pluralCategory(locale, count)}`) ?? lookup(catalogue, `${key}_other`);
    if (plural !== undefined) return plural;
  }
  // A plural key asked for without a count (a message stored before it became one) reads as `_other`.
  return lookup(catalogue, key) ?? lookup(catalogue, `${key}_other`);
}

/**
 * Translates a message code such as `auth.throttled`, filling `{{name}}` placeholders. A number
 * `count` picks the plural form ("1 second", "5 seconds").
 */
export function translate(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  const template = textOf(catalogues[locale], locale, key, params.count) ?? textOf(catalogues.en, 'en', key, params.count) ?? key;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}
