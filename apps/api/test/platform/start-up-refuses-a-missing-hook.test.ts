import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { appModules } from '../../src/app.js';
import { mountModules, type AppModule, type Platform } from '../../src/platform/modules.js';

// Every hook a module of the app needs, with the module that needs it and the one that answers it.
const modules = appModules();
const providerOf = (hook: string) => modules.find((m) => m.provides?.includes(hook as never))?.name;
const needed = modules.flatMap((m) => (m.needs ?? []).map((hook) => ({ module: m.name, hook, provider: providerOf(hook) })));

/** The app's modules with one provision taken out of its provider's definition, as if it had been forgotten. */
const without = (hook: string): AppModule[] =>
  modules.map((m) => (m.provides?.includes(hook as never) ? { ...m, provides: m.provides.filter((h) => h !== hook) } : m));

describe('the app refuses to start when a hook a module needs is not provided (docs/architecture.md)', () => {
  it('finds the hooks the modules declare, each answered by exactly one module', () => {
    expect(needed.length).toBeGreaterThan(0);
    for (const { hook, provider } of needed) expect(provider, hook).toBeDefined();
  });

  // No platform at all: the check runs before any module is built, so nothing touches a database.
  it.each(needed)('refuses to start without $hook, which $module needs ($provider answers it)', async ({ module, hook }) => {
    await expect(mountModules(Fastify(), {} as Platform, without(hook))).rejects.toThrow(
      `module ${module} needs the hook ${hook}, which no module in the list of app.ts provides`,
    );
  });
});
