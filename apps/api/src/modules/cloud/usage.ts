import type { UsageProvider } from '../../platform/usage-registry.js';
import type { CloudRepository } from './repository.js';

/** What the cloud counts against the plan: stored bytes, trashed files included (they occupy storage until purged). */
export function createCloudUsage(repo: Pick<CloudRepository, 'usedBytes'>): UsageProvider {
  return {
    metrics: ['storageBytes'],
    count: async (userId) => ({ storageBytes: await repo.usedBytes(userId) }),
  };
}
