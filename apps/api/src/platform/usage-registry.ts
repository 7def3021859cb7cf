import type { PlanUsage } from '@enlaza/contracts';

/** One thing that counts against a plan quota (the keys of `usage` in `GET /api/datasuscription`). */
export type UsageMetric = keyof PlanUsage;

/** What a count may depend on: the start of the current sending period (monthly sends). */
export type UsageContext = { sendsSince: Date };

/**
 * What a module registers for the metrics it owns: it counts them from its own tables, so the
 * subscriptions module computes quotas without reading anyone else's.
 */
export interface UsageProvider {
  metrics: readonly UsageMetric[];
  count(userId: string, context: UsageContext): Promise<Partial<PlanUsage>>;
}

export type UsageRegistry = ReturnType<typeof createUsageRegistry>;

/** Providers register once, at start-up; every metric has exactly one owner. */
export function createUsageRegistry() {
  const providers: UsageProvider[] = [];
  const owners = new Set<UsageMetric>();

  return {
    register(...list: UsageProvider[]) {
      for (const provider of list) {
        for (const metric of provider.metrics) {
          if (owners.has(metric)) throw new Error(`usage metric ${metric} registered twice`);
          owners.add(metric);
        }
        providers.push(provider);
      }
    },

    /** Every metric of a user; one nobody registered counts 0. */
    async usageOf(userId: string, context: UsageContext): Promise<PlanUsage> {
      const usage: PlanUsage = { profiles: 0, tags: 0, storageBytes: 0, sendsThisMonth: 0 };
      const parts = await Promise.all(providers.map(async (p) => ({ provider: p, part: await p.count(userId, context) })));
      // A provider answers only for the metrics it declared.
      for (const { provider, part } of parts) for (const metric of provider.metrics) usage[metric] = part[metric] ?? 0;
      return usage;
    },
  };
}
