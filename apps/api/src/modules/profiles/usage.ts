import type { UsageProvider } from '../../platform/usage-registry.js';
import type { ProfilesRepository } from './repository.js';

/** What the profiles module counts against the plan: live cards (`profiles`) and live tags; trashed ones do not count. */
export function createProfilesUsage(repo: Pick<ProfilesRepository, 'liveCounts'>): UsageProvider {
  return {
    metrics: ['profiles', 'tags'],
    async count(userId) {
      const { cards, tags } = await repo.liveCounts(userId);
      return { profiles: cards, tags };
    },
  };
}
