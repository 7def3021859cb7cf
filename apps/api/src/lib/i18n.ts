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

/** Translates a message code such as `auth.throttled`, filling `{{name}}` placeholders. */
export function translate(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  const template = lookup(catalogues[locale], key) ?? lookup(catalogues.en, key) ?? key;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}
