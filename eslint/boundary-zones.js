// Where the module-boundary rule applies, shared by eslint.config.js and its fixture test.
export const webFeatures = {
  files: ['apps/web/src/features/**/*.{ts,tsx}'],
  options: { root: 'apps/web/src/features', alias: { '@/': 'apps/web/src/' }, entries: [] },
};

export const apiModules = {
  files: ['apps/api/src/modules/**/*.ts'],
  options: { root: 'apps/api/src/modules', entries: ['index'], forbidden: ['apps/api/src/db/schema'] },
};

// A module's tables may name another module's table in a foreign key (`references(() => users.id)`),
// so schema files alone may import other modules' schema files; nothing else may.
export const apiModuleSchemas = {
  files: ['apps/api/src/modules/*/schema.ts'],
  options: { ...apiModules.options, entries: ['index', 'schema'] },
};
