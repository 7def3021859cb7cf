import type { Locale, PlanLimits, SendQuota, SubscriptionData } from '@enlaza/contracts';
import { localName } from '../../lib/catalogue-names.js';
import type { Actor } from '../../platform/actor.js';
import type { UsageRegistry } from '../../platform/usage-registry.js';
import type { PlanRow, SubscriptionsRepository } from './repository.js';

const RUNNING = new Set(['trialing', 'active', 'past_due']);
const NO_LIMITS: PlanLimits = { profiles: 0, tags: 0, storageBytes: 0, sendsPerMonth: 0 };

const planLimits = (plan: PlanRow): PlanLimits => ({
  profiles: plan.maxProfiles,
  tags: plan.maxTags,
  storageBytes: plan.storageBytes,
  sendsPerMonth: plan.sendsPerMonth,
});

/** Per quota, the larger of two plans' limits. */
const larger = (a: PlanLimits, b: PlanLimits): PlanLimits => ({
  profiles: Math.max(a.profiles, b.profiles),
  tags: Math.max(a.tags, b.tags),
  storageBytes: Math.max(a.storageBytes, b.storageBytes),
  sendsPerMonth: Math.max(a.sendsPerMonth, b.sendsPerMonth),
});

/** Another plan a user's quotas may rise to (their team's per-seat plan, team-plan.ts), or null. */
export type SharedPlanSource = (userId: string) => Promise<PlanRow | null>;

/** The sending quota runs per calendar month in UTC. */
export function sendingPeriod(now: Date): { start: Date; end: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end };
}

/**
 * `usage`: what each module counts against the plan (platform/usage-registry.ts); no other module's table is read here.
 * `sharedPlanOf`: quotas rise with another plan (a team's per-seat plan): a user's limits are, per
 * quota, the larger of their own plan's and that one's, add-ons on top.
 * `clock`: the product's "now" (platform/clock.ts; a test clock may be ahead of the real time).
 */
export function createSubscriptionsService(
  repo: SubscriptionsRepository,
  usageRegistry: Pick<UsageRegistry, 'usageOf'>,
  sharedPlanOf: SharedPlanSource,
  clock: () => Date,
) {
  return {
    /**
     * `datasuscription`: the running subscription with its plan, limits (plan + add-ons) and usage.
     * A user whose subscription ended falls back to the Free plan's limits; an admin has none.
     * Plan and add-on names are in `locale` (the viewer's language; English when not given).
     */
    async subscriptionData(actor: Pick<Actor, 'id' | 'role'>, now = clock(), locale: Locale = 'en'): Promise<SubscriptionData> {
      const period = sendingPeriod(now);
      const usage = await usageRegistry.usageOf(actor.id, { sendsSince: period.start });
      const current = actor.role === 'user' ? await repo.findCurrent(actor.id) : undefined;
      const running = current && RUNNING.has(current.subscription.status) ? current : undefined;
      const plan = running?.plan ?? (actor.role === 'user' ? await repo.findFreePlan() : undefined);
      const addOns = running ? await repo.activeAddOns(running.subscription.id, now) : [];
      const shared = actor.role === 'user' ? await sharedPlanOf(actor.id) : null;

      // `plan.limits` stays the user's own plan's; `limits` are what they may use.
      const own = plan ? planLimits(plan) : { ...NO_LIMITS };
      const limits = shared ? larger(own, planLimits(shared)) : own;
      const extras = addOns.map(({ id, validUntil, addOn }) => {
        const extra = {
          profiles: addOn.extraProfiles,
          tags: addOn.extraTags,
          storageBytes: addOn.extraStorageBytes,
          sendsPerMonth: addOn.extraSends,
        };
        limits.profiles += extra.profiles;
        limits.tags += extra.tags;
        limits.storageBytes += extra.storageBytes;
        limits.sendsPerMonth += extra.sendsPerMonth;
        return { id, name: localName(addOn, locale), extra, validUntil: validUntil?.toISOString() ?? null };
      });

      return {
        id: current?.subscription.id ?? null,
        status: current?.subscription.status ?? 'none',
        plan: plan ? { id: plan.id, code: plan.code, name: localName(plan, locale), limits: planLimits(plan) } : null,
        periodStart: current?.subscription.currentPeriodStart.toISOString() ?? null,
        periodEnd: current?.subscription.currentPeriodEnd?.toISOString() ?? null,
        cancelAtPeriodEnd: current?.subscription.cancelAtPeriodEnd ?? false,
        limits,
        usage,
        addOns: extras,
      };
    },

    /**
     * The custom domains the user's plan allows (its `customDomains`, or their team's per-seat plan's
     * when larger; the Free plan's once a subscription ended; none for an admin).
     */
    async customDomainQuota(actor: Pick<Actor, 'id' | 'role'>): Promise<number> {
      if (actor.role !== 'user') return 0;
      const current = await repo.findCurrent(actor.id);
      const running = current && RUNNING.has(current.subscription.status) ? current : undefined;
      const plan = running?.plan ?? (await repo.findFreePlan());
      const shared = await sharedPlanOf(actor.id);
      return Math.max(plan?.customDomains ?? 0, shared?.customDomains ?? 0);
    },

    /** `envio/data`: sends used this month against the plan's monthly sends plus add-ons. */
    async sendQuota(actor: Pick<Actor, 'id' | 'role'>, now = clock()): Promise<SendQuota> {
      const data = await this.subscriptionData(actor, now);
      const period = sendingPeriod(now);
      const limit = data.limits.sendsPerMonth;
      const used = data.usage.sendsThisMonth;
      return {
        periodStart: period.start.toISOString(),
        periodEnd: period.end.toISOString(),
        used,
        limit,
        remaining: Math.max(0, limit - used),
      };
    },
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
