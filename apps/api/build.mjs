// Bundles the API into dist/server.js and the job worker into dist/worker.js; npm packages stay external, the contracts are bundled from source.
// The tests that start the server as a process build the same bundle elsewhere (test/global-setup.ts).
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** The bundle `npm start` runs, written to `outdir` (a folder inside apps/api, so that its packages resolve). */
export async function buildApi(outdir) {
  await build({
    entryPoints: [fileURLToPath(new URL('src/server.ts', import.meta.url)), fileURLToPath(new URL('src/worker.ts', import.meta.url))],
    outdir,
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
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildApi(fileURLToPath(new URL('dist', import.meta.url)));
