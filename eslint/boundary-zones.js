// Where the module-boundary rule applies, shared by eslint.config.js and its fixture test.
export const webFeatures = {
  files: ['apps/web/src/features/**/*.{ts,tsx}'],
  options: { root: 'apps/web/src/features', alias: { '@/': 'apps/web/src/' }, entries: [] },
};

export const apiModules = {
  files: ['apps/api/src/modules/**/*.ts'],
  options: { root: 'apps/api/src/modules', entries: ['index'], forbidden: ['apps/api/src/db/schema'] },
};

// A module's definition (module.ts: defineModule, its routes and services) is imported by app.ts's
// module list alone, tests included; other modules import its index.ts (entries above), so importing a
// helper never drags in routes and services, nor the import circles they would close.
export const apiModuleDefinitions = {
  files: ['apps/api/**/*.ts'],
  options: { root: 'apps/api/src/modules', definition: 'module', listedBy: 'apps/api/src/app.ts' },
};

// A module's tables may name another module's table in a foreign key (`references(() => users.id)`),
// so schema files alone may import other modules' schema files; nothing else may.
export const apiModuleSchemas = {
  files: ['apps/api/src/modules/*/schema.ts'],
  options: { ...apiModules.options, entries: ['index', 'schema'] },
};

// lib/ and platform/ are what every module stands on, so they import no module: a module's part is
// handed in (app.ts builds the Platform, registries take providers, types are filled in by declaration
// merging). db/schema re-exports every module's tables, so it counts as the modules too.
export const apiSharedCode = {
  files: ['apps/api/src/lib/**/*.ts', 'apps/api/src/platform/**/*.ts'],
  options: {
    forbidden: {
      'apps/api/src/modules':
        'lib/ and platform/ never import a module; hand in what they need (a parameter, the Platform, a registry, declaration merging).',
      'apps/api/src/db/schema':
        "db/schema re-exports every module's tables; lib/ and platform/ read only the platform's own (platform/schema.ts).",
    },
  },
};

// The apps never import each other's source (eslint/app-boundaries.js); `@/` is the web app's alias.
export const apps = {
  files: ['apps/**/*.{ts,tsx,js,mjs}'],
  options: { root: 'apps', alias: { '@/': 'apps/web/src/' } },
};
