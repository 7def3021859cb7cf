import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next, { type ResourceKey } from 'i18next';
import { describe, expect, it } from 'vitest';
import { bcp47, SUPPORTED_LOCALES } from './language-rules';
import { mergeLocaleFiles } from './locale-files';
import { completePluralForms } from './plural-forms';

/**
 * Every count shown to a person reads right in each language: a string that counts (`{{count}}`)
 * has, in every language, each plural form that language's rules (`Intl.PluralRules` of its
 * standard code, `ja` for our `jp`) can ask for, once the bundle is completed as the app loads it,
 * and it renders for 1, 2 and 5 with the number in it. Numbers that are not `count` (a `{{sent}}`
 * or `{{total}}` before a noun) cannot choose a form: English text with a number placeholder right
 * before a plural noun outside a plural key fails, so "1 recipients" cannot come back.
 */
const LOCALES_DIRS = [
  join(import.meta.dirname, '..', 'locales'),
  join(import.meta.dirname, '..', '..', '..', '..', 'packages', 'contracts', 'src', 'locales'),
];
const PLURAL = /_(zero|one|two|few|many|other)$/;

function bundles(language: string): Map<string, ResourceKey> {
  const byNamespace = new Map<string, { path: string; texts: Record<string, unknown> }[]>();
  for (const dir of LOCALES_DIRS) {
    for (const file of readdirSync(join(dir, language)).filter((name) => name.endsWith('.json'))) {
      const path = join(dir, language, file);
      const namespace = file.replace(/\.json$/, '');
      byNamespace.set(namespace, [
        ...(byNamespace.get(namespace) ?? []),
        { path, texts: JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown> },
      ]);
    }
  }
  return new Map([...byNamespace].map(([namespace, files]) => [namespace, completePluralForms(mergeLocaleFiles(files), language)]));
}

function strings(bundle: ResourceKey): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (node: unknown, key: string) => {
    if (typeof node === 'string') found.set(key, node);
    else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(v, key ? `${key}.${k}` : k);
  };
  walk(bundle, '');
  return found;
}

/** `namespace:base` of every plural key whose text counts (`{{count}}`), in any language. */
function countedKeys(): Set<string> {
  const keys = new Set<string>();
  for (const language of SUPPORTED_LOCALES) {
    for (const [namespace, bundle] of bundles(language)) {
      for (const [key, text] of strings(bundle)) {
        if (PLURAL.test(key) && text.includes('{{count}}')) keys.add(`${namespace}:${key.replace(PLURAL, '')}`);
      }
    }
  }
  return keys;
}

const COUNTED = countedKeys();
/** Every other placeholder filled with a word, so a leftover `{{` can only be a count's. */
const OTHER_VALUES: Record<string, string> = Object.fromEntries(
  SUPPORTED_LOCALES.flatMap((language) =>
    [...bundles(language).values()].flatMap((bundle) =>
      [...strings(bundle).values()].flatMap((text) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => [m[1], 'x'])),
    ),
  ),
);

describe.each(SUPPORTED_LOCALES)('counts in %s', (language) => {
  const loaded = bundles(language);
  const rules = new Intl.PluralRules(bcp47(language));

  it('has every plural form its language can ask for', () => {
    const missing: string[] = [];
    for (const qualified of COUNTED) {
      const [namespace = '', base = ''] = qualified.split(':');
      const texts = strings(loaded.get(namespace) ?? {});
      for (const category of rules.resolvedOptions().pluralCategories) {
        if (!texts.has(`${base}_${category}`)) missing.push(`${qualified}_${category}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('says 1, 2 and 5 with the number and the form of each', async () => {
    const instance = i18next.createInstance();
    await instance.init({
      lng: language,
      fallbackLng: false,
      resources: { [language]: Object.fromEntries(loaded) },
      interpolation: { escapeValue: false },
    });
    // A one form may leave the number out ("Restored."); every other count says it.
    const wrong: string[] = [];
    for (const qualified of COUNTED) {
      for (const count of [1, 2, 5]) {
        const text = instance.t(qualified, { ...OTHER_VALUES, count, formatted: String(count) });
        if (text === qualified || text.includes('{{') || (count !== 1 && !text.includes(String(count))))
          wrong.push(`${qualified} (${count}): ${text}`);
        const after = /\b1 ([a-z]+)\b/.exec(text)?.[1] ?? '';
        if (language === 'en' && count === 1 && /[^s]s$/.test(after) && after !== 'business') wrong.push(`${qualified} (1): ${text}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

/**
 * Number placeholders that are fixed settings, never 1 (a minimum length, a maximum number of rows,
 * a file size, days kept in the trash), may stand before a plural noun.
 */
const SETTINGS = new Set(['min', 'max', 'rows', 'mb', 'ms', 'days']);
/** Words after a placeholder that end in s but are no plural noun. */
const NOT_NOUNS = new Set(['is', 'was', 'has', 'its', 'this', 'as', 'leaves', 'sets', 'invites', 'belongs', 'keeps', 'ms']);

describe('English numbers before a noun', () => {
  it('go through a plural key', () => {
    const wrong: string[] = [];
    for (const [namespace, bundle] of bundles('en')) {
      for (const [key, text] of strings(bundle)) {
        if (PLURAL.test(key)) continue;
        for (const [, name = '', first = '', second] of text.matchAll(/\{\{(\w+)\}\} ([a-z-]{2,})(?: ([a-z-]+))?/g)) {
          if (SETTINGS.has(name) || NOT_NOUNS.has(first)) continue;
          const noun = /s$/.test(first) ? first : second !== undefined && /[^s]s$/.test(second) && !NOT_NOUNS.has(second) ? second : null;
          if (
            noun &&
            !/^(name|email|team|inviter|actor|user|plan|date|amount|card|role|field|fields|known|items|number|time|period|rate|month|email|host|domain)$/.test(
              name,
            )
          )
            wrong.push(`${namespace}:${key}: ${text}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
