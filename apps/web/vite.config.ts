import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { localeAssets } from './build/locale-assets.ts';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), localeAssets(fileURLToPath(new URL('./src/locales', import.meta.url)))],
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
  },
});
