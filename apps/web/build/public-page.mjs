// Builds the server-rendered pages' own small scripts and stylesheets (not the SPA): the public card page
// (dist/assets/public-page-[hash].js/.css, plus a lazily loaded chunk for the QR code, named in dist/public-page.json)
// the sign-in page at / (dist/assets/login-page-[hash].js/.css, named in dist/login-page.json) and the
// registration page at /register (register-page, sharing the sign-in page's chrome).
import { writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const result = await build({
  entryPoints: {
    'public-page': `${root}src/public-page/main.ts`,
    'login-page': `${root}src/login-page/main.ts`,
    'register-page': `${root}src/login-page/register.ts`,
  },
  outdir: `${root}dist/assets`,
  entryNames: '[name]-[hash]',
  chunkNames: 'public-page-[name]-[hash]',
  bundle: true,
  // '@enlaza/contracts' from its TypeScript source, as the SPA's build reads it (no need of its dist).
  conditions: ['source'],
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
const sources = {
  'public-page': 'src/public-page/main.ts',
  'login-page': 'src/login-page/main.ts',
  'register-page': 'src/login-page/register.ts',
};
for (const [name, source] of Object.entries(sources)) {
  const entry = outputs.find(([, o]) => o.entryPoint?.endsWith(source));
  if (!entry) throw new Error(`${name}: no entry output`);
  const js = `/assets/${basename(entry[0])}`;
  const css = entry[1].cssBundle ? `/assets/${basename(entry[1].cssBundle)}` : null;
  writeFileSync(`${root}dist/${name}.json`, JSON.stringify({ js, css }, null, 2));
  console.log(`${name}: ${js} ${css ?? ''}`);
}
