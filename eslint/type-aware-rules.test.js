// The type-aware lint rules run in oxlint (.oxlintrc.json, decision 0042), ESLint runs the rest. Proves
// that nothing was lost in the move: oxlint runs every type-aware rule typescript-eslint recommends, on
// the files ESLint lints, each fires, and every file it lints belongs to a TypeScript project (run by
// `npm run lint`).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, relative } from 'node:path';
import { test } from 'node:test';
import tseslint from 'typescript-eslint';
import eslintConfig from '../eslint.config.js';

const root = new URL('..', import.meta.url).pathname;
const oxlint = join(root, 'node_modules', '.bin', 'oxlint');
const tsc = join(root, 'node_modules', 'typescript-native', 'bin', 'tsc');
const PROBE = join(root, 'eslint', 'fixtures', 'type-aware-probe.ts');

/** A JSON file whose comments are whole lines (.oxlintrc.json, tsconfig.json). */
const readJson = (path) =>
  JSON.parse(
    readFileSync(join(root, path), 'utf8')
      .split('\n')
      .filter((line) => !line.trim().startsWith('//'))
      .join('\n'),
  );

const config = readJson('.oxlintrc.json');

/** typescript-eslint's recommendedTypeChecked rules that need type information, by bare name. */
function typeAwareRecommended() {
  const rules = {};
  for (const part of tseslint.configs.recommendedTypeChecked) Object.assign(rules, part.rules);
  return Object.keys(rules)
    .filter((name) => name.startsWith('@typescript-eslint/'))
    .map((name) => name.replace('@typescript-eslint/', ''))
    .filter((name) => tseslint.plugin.rules[name].meta.docs?.requiresTypeChecking)
    .sort();
}

const on = (setting) => (Array.isArray(setting) ? setting[0] : setting) !== 'off';

test("oxlint runs every type-aware rule of typescript-eslint's recommendedTypeChecked, only require-await off", () => {
  const configured = Object.keys(config.rules).map((name) => name.replace('typescript/', ''));
  assert.deepEqual(configured.sort(), typeAwareRecommended());
  const off = Object.entries(config.rules).filter(([, setting]) => !on(setting));
  assert.deepEqual(
    off.map(([name]) => name),
    ['typescript/require-await'],
  );
});

/** The folders `npm run lint:code` gives `tool` (eslint, oxlint). */
function lintedFolders(tool) {
  const command = readJson('package.json')
    .scripts['lint:code'].split('&&')
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === tool);
  return command.slice(1).filter((arg) => !arg.startsWith('-'));
}

test('oxlint lints the folders ESLint lints and leaves out the files ESLint leaves out, and no others', () => {
  assert.deepEqual(lintedFolders('oxlint'), lintedFolders('eslint'));
  const eslintIgnores = eslintConfig.find((part) => part.ignores && Object.keys(part).length === 1).ignores;
  assert.deepEqual([...config.ignorePatterns].sort(), [...eslintIgnores].sort());
});

/** Lints the probe at each of `paths` in a folder of its own, with .oxlintrc.json's rules and overrides: the rules that fired there, by line. */
function findings(paths) {
  const dir = mkdtempSync(join(tmpdir(), 'type-aware-probe-'));
  try {
    for (const path of paths) cpSync(PROBE, join(dir, path));
    const { rules, overrides, plugins, categories, options } = config;
    writeFileSync(join(dir, '.oxlintrc.json'), JSON.stringify({ plugins, categories, options, rules, overrides }));
    const base = readJson('tsconfig.base.json');
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { ...base.compilerOptions, noEmit: true, lib: ['ES2023', 'DOM'], types: [] } }),
    );
    let output;
    try {
      output = execFileSync(oxlint, ['--format', 'json', ...paths], {
        cwd: dir,
        encoding: 'utf8',
        // Found from the folder linted otherwise, which has no node_modules.
        env: { ...process.env, OXLINT_TSGOLINT_PATH: join(root, 'node_modules', '.bin', 'tsgolint') },
      });
    } catch (error) {
      output = error.stdout; // it exits 1 when it finds something, as it must here
    }
    const byFile = Object.fromEntries(paths.map((path) => [path, []]));
    for (const diagnostic of JSON.parse(output).diagnostics) {
      const rule = /^typescript\((.+)\)$/.exec(diagnostic.code)?.[1] ?? diagnostic.code;
      byFile[diagnostic.filename].push(`${diagnostic.labels[0].span.line}: ${rule}`);
    }
    return byFile;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The rules about `any`, off in tests (they read untyped JSON answers and assert on them directly). */
