import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder of the API package, found by walking up (works from src/ in tests and from dist/ once bundled). */
export function apiPackageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === '@enlaza/api') return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Cannot locate the @enlaza/api package folder');
    dir = parent;
  }
}
