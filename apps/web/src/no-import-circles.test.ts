import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

type MadgeConfig = {
  fileExtensions: string[];
  tsConfig: string;
  detectiveOptions: {
    ts: { skipTypeImports: boolean; skipAsyncImports: boolean };
    tsx: { skipTypeImports: boolean; skipAsyncImports: boolean };
  };
};
type MadgeResult = { circular(): string[][]; warnings(): { skipped: string[] } };
// madge is CommonJS without type declarations.
const madge = createRequire(import.meta.url)('madge') as (path: string, config: MadgeConfig) => Promise<MadgeResult>;

const src = fileURLToPath(new URL('.', import.meta.url));
const tsConfig = fileURLToPath(new URL('../tsconfig.json', import.meta.url));

/** What an import may name without being a file of src: a package, or an asset the bundler handles (styles, fonts). */
const notSource = (name: string) => !name.startsWith('.') || /\.(css|svg|png|woff2?)$/.test(name);

describe('the web source imports no circle', () => {
  it('has no import circle, type-only imports, re-exports and lazy imports counted', async () => {
    // Type-only imports count: a circle of types is the same tangle of modules, and turns into a
    // runtime one as soon as one of its imports carries a value. Lazy imports count: a lazily loaded
    // page that imports its router reaches back into the module that loads it.
    const options = { skipTypeImports: false, skipAsyncImports: false };
    const graph = await madge(src, {
      fileExtensions: ['ts', 'tsx'],
      tsConfig,
      detectiveOptions: { ts: options, tsx: options },
    });
    // An import of a file of src that madge cannot resolve would hide its edges: none is left.
    expect(graph.warnings().skipped.filter((name) => !notSource(name))).toEqual([]);
    expect(graph.circular().map((circle) => circle.join(' > '))).toEqual([]);
  }, 120_000);
});
