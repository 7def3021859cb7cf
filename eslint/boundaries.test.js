// Proves the boundary rules fire, with the zones eslint.config.js uses, on imports spelt every way a
// module could reach into another, or shared code into a module (run by `npm run lint`).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import boundaries from './boundaries.js';
import { apiModuleDefinitions, apiModuleSchemas, apiModules, apiSharedCode, webFeatures } from './boundary-zones.js';

const root = new URL('..', import.meta.url).pathname;

function linter(zone, rule) {
  return new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser } },
      { files: zone.files, plugins: { enlaza: boundaries }, rules: { [rule]: ['error', zone.options] } },
    ],
  });
}

async function problems(zone, filePath, code, rule = RULE) {
  const [result] = await linter(zone, rule).lintText(code, { filePath });
  return result.messages.map((m) => m.ruleId ?? m.message);
}

const RULE = 'enlaza/module-boundaries';
const SHARED = 'enlaza/shared-code';
const DEFINITIONS = 'enlaza/module-definitions';

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
  assert.deepEqual(await problems(apiModules, file, "export type Row = import('../profiles/schema.js').Card;\n"), [RULE]);
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

test("importing a module's definition (module.ts) fails anywhere but in app.ts's module list", async () => {
  const cases = [
    ['apps/api/src/modules/mailbox/service.ts', '../profiles/module.js'],
    ['apps/api/src/modules/mailbox/index.ts', './module.js'],
    ['apps/api/src/modules/mailbox/feedback/x.ts', '../../../modules/profiles/module.ts'],
    ['apps/api/src/server.ts', './modules/auth/module.js'],
    ['apps/api/src/db/seed.ts', '../modules/account/module.js'],
    ['apps/api/test/helpers/test-app.ts', '../../src/modules/payments/module.js'],
  ];
  for (const [file, spec] of cases) {
    for (const code of [
      `import { x } from '${spec}';\nexport { x };\n`,
      `export type { X } from '${spec}';\n`,
      `export const load = () => import('${spec}');\n`,
    ]) {
      assert.deepEqual(await problems(apiModuleDefinitions, file, code, DEFINITIONS), [DEFINITIONS], `${file}: ${code}`);
    }
  }
});

test("app.ts's module list imports the definitions; everyone else may import a module's index.ts", async () => {
  const app = "import { accountModule } from './modules/account/module.js';\nexport { accountModule };\n";
  assert.deepEqual(await problems(apiModuleDefinitions, 'apps/api/src/app.ts', app, DEFINITIONS), []);
  const code =
    "import { a } from '../profiles/index.js';\nimport { b } from './repository.js';\nimport { c } from '../../platform/modules.js';\nexport { a, b, c };\n";
  assert.deepEqual(await problems(apiModuleDefinitions, 'apps/api/src/modules/mailbox/service.ts', code, DEFINITIONS), []);
});

test('lib/ and platform/ importing an API module fails, type-only and however the path is spelt', async () => {
  const lib = 'apps/api/src/lib/request-context.ts';
  const platform = 'apps/api/src/platform/modules.ts';
  const cases = [
    [lib, "import type { RequestOrigin } from '../modules/activity/service.js';\nexport type { RequestOrigin };\n"],
    [lib, "import { x } from '../modules/activity/index.js';\nexport { x };\n"],
    [lib, "import { x } from './../../src/modules/auth/service.js';\nexport { x };\n"],
    [lib, "export type { LocalisedText } from '../modules/catalogue/schema.js';\n"],
    [lib, "export * from '../modules/catalogue/index.js';\n"],
    [lib, "export const load = () => import('../modules/auth/index.js');\n"],
    [lib, "export type User = import('../modules/account/index.js').UserRow;\n"],
    [lib, "import { appSettings } from '../db/schema/index.js';\nexport { appSettings };\n"],
    [platform, "import type { Mailer } from '../modules/communications/mailer.js';\nexport type { Mailer };\n"],
    [platform, "declare module '../modules/auth/index.js' {\n  interface X {\n    y: string;\n  }\n}\nexport {};\n"],
    ['apps/api/src/platform/nested/deeper.ts', "import { x } from '../../modules/mailbox/index.js';\nexport { x };\n"],
  ];
  for (const [file, code] of cases) assert.deepEqual(await problems(apiSharedCode, file, code, SHARED), [SHARED], `${file}: ${code}`);
});

test('lib/ and platform/ may import each other, the database client and packages; a module may import them', async () => {
  const code =
    "import { a } from '../platform/jobs.js';\nimport { b } from './errors.js';\nimport type { Database } from '../db/client.js';\nimport { c } from '../platform/schema.js';\nimport { d } from 'drizzle-orm';\nexport { a, b, c, d, type Database };\n";
  assert.deepEqual(await problems(apiSharedCode, 'apps/api/src/lib/rate-limit.ts', code, SHARED), []);
  const moduleCode =
    "import { a } from '../../lib/auth.js';\nimport type { Mailer } from '../../platform/mailer.js';\nimport { b } from '../activity/index.js';\nexport { a, b, type Mailer };\n";
  const moduleFile = 'apps/api/src/modules/mailbox/service.ts';
  assert.deepEqual(await problems(apiSharedCode, moduleFile, moduleCode, SHARED), []);
  assert.deepEqual(await problems(apiModules, moduleFile, moduleCode), []);
});
