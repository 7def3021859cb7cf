import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

type LocaleFile = { language: string; namespace: string; json: string };

function readLocales(dir: string): LocaleFile[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) =>
      readdirSync(join(dir, entry.name))
        .filter((file) => file.endsWith('.json'))
        .sort()
        .map((file) => ({
          language: entry.name,
          namespace: file.slice(0, -'.json'.length),
          json: JSON.stringify(JSON.parse(readFileSync(join(dir, entry.name, file), 'utf8'))),
        })),
    );
}

/**
 * The built app fetches translations as JSON from one versioned folder,
 * `/assets/locales/{version}/{lng}/{namespace}.json` (the version is a hash of them all, so they
 * are cached like hashed assets). The entry code then holds no table of per-file chunk names, which
 * grew with every namespace and weighed on the login page. The dev server and the unit tests keep
 * Vite's glob of `src/locales` (see src/lib/i18n.ts).
 */
export function localeAssets(localesDir: string): Plugin {
  const files = readLocales(localesDir);
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
