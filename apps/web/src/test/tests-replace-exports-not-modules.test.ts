import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/*
 * The test files of a worker share its modules (vitest.config.ts: `isolate: false`). There a module
 * replaced with `vi.mock` reaches the wrong files or misses the right ones: a module an earlier file
 * loaded keeps the real import, and one loaded with the mock keeps it for the files after. A test
 * replaces exports instead (`replaceExports` in src/test/replace-exports.ts), restored after it.
 */
const SOURCE = new URL('../', import.meta.url);
const THIS_FILE = 'test/tests-replace-exports-not-modules.test.ts'; // it names the calls it looks for

/** The module-replacing calls in a source. */
function moduleMocks(source: string): string[] {
  return [...source.matchAll(/\bvi\.(mock|doMock)\(\s*(['"][^'"]+['"])/g)].map(([, call, path]) => `vi.${call}(${path})`);
}

const testFiles = readdirSync(SOURCE, { recursive: true, encoding: 'utf8' })
  .map((file) => file.replaceAll('\\', '/'))
  .filter((file) => /\.test\.tsx?$/.test(file) && file !== THIS_FILE);

describe('tests replace exports, not modules', () => {
  it('finds a module mock', () => {
    expect(moduleMocks('vi.mock(\'../api/campaigns\', () => ({}));\nvi.doMock("./x")')).toEqual([
      "vi.mock('../api/campaigns')",
      'vi.doMock("./x")',
    ]);
    expect(moduleMocks('replaceExports(campaignsApi, { useCampaignSender: () => null });')).toEqual([]);
  });

  it('no test file mocks a module', () => {
    expect(testFiles.length).toBeGreaterThan(80);
    const offenders = testFiles.flatMap((file) =>
      moduleMocks(readFileSync(new URL(file, SOURCE), 'utf8')).map((mock) => `src/${file}: ${mock}`),
    );
    expect(offenders, 'replace the exports a test needs with `replaceExports` from @/test/replace-exports').toEqual([]);
  });
});
