import type { FastifyInstance } from 'fastify';

/** What fastify-plugin sets on a plugin it names, and what Fastify reads first for a plugin's name. */
const DISPLAY_NAME = Symbol.for('fastify.display-name');

/**
 * Fastify names every plugin it registers (for its errors and `printPlugins`). A plugin that
 * fastify-plugin did not name is first looked for among every loaded CommonJS module
 * (`require.cache`), twice per registration, and only when no module exports it is it called by its
 * function's name. Ours are ES modules (or one bundle), so that search never finds them: it only
 * costs, and in a test worker that has loaded ~1,900 CommonJS modules it cost a tenth of the CPU of
 * the API tests of auth and teams (154 → 139 CPU s, 46 apps built). From here on, `app`'s
 * registrations, and those of every scope made under it, give a named function its own name first:
 * the name Fastify would have reached. An anonymous plugin is left to Fastify (it shows the first
 * lines of its source).
 */
export function namePluginsByFunction(app: FastifyInstance): void {
  const register = app.register as unknown as (...args: unknown[]) => unknown;
  const named = function (this: FastifyInstance, ...args: unknown[]) {
    const plugin = args[0];
    if (typeof plugin === 'function' && plugin.name && !(DISPLAY_NAME in plugin))
      Object.defineProperty(plugin, DISPLAY_NAME, { value: plugin.name });
    return register.apply(this, args);
  };
  // register has several overloads; the wrapper passes its arguments through unchanged.
  app.register = named as unknown as typeof app.register;
}
