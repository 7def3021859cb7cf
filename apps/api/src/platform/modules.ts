import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { AccessProvider, AccessRegistry } from './access.js';
import type { Database, DatabaseHandle } from '../db/client.js';
import type { RateLimiter } from '../lib/rate-limit.js';
import type { Storage } from '../lib/storage.js';
import type { Clock } from './clock.js';
import type { EventBus } from './events.js';
import type { FileUseProvider, FileUseRegistry } from './file-use-registry.js';
import type { Jobs } from './jobs.js';
import type { Mailer } from './mailer.js';
import type { Metrics } from './metrics.js';
import type { TrashProvider, TrashRegistry } from './trash-registry.js';
import type { UsageProvider, UsageRegistry } from './usage-registry.js';
import type { UserDataProvider, UserDataRegistry } from './user-data-registry.js';

/**
 * The public services of the modules, by name. Each module adds its own by declaration merging in
 * its module.ts (`declare module '../../platform/modules.js' { interface Services { walls: WallsService } }`),
 * so a module reads another's service fully typed, and only through this name.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface Services {}

/** What every module stands on, built by app.ts before any module. */
export type Platform = {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  jobs: Jobs;
  events: EventBus;
  clock: Clock;
  mailer: Mailer;
  limiter: RateLimiter;
  storage: Storage;
  log: FastifyBaseLogger;
  appSecret: string;
  /** HTTP to the outside world (a provider's signing certificate, a subscription to confirm); tests hand in one that reaches local servers. */
  fetch: typeof fetch;
  /** Counters of what the module does (campaign emails, renewals…), kept only when METRICS_PORT is set. */
  metrics: Metrics;
  registries: { usage: UsageRegistry; userData: UserDataRegistry; trash: TrashRegistry; fileUses: FileUseRegistry; access: AccessRegistry };
};

/**
 * What a module needs of a module built after it in app.ts's list, by name. Most needs are services,
 * handed in at construction by listing the provider first; a hook is for the few pairs where each
 * side needs the other (registration refuses the teams' aliases, and teams check theirs through
 * registration), so one of them cannot be built first. The needing module types the hook here by
 * declaration merging (`interface Hooks { teamAliases: AliasNamespace }`) and lists it in `needs`;
 * the module that answers it lists it in `provides` and answers it from `build` (`hooks`). The app
 * refuses to start, naming the module and the hook, when a needed hook has no provider: there is no
 * "not wired, so no rule" state.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface Hooks {}
export type HookName = keyof Hooks;

/**
 * The needed hooks as the needing module's `build` gets them: each is read when it is used (its
 * provider is built later, so calling it while building stops start-up). `build({ hooks: { teamAliases } })`
 * then `teamAliases().taken(alias)` at request time.
 */
export type NeededHooks<N extends HookName> = { readonly [K in N]: () => Hooks[K] };

/**
 * What `build` and `register` receive: the platform and the services. In `build`, a service of a
 * module later in app.ts's list (or of none) is not there yet: reading it stops start-up, naming the
 * module and the service, so the list's order is checked, not assumed.
 */
export type ModuleContext = Platform & { services: Services };

type Hook = () => Promise<unknown> | void;

/** What `build` answers: the module's public services and what it plugs into the registries and the app's life. */
export type ModuleParts = {
  services?: Partial<Services>;
  usage?: UsageProvider[];
  userData?: UserDataProvider[];
  trash?: TrashProvider[];
  /** Where its records use a cloud file (asked before a file goes to the trash). */
  fileUses?: FileUseProvider[];
  /** How to check the kinds of records it owns (`requireAccess`, platform/access.ts). */
  access?: AccessProvider[];
  /** After every module is built and the app is ready (after the job queue started). */
  onReady?: Hook;
  /** Before the server stops accepting requests (long-lived streams end here). */
  preClose?: Hook;
  /** When the app closes, before the caller closes the database. */
  onClose?: Hook;
  /** Decorations of the app (tests, benches and the worker reach the module through them). */
  decorate?: Partial<FastifyInstance>;
  /** Plugged into the root app once every module is built, before any module's routes (hooks every route must see). */
  root?: (app: FastifyInstance) => Promise<void>;
  /** The hooks it answers for modules built before it: exactly those its definition lists in `provides`. */
  hooks?: Partial<Hooks>;
};

/**
 * A product area as app.ts lists it: `build` makes its services (in list order), `register` adds its
 * routes under /api. `needs` and `provides` name the hooks it takes from and answers to other modules.
 */
export type AppModule<N extends HookName = HookName> = {
  name: string;
  /** Hooks answered by a module later in the list (start-up stops when one has no provider). */
  needs?: readonly N[];
  /** Hooks its `build` answers. */
  provides?: readonly HookName[];
  build?(ctx: ModuleContext & { hooks: NeededHooks<N> }): Promise<ModuleParts> | ModuleParts;
  register?(api: FastifyInstance, ctx: ModuleContext): Promise<void>;
};

/** A module's definition; its `build` sees only the hooks it lists in `needs`. */
export const defineModule = <const N extends HookName = never>(module: AppModule<N>): AppModule => module;

