import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { firstPaintFont } from './build/first-paint-font.mjs';
import { localeAssets } from './build/locale-assets.ts';

/** Modules every page needs, bundled together (see build.rolldownOptions). */
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|use-sync-external-store)[\\/]/;

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    // The SPA's translations and the ones it shares with the server-rendered pages (see src/lib/i18n.ts).
    localeAssets([
      fileURLToPath(new URL('./src/locales', import.meta.url)),
      fileURLToPath(new URL('../../packages/contracts/src/locales', import.meta.url)),
    ]),
    firstPaintFont(),
  ],
  resolve: {
    // '@enlaza/contracts' exposes its TypeScript source under the 'source' condition.
    conditions: ['source', ...defaultClientConditions],
    alias: { '@/': fileURLToPath(new URL('./src/', import.meta.url)) },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // A lazy page's own CSS must come with it; its JS dependencies are fetched by the import
    // itself. Listing them too (for early preloading) put every page's file list into the entry
    // chunk, which the login page downloads (its budget: ≤ 150 KB gzip of JS).
    modulePreload: { resolveDependencies: (_file, deps) => deps.filter((dep) => dep.endsWith('.css')) },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What every page runs first (React, the router, i18next): one file rather than the
          // several small shared chunks it was split into, each with its own gzip dictionary and
          // import header (−1.9 KB gzip on the login page). Mantine stays out: grouping its core
          // too pulled in code only other pages use (+3 KB on login).
          groups: [{ name: 'framework', test: FRAMEWORK }],
        },
      },
    },
  },
});
