import { describe, expect, it } from 'vitest';
import { createUsageRegistry } from '../../src/platform/usage-registry.js';

describe('usage registry', () => {
  const since = { sendsSince: new Date('2026-11-01T00:00:00Z') };

  it('adds up what each module counts, and counts 0 for a metric no module registered', async () => {
    const registry = createUsageRegistry();
    const asked: string[] = [];
    registry.register(
      { metrics: ['profiles', 'tags'], count: async (userId) => (asked.push(userId), { profiles: 2, tags: 5 }) },
      { metrics: ['storageBytes'], count: async () => ({ storageBytes: 1234 }) },
    );
    expect(await registry.usageOf('u1', since)).toEqual({ profiles: 2, tags: 5, storageBytes: 1234, sendsThisMonth: 0 });
    expect(asked).toEqual(['u1']);
  });

  it('refuses a metric registered by two modules', () => {
    const registry = createUsageRegistry();
    registry.register({ metrics: ['storageBytes'], count: async () => ({ storageBytes: 1 }) });
    expect(() => registry.register({ metrics: ['storageBytes'], count: async () => ({ storageBytes: 2 }) })).toThrow(
      /storageBytes registered twice/,
    );
  });

  it('ignores a count for a metric the provider did not declare', async () => {
    const registry = createUsageRegistry();
    registry.register({ metrics: ['tags'], count: async () => ({ tags: 1, storageBytes: 999 }) });
    expect(await registry.usageOf('u1', since)).toMatchObject({ tags: 1, storageBytes: 0 });
  });
});
