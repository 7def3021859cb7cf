import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { defineModule, mountModules, type Platform } from '../../src/platform/modules.js';
import { createTrashRegistry } from '../../src/platform/trash-registry.js';
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
  };
  return { registries } as unknown as Platform;
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
        services: { ownsProfile: (_userId: string, id: string) => Promise.resolve(owned.has(id)) },
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
        seen.push(`reader built, sees the owner's service: ${typeof services.ownsProfile}`);
        return {
          userData: [section('account')],
          onReady: () => void seen.push('reader ready'),
          preClose: () => void seen.push('reader preClose'),
          root: async (root) => void seen.push(`root plugin, routes yet: ${root.hasRoute({ method: 'GET', url: '/api/owner' })}`),
        };
      },
      async register(api, { services: { ownsProfile } }) {
        seen.push('reader routes');
        api.get('/reads', async () => ({ owns: await ownsProfile('u', 'p1') }));
      },
    });
    const p = platform();
    const services = await mountModules(app, p, [owner, reader]);
    await app.ready();

    expect(await services.ownsProfile('u', 'p2')).toBe(false);
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
    const early = defineModule({ name: 'early', build: ({ services }) => ({ services: { ownsProfile: services.ownsProfile } }) });
    const late = defineModule({ name: 'late', build: () => ({ services: { ownsProfile: () => Promise.resolve(true) } }) });
    await expect(mountModules(Fastify(), platform(), [early, late])).rejects.toThrow(
      'module early needs the service ownsProfile, which no module before it in the list of app.ts provides',
    );
  });

  it('stops start-up when two modules provide the same service', async () => {
    const one = defineModule({ name: 'one', build: () => ({ services: { ownsProfile: () => Promise.resolve(true) } }) });
    const two = defineModule({ name: 'two', build: () => ({ services: { ownsProfile: () => Promise.resolve(false) } }) });
    await expect(mountModules(Fastify(), platform(), [one, two])).rejects.toThrow('service ownsProfile provided by both one and two');
  });

  it('stops start-up when a route needs a service no module provides', async () => {
    const routes = defineModule({
      name: 'routes',
      async register(api, { services: { ownsProfile } }) {
        api.get('/x', () => ownsProfile('u', 'p'));
        await Promise.resolve();
      },
    });
    await expect(mountModules(Fastify(), platform(), [routes])).rejects.toThrow(
      'module routes needs the service ownsProfile, which no module provides',
    );
  });
});
