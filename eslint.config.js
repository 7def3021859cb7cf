// Lint for every workspace, without type information: the type-aware rules run in oxlint (.oxlintrc.json,
// decision 0042), whose types come from TypeScript 7. `npm run lint` is part of `npm test`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from './eslint/boundaries.js';
import appBoundaries from './eslint/app-boundaries.js';
import { apiModuleDefinitions, apiModuleSchemas, apiModules, apiSharedCode, apps, webFeatures } from './eslint/boundary-zones.js';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'scripts/**',
      '**/drizzle/**',
      '**/*.config.js',
      '**/build.mjs',
      'apps/web/build/*.mjs',
      'screenshots/**',
      'e2e/.artifacts/**',
      'apps/api/test/fixtures/**',
      'eslint/**',
    ],
  },
  js.configs.recommended,
  // recommendedTypeChecked without its type-aware rules, which .oxlintrc.json runs.
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    // Features never import each other, however the path is spelt; they are combined in app/.
    // eslint/boundaries.test.js proves the rule fires.
    files: webFeatures.files,
    plugins: { enlaza: boundaries },
    rules: { 'enlaza/module-boundaries': ['error', webFeatures.options] },
  },
  {
    // API modules import each other only through index.ts and never read another module's tables
    // (apps/api/src/db/schema re-exports them for drizzle-kit only). Proven by eslint/boundaries.test.js.
    files: apiModules.files,
    plugins: { enlaza: boundaries },
    rules: { 'enlaza/module-boundaries': ['error', apiModules.options] },
  },
  {
    // ...except that a schema.ts may reference another module's table in a foreign key.
    files: apiModuleSchemas.files,
    plugins: { enlaza: boundaries },
    rules: { 'enlaza/module-boundaries': ['error', apiModuleSchemas.options] },
  },
  {
    // A module's definition (module.ts) is imported by app.ts's module list only; everyone else imports
    // its index.ts. Proven by eslint/boundaries.test.js.
    files: apiModuleDefinitions.files,
    plugins: { enlaza: boundaries },
    rules: { 'enlaza/module-definitions': ['error', apiModuleDefinitions.options] },
  },
  {
    // lib/ and platform/ never import an API module (nor db/schema, which re-exports the modules' tables):
    // what they need of a module is handed in. Proven by eslint/boundaries.test.js.
    files: apiSharedCode.files,
    plugins: { enlaza: boundaries },
    rules: { 'enlaza/shared-code': ['error', apiSharedCode.options] },
  },
  {
    // The API and the web app never import each other's source (tests and build files included):
    // what they share is in packages/contracts. Proven by eslint/app-boundaries.test.js.
    files: apps.files,
    plugins: { 'enlaza-apps': appBoundaries },
    rules: { 'enlaza-apps/no-other-app-source': ['error', apps.options] },
  },
  {
    // Smaller pieces: a source file reads in one sitting (400 lines), a function does one thing (150
    // lines of code). Tests, fixtures and locale tables are not source.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/contracts/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**'],
    rules: {
      'max-lines': ['error', { max: 400 }],
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }],
    },
  },
);