const offInTests = ['no-unsafe-argument', 'no-unsafe-assignment', 'no-unsafe-call', 'no-unsafe-member-access', 'no-unsafe-return'];

/** What the probe says fires, by line: `// <rule>` at a line's end. */
function expected({ inTests }) {
  const lines = readFileSync(PROBE, 'utf8').split('\n');
  return lines
    .map((line, index) => [index + 1, /\/\/ ([a-z-]+)$/.exec(line)?.[1]])
    .filter(([, rule]) => rule && !(inTests && offInTests.includes(rule)))
    .map(([line, rule]) => `${line}: ${rule}`);
}

test('each rule fires on its line of the probe; in a test file the rules about `any` do not', () => {
  // Test files: in a test folder, named *.test.ts(x), browser tests and benchmarks.
  const tests = ['api/test/probe.ts', 'web/probe.test.ts', 'web/probe.test.tsx', 'e2e/tests/probe.ts', 'bench/probe.ts'];
  const found = findings(['src/probe.ts', ...tests]);
  const sorted = (list) => [...new Set(list)].sort();
  assert.deepEqual(sorted(found['src/probe.ts']), sorted(expected({ inTests: false })));
  for (const path of tests) assert.deepEqual(sorted(found[path]), sorted(expected({ inTests: true })), path);
  // Every configured rule is on a line of the probe.
  const probed = new Set(expected({ inTests: false }).map((entry) => entry.split(': ')[1]));
  assert.deepEqual(
    Object.keys(config.rules)
      .filter((name) => on(config.rules[name]))
      .map((name) => name.replace('typescript/', ''))
      .filter((name) => !probed.has(name)),
    [],
  );
});

/** `**` any folders, `*` any name part: an ignore pattern as a regular expression over a path from the root. */
const globToRegExp = (glob) =>
  new RegExp(
    `^${glob
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*\*\//g, '\u0000')
      .replace(/\*\*/g, '.*')
      .replace(/\*/g, '[^/]*')
      .replace(/\u0000/g, '(?:.*/)?')}$`,
  );

test('every file oxlint lints belongs to a TypeScript project, whose types tsc checks', () => {
  const ignored = config.ignorePatterns.map(globToRegExp);
  const linted = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      const fromRoot = relative(root, path);
      if (entry.name === 'node_modules' || ignored.some((pattern) => pattern.test(fromRoot) || pattern.test(`${fromRoot}/`))) continue;
      if (entry.isDirectory()) walk(path);
      else if (['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '.jsx'].includes(extname(entry.name))) linted.push(fromRoot);
    }
  };
  for (const folder of lintedFolders('oxlint')) walk(join(root, folder));
  const { references } = readJson('tsconfig.json');
  const inProjects = new Set(
    references.flatMap(({ path }) =>
      execFileSync(process.execPath, [tsc, '-p', join(root, path), '--listFilesOnly'], { encoding: 'utf8' })
        .split('\n')
        .filter(Boolean)
        .map((file) => relative(root, file)),
    ),
  );
  assert.ok(linted.length > 500, `found ${linted.length} files to lint`);
  assert.deepEqual(
    linted.filter((file) => !inProjects.has(file)),
    [],
  );
});
