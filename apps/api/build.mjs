// Bundles the API into dist/server.js and the job worker into dist/worker.js; npm packages stay external, the contracts are bundled from source.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server.ts', 'src/worker.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  conditions: ['source'],
  plugins: [
    {
      name: 'bundle-contracts',
      setup(b) {
        // The package root and its subpath entries (`@enlaza/contracts/page-strings`), each from its source file.
        b.onResolve({ filter: /^@enlaza\/contracts(\/[\w-]+)?$/ }, (args) => ({
          path: new URL(`../../packages/contracts/src/${args.path.split('/')[2] ?? 'index'}.ts`, import.meta.url).pathname,
        }));
      },
    },
  ],
  logLevel: 'warning',
});