/** The services built so far; reading one that is not built names the module that asked. */
function servicesFor(built: Partial<Services>, reader: string, phase: 'build' | 'register'): Services {
  return new Proxy(built, {
    get(target, key) {
      // Symbols and `then` (a promise resolving to this object asks for it) are not services.
      if (typeof key === 'symbol' || key === 'then' || key in target) return Reflect.get(target, key) as unknown;
      const where = phase === 'build' ? 'no module before it in the list of app.ts provides' : 'no module provides';
      throw new Error(`module ${reader} needs the service ${key}, which ${where}`);
    },
  }) as Services;
}

/**
 * Which module answers each hook, from the definitions alone: a needed hook no module provides, or
 * one that two provide, stops start-up before any module is built (nothing has touched the database).
 */
function hookProviders(modules: readonly AppModule[]): Map<HookName, string> {
  const providers = new Map<HookName, string>();
  for (const module of modules)
    for (const hook of module.provides ?? []) {
      const other = providers.get(hook);
      if (other) throw new Error(`hook ${hook} provided by both ${other} and ${module.name}`);
      providers.set(hook, module.name);
    }
  for (const module of modules)
    for (const hook of module.needs ?? [])
      if (!providers.has(hook))
        throw new Error(`module ${module.name} needs the hook ${hook}, which no module in the list of app.ts provides`);
  return providers;
}

/** The hooks a module's build gets: those it lists in `needs`, each read from its provider's answer when called. */
function hooksFor(module: AppModule, answers: Map<HookName, unknown>, providers: Map<HookName, string>): NeededHooks<HookName> {
  const needed = new Set(module.needs ?? []);
  return new Proxy({} as NeededHooks<HookName>, {
    get(_target, key) {
      if (typeof key === 'symbol' || key === 'then') return undefined;
      const hook = key as HookName;
      if (!needed.has(hook)) throw new Error(`module ${module.name} reads the hook ${hook}, which it does not list in needs`);
      return () => {
        if (!answers.has(hook))
          throw new Error(
            `module ${module.name} called the hook ${hook} while building: module ${providers.get(hook)} answers it once built`,
          );
        return answers.get(hook);
      };
    },
  });
}

/** A module's build answers exactly the hooks its definition provides (the check before building trusts the definitions). */
function keepHooks(module: AppModule, answered: Partial<Hooks> | undefined, answers: Map<HookName, unknown>): void {
  const given = Object.entries(answered ?? {}) as [HookName, unknown][];
  for (const [hook, value] of given) {
    if (!(module.provides ?? []).includes(hook))
      throw new Error(`module ${module.name} answers the hook ${hook}, which it does not list in provides`);
    answers.set(hook, value);
  }
  for (const hook of module.provides ?? [])
    if (answered?.[hook] === undefined) throw new Error(`module ${module.name} provides the hook ${hook}, but its build did not answer it`);
}

/**
 * Builds the modules in list order (each sees the services of those before it, and the hooks it
 * needs), plugs their parts into the registries and the app's hooks as each is built (so hooks keep
 * the list's order), then adds their root plugins and finally their routes under /api, in the same
 * order. Answers the services. Before building anything, every hook a module needs must have a
 * provider in the list; as each is built, it must answer the hooks it provides: so once all are
 * built, every needed hook is answered.
 */
export async function mountModules(app: FastifyInstance, platform: Platform, modules: readonly AppModule[]): Promise<Services> {
  const hookOwners = hookProviders(modules);
  const answers = new Map<HookName, unknown>();
  const built: Partial<Services> = {};
  const providers = new Map<string, string>();
  const roots: NonNullable<ModuleParts['root']>[] = [];
  for (const module of modules) {
    const context = { ...platform, services: servicesFor(built, module.name, 'build'), hooks: hooksFor(module, answers, hookOwners) };
    const parts = (await module.build?.(context)) ?? {};
    keepHooks(module, parts.hooks, answers);
    for (const [name, service] of Object.entries(parts.services ?? {})) {
      if (providers.has(name)) throw new Error(`service ${name} provided by both ${providers.get(name)} and ${module.name}`);
      providers.set(name, module.name);
      Object.assign(built, { [name]: service });
    }
    platform.registries.usage.register(...(parts.usage ?? []));
    platform.registries.userData.register(...(parts.userData ?? []));
    platform.registries.trash.register(...(parts.trash ?? []));
    platform.registries.fileUses.register(...(parts.fileUses ?? []));
    platform.registries.access.register(...(parts.access ?? []));
    // A kind in the trash is checked by its own provider: the owner's item of that kind that is in the trash.
    platform.registries.access.register(
      ...(parts.trash ?? []).map((p) => ({
        kind: `trash.${p.kind}` as const,
        accessible: (actorId: string, ids: readonly string[]) => p.trashed(actorId, ids),
      })),
    );
    const { onReady, preClose, onClose } = parts;
    if (onReady) app.addHook('onReady', async () => void (await onReady()));
    if (preClose) app.addHook('preClose', async () => void (await preClose()));
    if (onClose) app.addHook('onClose', async () => void (await onClose()));
    for (const [name, value] of Object.entries(parts.decorate ?? {})) app.decorate<unknown>(name, value);
    if (parts.root) roots.push(parts.root);
  }
  for (const root of roots) await root(app);
  await app.register(
    async (api) => {
      for (const module of modules) await module.register?.(api, { ...platform, services: servicesFor(built, module.name, 'register') });
    },
    { prefix: '/api' },
  );
  return servicesFor(built, 'app.ts', 'register');
}
