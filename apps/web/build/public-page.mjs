// Builds the server-rendered pages' own small scripts and stylesheets (not the SPA): the public card page
// (dist/assets/public-page-[hash].js/.css, plus a lazily loaded chunk for the QR code, named in dist/public-page.json)
// the sign-in page at / (dist/assets/login-page-[hash].js/.css, named in dist/login-page.json) and the
// registration page at /register (register-page, sharing the sign-in page's chrome). Runs after the
// SPA's build: the pages' fonts are the files it emitted (see sharedFonts).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { FIRST_PAINT_FONT } from './first-paint-font.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const emitted = readdirSync(`${root}dist/assets`);

/**
 * The font files of src/styles/fonts.css, as the SPA's build emitted them (dist/assets/<name>-<hash>.woff2):
 * one file at one address for every page, so the fonts a visitor's browser cached on the sign-in page
 * serve the SPA after it, and the other way round.
 */
const sharedFonts = {
  name: 'shared-fonts',
  setup(pages) {
    pages.onResolve({ filter: /\.woff2$/ }, async (args) => {
      if (args.pluginData === 'shared-fonts') return undefined;
      const found = await pages.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: 'shared-fonts' });
      if (found.errors.length > 0) return { errors: found.errors };
      const name = basename(found.path, extname(found.path));
      const bytes = readFileSync(found.path);
      const file = emitted.find(
        (f) => f.startsWith(`${name}-`) && f.endsWith('.woff2') && readFileSync(`${root}dist/assets/${f}`).equals(bytes),
      );
      if (!file) return { errors: [{ text: `${basename(found.path)} is not among the SPA's built files: run vite build first` }] };
      return { path: `/assets/${file}`, external: true };
    });
  },
};
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
  plugins: [sharedFonts],
});
const firstPaintFont = emitted.find((f) => f.startsWith(`${basename(FIRST_PAINT_FONT, '.woff2')}-`) && f.endsWith('.woff2'));
if (!firstPaintFont) throw new Error(`${FIRST_PAINT_FONT} is not among the SPA's built files`);
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
  // fonts: what the page's HTML preloads (the file its first frame draws with).
  writeFileSync(`${root}dist/${name}.json`, JSON.stringify({ js, css, fonts: [`/assets/${firstPaintFont}`] }, null, 2));
  console.log(`${name}: ${js} ${css ?? ''}`);
}
