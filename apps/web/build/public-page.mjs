// Builds the public page's own small script and stylesheet (not the SPA): dist/assets/public-page-[hash].js/.css,
// plus a lazily loaded chunk for the QR code, and dist/public-page.json naming them for the server.
import { writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const result = await build({
  entryPoints: { 'public-page': `${root}src/public-page/main.ts` },
  outdir: `${root}dist/assets`,
  entryNames: '[name]-[hash]',
  chunkNames: 'public-page-[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'browser',
  target: ['es2020', 'safari14'],
  minify: true,
  metafile: true,
  legalComments: 'none',
  logLevel: 'warning',
});
const outputs = Object.entries(result.metafile.outputs);
const entry = outputs.find(([, o]) => o.entryPoint?.endsWith('src/public-page/main.ts'));
if (!entry) throw new Error('public-page: no entry output');
const js = `/assets/${basename(entry[0])}`;
const css = entry[1].cssBundle ? `/assets/${basename(entry[1].cssBundle)}` : null;
writeFileSync(`${root}dist/public-page.json`, JSON.stringify({ js, css }, null, 2));
console.log(`public page: ${js} ${css ?? ''}`);
