// Proves the rule that keeps the apps out of each other's source fires, with the zone eslint.config.js
// uses, on every way one app could name a file of the other (run by `npm run lint`).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import appBoundaries from './app-boundaries.js';
import { apps } from './boundary-zones.js';

const root = new URL('..', import.meta.url).pathname;
const RULE = 'enlaza-apps/no-other-app-source';

const linter = new ESLint({
  cwd: root,
  overrideConfigFile: true,
  overrideConfig: [
    { files: ['**/*.{ts,tsx,js,mjs}'], languageOptions: { parser: tseslint.parser } },
    { files: apps.files, plugins: { 'enlaza-apps': appBoundaries }, rules: { [RULE]: ['error', apps.options] } },
  ],
});

async function problems(filePath, code) {
  const [result] = await linter.lintText(code, { filePath });
  return result.messages.map((m) => m.ruleId ?? m.message);
}

test("the API importing the web app's source fails, however the path is spelt", async () => {
  const page = 'apps/api/src/modules/login-page/page.ts';
  const cases = [
    [page, "import enAuth from '../../../../web/src/locales/en/auth.json' with { type: 'json' };\nexport { enAuth };\n"],
    [page, "import { SESSION_KEYS } from '../../../../web/src/lib/session-keys.js';\nexport { SESSION_KEYS };\n"],
    [page, "import type { Texts } from '../../../../web/src/login-page/logic.js';\nexport type { Texts };\n"],
    [page, "export { PASSWORD_MIN_LENGTH } from '../../../../web/src/features/registration/components/password-strength.js';\n"],
    [page, "export * from '../../../../web/src/public-page/page-data.js';\n"],
    [page, "export const load = () => import('../../../../web/src/locales/es/common.json');\n"],
    [page, "export type Texts = import('../../../../web/src/login-page/logic.js').Texts;\n"],
    [
      'apps/api/src/modules/public-profile/page/document.ts',
      "import { x } from '../../../../../web/src/public-page/main.js';\nexport { x };\n",
    ],
    [
      'apps/api/test/login-page/login-page.test.ts',
      "import esAuth from '../../../web/src/locales/es/auth.json' with { type: 'json' };\nexport { esAuth };\n",
    ],
    ['apps/api/build.mjs', "import { localeAssets } from '../web/build/locale-assets.ts';\nexport { localeAssets };\n"],
  ];
  for (const [file, code] of cases) assert.deepEqual(await problems(file, code), [RULE], `${file}: ${code}`);
});

test("the web app importing the API's source fails, through its alias and in a glob too", async () => {
  const file = 'apps/web/src/login-page/register.ts';
  const cases = [
    "import { renderRegisterPage } from '../../../api/src/modules/login-page/page.js';\nexport { renderRegisterPage };\n",
    "import type { Config } from '@/../../api/src/config';\nexport type { Config };\n",
    "import en from '../../../api/src/locales/en.json';\nexport { en };\n",
    "export const files = import.meta.glob('../../../api/src/locales/*.json');\n",
    "export const files = import.meta.glob(['./*.css', '../../../api/src/modules/*/page.ts']);\n",
  ];
  for (const code of cases) assert.deepEqual(await problems(file, code), [RULE], code);
  assert.deepEqual(
    await problems('apps/web/vite.config.ts', "import { envSchema } from '../api/src/config.ts';\nexport { envSchema };\n"),
    [RULE],
  );
});

test('each app may import its own files and the shared packages by name', async () => {
  const api =
    "import { PASSWORD_MIN_LENGTH, SESSION_KEYS } from '@enlaza/contracts';\nimport { PAGE_STRINGS } from '@enlaza/contracts/page-strings';\nimport { htmlLang } from '../public-profile/index.js';\nimport en from '../../locales/en.json' with { type: 'json' };\nexport { PASSWORD_MIN_LENGTH, SESSION_KEYS, PAGE_STRINGS, htmlLang, en };\n";
  assert.deepEqual(await problems('apps/api/src/modules/login-page/page.ts', api), []);
  const web =
    "import { SESSION_KEYS } from '@enlaza/contracts';\nimport { api } from '@/lib/http';\nimport { x } from '../lib/i18n';\nexport const files = import.meta.glob(['../locales/*/*.json', '../../../../packages/contracts/src/locales/*/*.json']);\nexport { SESSION_KEYS, api, x };\n";
  assert.deepEqual(await problems('apps/web/src/lib/example.ts', web), []);
});
