// Bundles the API into dist/server.js; npm packages stay external, the contracts are bundled from source.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
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
        b.onResolve({ filter: /^@enlaza\/contracts$/ }, () => ({ path: new URL('../../packages/contracts/src/index.ts', import.meta.url).pathname }));
      },
    },
  ],
  logLevel: 'warning',
});
