import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every string that counts something goes through i18next's plural rules: a string with `{{count}}`
 * is a plural form (`key_one`, `key_other`), and each plural key has both forms, so no screen can say
 * "1 records". Strings where the count is not the quantity of a noun are listed here by hand.
 */
const NOT_A_QUANTITY = new Set([
  // "3 of 10": a position, the same for every number.
  'profiles:ordered.count',
]);

// The SPA's own translations and the ones it shares with the server-rendered pages (see i18n.ts).
const LOCALES_DIRS = [
  join(import.meta.dirname, '..', 'locales'),
  join(import.meta.dirname, '..', '..', '..', '..', 'packages', 'contracts', 'src', 'locales'),
];
const LANGUAGES = ['en', 'es', 'jp'] as const;

function strings(language: string): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (node: unknown, key: string) => {
    if (typeof node === 'string') found.set(key, node);
    else if (node && typeof node === 'object')
      for (const [k, v] of Object.entries(node)) walk(v, key.endsWith(':') ? `${key}${k}` : `${key}.${k}`);
  };
  for (const dir of LOCALES_DIRS) {
    for (const file of readdirSync(join(dir, language)).filter((name) => name.endsWith('.json'))) {
      walk(JSON.parse(readFileSync(join(dir, language, file), 'utf8')), `${file.replace(/\.json$/, '')}:`);
    }
  }
  return found;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;

describe.each(LANGUAGES)('plurals in %s', (language) => {
  const all = strings(language);

  it('has a plural form for every string that counts', () => {
    const unpluralised = [...all]
      .filter(([key, text]) => text.includes('{{count}}') && !PLURAL.test(key) && !NOT_A_QUANTITY.has(key))
      .map(([key, text]) => `${key}: ${text}`);
    expect(unpluralised).toEqual([]);
  });

  it('has both the one and the other form of each plural key', () => {
    const bases = new Set([...all.keys()].filter((key) => PLURAL.test(key)).map((key) => key.replace(PLURAL, '')));
    const incomplete = [...bases].filter((base) => !all.has(`${base}_one`) || !all.has(`${base}_other`));
    expect(incomplete).toEqual([]);
  });

  it('never writes the number 1 in front of a plural English noun in a one form', () => {
    if (language !== 'en') return;
    const wrong = [...all].filter(([key, text]) => key.endsWith('_one') && /\b1 \w+s\b/.test(text)).map(([key, text]) => `${key}: ${text}`);
    expect(wrong).toEqual([]);
  });
});
