import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { defineModule, mountModules, type Platform } from '../../src/platform/modules.js';
import { createTrashRegistry } from '../../src/platform/trash-registry.js';
import { createAccessRegistry } from '../../src/platform/access.js';
import { createFileUseRegistry } from '../../src/platform/file-use-registry.js';
import { createUsageRegistry } from '../../src/platform/usage-registry.js';
import { createUserDataRegistry, type UserDataProvider } from '../../src/platform/user-data-registry.js';

/** Only the registries: these modules touch nothing else of the platform. */
function platform(): Platform {
  const registries = {
    usage: createUsageRegistry(),
    userData: createUserDataRegistry({} as Database),
    trash: createTrashRegistry(),
    fileUses: createFileUseRegistry(),
    access: createAccessRegistry(),
  };
  return { registries } as unknown as Platform;
}

// A service only these test modules provide (typed by declaration merging, as a module's are).
declare module '../../src/platform/modules.js' {
  interface Services {
    sampleService: (userId: string, profileId: string) => Promise<boolean>;
  }
}

const section = (name: UserDataProvider['section']): UserDataProvider => ({
  section: name,
  export: () => Promise.resolve([] as never),
  erase: () => Promise.resolve(),
});

describe('mounting the modules', () => {
  it('builds in list order, gives each the services built before it, and adds hooks, registries and routes in that order', async () => {
    const app = Fastify();
    const seen: string[] = [];
    const owned = new Set(['p1']);
    const owner = defineModule({
      name: 'owner',
      build: () => ({
        services: { sampleService: (_userId: string, id: string) => Promise.resolve(owned.has(id)) },
        userData: [section('profiles')],
        onReady: () => void seen.push('owner ready'),
        onClose: () => void seen.push('owner close'),
      }),
      async register(api) {
        seen.push('owner routes');
        api.get('/owner', () => ({ ok: 1 }));
      },
    });
    const reader = defineModule({
      name: 'reader',
      build({ services }) {
        seen.push(`reader built, sees the owner's service: ${typeof services.sampleService}`);
        return {
          userData: [section('account')],
          onReady: () => void seen.push('reader ready'),
          preClose: () => void seen.push('reader preClose'),
          root: async (root) => void seen.push(`root plugin, routes yet: ${root.hasRoute({ method: 'GET', url: '/api/owner' })}`),
        };
      },
      async register(api, { services: { sampleService } }) {
        seen.push('reader routes');
        api.get('/reads', async () => ({ owns: await sampleService('u', 'p1') }));
      },
    });
    const p = platform();
    const services = await mountModules(app, p, [owner, reader]);
    await app.ready();

    expect(await services.sampleService('u', 'p2')).toBe(false);
    expect((await app.inject({ method: 'GET', url: '/api/reads' })).json()).toEqual({ owns: true });
    // The registry answers in the contract's order (account before profiles), not the list's.
    expect(p.registries.userData.sections()).toEqual(['account', 'profiles']);
    await app.close();
    expect(seen).toEqual([
      "reader built, sees the owner's service: function",
      'root plugin, routes yet: false',
      'owner routes',
      'reader routes',
      'owner ready',
      'reader ready',
      'reader preClose',
      'owner close',
    ]);
  });

  it('stops start-up when a module reads a service that no module before it built', async () => {
    const early = defineModule({ name: 'early', build: ({ services }) => ({ services: { sampleService: services.sampleService } }) });
    const late = defineModule({ name: 'late', build: () => ({ services: { sampleService: () => Promise.resolve(true) } }) });
    await expect(mountModules(Fastify(), platform(), [early, late])).rejects.toThrow(
      'module early needs the service sampleService, which no module before it in the list of app.ts provides',
    );
  });

  it('stops start-up when two modules provide the same service', async () => {
    const one = defineModule({ name: 'one', build: () => ({ services: { sampleService: () => Promise.resolve(true) } }) });
    const two = defineModule({ name: 'two', build: () => ({ services: { sampleService: () => Promise.resolve(false) } }) });
    await expect(mountModules(Fastify(), platform(), [one, two])).rejects.toThrow('service sampleService provided by both one and two');
  });

  it('stops start-up when a route needs a service no module provides', async () => {
    const routes = defineModule({
      name: 'routes',
      async register(api, { services: { sampleService } }) {
        api.get('/x', () => sampleService('u', 'p'));
        await Promise.resolve();
      },
    });
    await expect(mountModules(Fastify(), platform(), [routes])).rejects.toThrow(
      'module routes needs the service sampleService, which no module provides',
    );
  });
});

