import type { FastifyInstance } from 'fastify';

/**
 * A product area as app.ts mounts it: `register` adds its routes under /api, given the services it
 * needs (app.ts builds them once and passes the same object to every module, in list order).
 */
export type AppModule<Deps = never> = { name: string; register(api: FastifyInstance, deps: Deps): Promise<void> };

/** Declares a module; `Deps` is only what this module reads from the services. */
export const defineModule = <Deps>(module: AppModule<Deps>): AppModule<Deps> => module;
