import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mergeLocaleFiles } from './locale-files';

// The folders the build and i18n.ts merge: the SPA's own, and what it shares with the server-rendered pages.
const DIRS = [
  join(import.meta.dirname, '..', 'locales'),
  join(import.meta.dirname, '..', '..', '..', '..', 'packages', 'contracts', 'src', 'locales'),
];

describe('a namespace written in two files', () => {
  it('has the texts of both', () => {
    const merged = mergeLocaleFiles([
      { path: 'web/register.json', texts: { verify: { title: 'Confirm' } } },
      { path: 'shared/register.json', texts: { title: 'Create', fields: { name: 'Name' } } },
    ]);
    expect(merged).toEqual({ verify: { title: 'Confirm' }, title: 'Create', fields: { name: 'Name' } });
  });

  it('fails when both write the same key, naming the two files', () => {
    const files = [
      { path: 'web/common.json', texts: { appName: 'Enlaza' } },
      { path: 'shared/common.json', texts: { appName: 'Enlaza' } },
    ];
    expect(() => mergeLocaleFiles(files)).toThrow(/"appName" is in both web\/common\.json and shared\/common\.json/);
  });

  it('never happens in the SPA’s and the shared translation files', () => {
    let namespaces = 0;
    for (const language of ['en', 'es', 'jp']) {
      const names = new Set(DIRS.flatMap((dir) => readdirSync(join(dir, language)).filter((name) => name.endsWith('.json'))));
      for (const name of names) {
        const files = DIRS.map((dir) => join(dir, language, name))
          .filter((path) => existsSync(path))
          .map((path) => ({ path, texts: JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown> }));
        expect(() => mergeLocaleFiles(files)).not.toThrow();
        namespaces += files.length > 1 ? 1 : 0;
      }
    }
    // common and register are in both folders, in each language.
    expect(namespaces).toBeGreaterThanOrEqual(6);
  });
});
