import { vi } from 'vitest';

/**
 * Replaces some of a module's exports for the current test (call it in the test or a `beforeEach`).
 * The test files of a worker share its modules (vitest.config.ts), where `vi.mock` cannot work: a
 * module an earlier file loaded keeps the real import, and one loaded with the mock keeps it for the
 * files after. A spy on the export is seen by every importer and restored after the test.
 */
export function replaceExports<Module extends object>(module: Module, fakes: { [Name in keyof Module]?: unknown }): void {
  for (const name of Object.keys(fakes) as (keyof Module & string)[]) {
    vi.spyOn(module, name as never).mockImplementation(fakes[name] as never);
  }
}
