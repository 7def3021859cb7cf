import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { mergeLocaleFiles, type LocaleFile } from '../src/lib/locale-files.ts';

type LocaleAsset = { language: string; namespace: string; json: string };

/** Every `{lng}/{namespace}.json` of the folders, one asset per language and namespace (their files merged). */
function readLocales(dirs: readonly string[]): LocaleAsset[] {
  const found = new Map<string, LocaleFile[]>();
  for (const dir of dirs) {
    for (const entry of readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory())) {
      for (const file of readdirSync(join(dir, entry.name)).filter((name) => name.endsWith('.json'))) {
        const path = join(dir, entry.name, file);
        const key = `${entry.name}/${file.slice(0, -'.json'.length)}`;
        found.set(key, [...(found.get(key) ?? []), { path, texts: JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown> }]);
      }
    }
  }
  return [...found.keys()].sort().map((key) => {
    const [language = '', namespace = ''] = key.split('/');
    return { language, namespace, json: JSON.stringify(mergeLocaleFiles(found.get(key) ?? [])) };
  });
}

/**
 * The built app fetches translations as JSON from one versioned folder,
 * `/assets/locales/{version}/{lng}/{namespace}.json` (the version is a hash of them all, so they
 * are cached like hashed assets). The entry code then holds no table of per-file chunk names, which
 * grew with every namespace and weighed on the login page. The dev server and the unit tests keep
 * Vite's glob of the same folders (see src/lib/i18n.ts). `dirs`: the SPA's `src/locales` and the
 * texts it shares with the server-rendered pages (packages/contracts/src/locales); a namespace
 * found in both is one file, merged.
 */
export function localeAssets(dirs: readonly string[]): Plugin {
  const files = readLocales(dirs);
  const version = createHash('sha256')
    .update(files.map((f) => `${f.language}/${f.namespace}:${f.json}`).join('\n'))
    .digest('hex')
    .slice(0, 12);
  const folder = `assets/locales/${version}/`;
  return {
    name: 'enlaza-locale-assets',
    config: () => ({
      define: {
        __LOCALE_BASE__: JSON.stringify(`/${folder}`),
        __LOCALE_NAMESPACES__: JSON.stringify([...new Set(files.map((f) => f.namespace))].sort()),
      },
    }),
    generateBundle() {
      for (const f of files) this.emitFile({ type: 'asset', fileName: `${folder}${f.language}/${f.namespace}.json`, source: f.json });
    },
  };
}
