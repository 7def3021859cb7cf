import { readFileSync } from 'node:fs';
import { LOCALES, type Locale } from '@enlaza/contracts';
import { describe, expect, it } from 'vitest';
import { translate } from '../../src/lib/i18n.js';

/**
 * Every count the API writes to a person (errors, emails, notifications) reads right in each
 * language: a string with `{{count}}` is a plural key with each form the language's rules
 * (`Intl.PluralRules` of its standard code, `ja` for our `jp`) can ask for, and it is said right
 * for 1, 2 and 5. English text with a number placeholder before a plural noun outside a plural key
 * fails, so "1 business cards" cannot come back through another placeholder name.
 */
const PLURAL = /_(zero|one|two|few|many|other)$/;

function strings(locale: Locale): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (node: unknown, key: string) => {
    if (typeof node === 'string') found.set(key, node);
    else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(v, key ? `${key}.${k}` : k);
  };
  walk(JSON.parse(readFileSync(new URL(`../../src/locales/${locale}.json`, import.meta.url), 'utf8')), '');
  return found;
}

const counted = new Set(
  LOCALES.flatMap((locale) =>
    [...strings(locale)].filter(([, text]) => text.includes('{{count}}')).map(([key]) => key.replace(PLURAL, '')),
  ),
);

describe.each(LOCALES)('counts in %s', (locale) => {
  const all = strings(locale);
  const rules = new Intl.PluralRules(locale === 'jp' ? 'ja' : locale);

  it('puts every count in a plural key with each form the language can ask for', () => {
    const bare = [...counted].filter((key) => all.has(key));
    expect(bare).toEqual([]);
    const categories = new Set(rules.resolvedOptions().pluralCategories);
    // Spanish "many" (whole millions) reads like "other", which stands for it.
    categories.delete('many');
    const missing = [...counted].flatMap((key) =>
      [...categories, 'other'].filter((c) => !all.has(`${key}_${c}`)).map((c) => `${key}_${c}`),
    );
    expect([...new Set(missing)]).toEqual([]);
  });

  it('says 1, 2 and 5 with the number and the form its rules pick', () => {
    const wrong: string[] = [];
    for (const key of counted) {
      for (const count of [1, 2, 5]) {
        const text = translate(locale, key, { count });
        const form = all.get(`${key}_${rules.select(count)}`) ?? all.get(`${key}_other`);
        if (text === key || !text.includes(String(count)) || form === undefined || !form.includes('{{count}}'))
          wrong.push(`${key} (${count}): ${text}`);
        if (locale === 'en' && count === 1 && /\b1 [a-z]+[^s]s\b/.test(text)) wrong.push(`${key} (1): ${text}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

/** Number placeholders that are fixed settings, never 1 (a minimum length, a maximum, days of a window). */
const SETTINGS = new Set(['min', 'max', 'days']);
/** Placeholders that hold no number. */
const NOT_NUMBERS =
  /^(name|email|team|inviter|actor|user|plan|planName|date|amount|card|role|field|fields|known|items|number|time|period|rate|month|campaignName|detail|reason)$/;
/** Words after a placeholder that end in s but are no plural noun. */
const NOT_NOUNS = new Set(['is', 'was', 'has', 'its', 'this', 'as', 'sets', 'invites', 'keeps', 'plans']);

describe('English numbers before a noun', () => {
  it('go through a plural key', () => {
    const wrong = [...strings('en')]
      .filter(([key]) => !PLURAL.test(key))
      .filter(([, text]) =>
        [...text.matchAll(/\{\{(\w+)\}\} (?:[a-z-]+ )?([a-z-]{2,})\b/g)].some(
          ([, name = '', noun = '']) => !SETTINGS.has(name) && !NOT_NUMBERS.test(name) && /[^s]s$/.test(noun) && !NOT_NOUNS.has(noun),
        ),
      )
      .map(([key, text]) => `${key}: ${text}`);
    expect(wrong).toEqual([]);
  });

  it('picks the form by count, and reads a plural key asked for without one as its other form', () => {
    expect(translate('en', 'auth.throttled', { count: 1 })).toBe('Too many failed attempts. Try again in 1 second.');
    expect(translate('es', 'auth.throttled', { count: 5 })).toBe('Demasiados intentos fallidos. Vuelve a intentarlo en 5 segundos.');
    expect(translate('en', 'catalogue.in_use', {})).toBe(
      'This item is in use ( records point at it): deactivate it instead of deleting it.',
    );
  });
});
