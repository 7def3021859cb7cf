import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
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
  },
});