// A hook only these test modules need and answer (typed by declaration merging, as a module's are).
declare module '../../src/platform/modules.js' {
  interface Hooks {
    sampleHook: (profileId: string) => Promise<string>;
  }
}

describe('hooks between modules', () => {
  const answering = defineModule({
    name: 'answering',
    provides: ['sampleHook'],
    build: () => ({ hooks: { sampleHook: (id: string) => Promise.resolve(`answered ${id}`) } }),
  });

  it('lets a module call a hook that a module built after it answers, once the app is built', async () => {
    const app = Fastify();
    const asking = defineModule({
      name: 'asking',
      needs: ['sampleHook'],
      build: ({ hooks: { sampleHook } }) => ({
        services: { sampleService: async (_u: string, id: string) => (await sampleHook()(id)) === 'answered p1' },
      }),
    });
    const services = await mountModules(app, platform(), [asking, answering]);
    expect(await services.sampleService('u', 'p1')).toBe(true);
    await app.close();
  });

  it('stops start-up before building anything when a needed hook has no provider', async () => {
    let built = false;
    const asking = defineModule({
      name: 'asking',
      needs: ['sampleHook'],
      build: () => {
        built = true;
        return {};
      },
    });
    await expect(mountModules(Fastify(), platform(), [asking])).rejects.toThrow(
      'module asking needs the hook sampleHook, which no module in the list of app.ts provides',
    );
    expect(built).toBe(false);
  });

  it('stops start-up when two modules provide the same hook', async () => {
    const again = defineModule({ ...answering, name: 'again' });
    await expect(mountModules(Fastify(), platform(), [answering, again])).rejects.toThrow(
      'hook sampleHook provided by both answering and again',
    );
  });

  it('stops start-up when a module provides a hook its build does not answer, or answers one it does not provide', async () => {
    const silent = defineModule({ name: 'silent', provides: ['sampleHook'], build: () => ({}) });
    await expect(mountModules(Fastify(), platform(), [silent])).rejects.toThrow(
      'module silent provides the hook sampleHook, but its build did not answer it',
    );
    const undeclared = defineModule({ name: 'undeclared', build: () => ({ hooks: { sampleHook: () => Promise.resolve('') } }) });
    await expect(mountModules(Fastify(), platform(), [undeclared])).rejects.toThrow(
      'module undeclared answers the hook sampleHook, which it does not list in provides',
    );
  });

  it('stops start-up when a module calls a hook while it is built, or reads one it does not list in needs', async () => {
    const eager = defineModule({
      name: 'eager',
      needs: ['sampleHook'],
      build: async ({ hooks: { sampleHook } }) => {
        await sampleHook()('p1');
        return {};
      },
    });
    await expect(mountModules(Fastify(), platform(), [eager, answering])).rejects.toThrow(
      'module eager called the hook sampleHook while building: module answering answers it once built',
    );
    const sneaky = defineModule({
      name: 'sneaky',
      // Reached around the types, as a module built from untyped parts could.
      build: ({ hooks }) => ({ services: { sampleService: (hooks as unknown as { sampleHook: () => never }).sampleHook() } }),
    });
    await expect(mountModules(Fastify(), platform(), [sneaky, answering])).rejects.toThrow(
      'module sneaky reads the hook sampleHook, which it does not list in needs',
    );
  });
});
