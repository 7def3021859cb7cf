// Proves the module-boundary rule fires, with the zones eslint.config.js uses, on imports spelt
// every way a module could reach into another (run by `npm run lint`).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import boundaries from './boundaries.js';
import { apiModuleSchemas, apiModules, webFeatures } from './boundary-zones.js';

const root = new URL('..', import.meta.url).pathname;

function linter(zone) {
  return new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser } },
      { files: zone.files, plugins: { enlaza: boundaries }, rules: { 'enlaza/module-boundaries': ['error', zone.options] } },
    ],
  });
}

async function problems(zone, filePath, code) {
  const [result] = await linter(zone).lintText(code, { filePath });
  return result.messages.map((m) => m.ruleId ?? m.message);
}

const RULE = 'enlaza/module-boundaries';

test('a web feature importing another feature fails, however the path is spelt', async () => {
  const file = 'apps/web/src/features/mailbox/pages/inbox.tsx';
  for (const spec of ['@/features/cloud/api/files', '../../cloud/api/files', '../../cloud', '@/features/cloud']) {
    assert.deepEqual(await problems(webFeatures, file, `import { x } from '${spec}';\nexport { x };\n`), [RULE], spec);
  }
});

test('a web feature may import its own files and shared code', async () => {
  const file = 'apps/web/src/features/mailbox/pages/inbox.tsx';
  const code =
    "import { a } from '../api/messages';\nimport { b } from '@/components/page-header';\nimport { c } from '@/features/mailbox/api/x';\nexport { a, b, c };\n";
  assert.deepEqual(await problems(webFeatures, file, code), []);
});

test("an API module importing another module's internals or the shared tables fails", async () => {
  const file = 'apps/api/src/modules/mailbox/service.ts';
  for (const spec of [
    '../profiles/repository.js',
    '../profiles/schema.js',
    '../../modules/profiles/service.js',
    '../../db/schema/index.js',
    '../../db/schema/content.js',
  ]) {
    assert.deepEqual(await problems(apiModules, file, `import { x } from '${spec}';\nexport { x };\n`), [RULE], spec);
  }
  assert.deepEqual(await problems(apiModules, file, "export * from '../profiles/repository.js';\n"), [RULE]);
  assert.deepEqual(await problems(apiModules, file, "export const load = () => import('../profiles/service.js');\n"), [RULE]);
});

test("an API module may import another module's entry file and its own files", async () => {
  const file = 'apps/api/src/modules/mailbox/service.ts';
  const code =
    "import { a } from '../profiles/index.js';\nimport { b } from './repository.js';\nimport { c } from './schema.js';\nimport { d } from '../../platform/jobs.js';\nexport { a, b, c, d };\n";
  assert.deepEqual(await problems(apiModules, file, code), []);
});

test("a module's schema may reference another module's tables in foreign keys, and only its schema", async () => {
  const file = 'apps/api/src/modules/mailbox/schema.ts';
  assert.deepEqual(await problems(apiModuleSchemas, file, "import { profiles } from '../profiles/schema.js';\nexport { profiles };\n"), []);
  for (const spec of ['../profiles/repository.js', '../../db/schema/index.js']) {
    assert.deepEqual(await problems(apiModuleSchemas, file, `import { x } from '${spec}';\nexport { x };\n`), [RULE], spec);
  }
});
