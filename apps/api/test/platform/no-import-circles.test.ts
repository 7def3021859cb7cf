import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

type MadgeConfig = {
  fileExtensions: string[];
  tsConfig: string;
  detectiveOptions: { ts: { skipTypeImports: boolean; skipAsyncImports: boolean } };
};
type MadgeResult = { circular(): string[][]; warnings(): { skipped: string[] } };
// madge is CommonJS without type declarations.
const madge = createRequire(import.meta.url)('madge') as (path: string, config: MadgeConfig) => Promise<MadgeResult>;

const src = fileURLToPath(new URL('../../src', import.meta.url));
const tsConfig = fileURLToPath(new URL('../../tsconfig.json', import.meta.url));

describe('the API source imports no circle (docs/architecture.md)', () => {
  it('has no import circle, type-only imports and re-exports counted', async () => {
    // Type-only imports count too: a circle of types is the same tangle of modules, and it becomes a
    // runtime circle as soon as one of its imports carries a value.
    const graph = await madge(src, {
      fileExtensions: ['ts'],
      tsConfig,
      detectiveOptions: { ts: { skipTypeImports: false, skipAsyncImports: false } },
    });
    // Only packages are left unresolved (the workspace's contracts, PGlite's extensions), never a file of src.
    expect(graph.warnings().skipped.filter((name) => name.startsWith('.'))).toEqual([]);
    expect(graph.circular().map((circle) => circle.join(' > '))).toEqual([]);
  }, 120_000);
});
