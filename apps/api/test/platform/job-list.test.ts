import { describe, expect, it } from 'vitest';
import { JOB_LIST } from '../../src/platform/job-list.js';
import { createTestApp } from '../helpers/test-app.js';

const STRIPE = {
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_job_list',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_job_list',
  STRIPE_WEBHOOK_SECRET: 'whsec_job_list',
};

describe('one list of the jobs (platform/job-list.ts)', () => {
  it.each([
    ['the sandbox', {}, undefined],
    ['Stripe', STRIPE, 'stripe'],
  ] as const)(
    'is what the app defines with %s: every listed job is defined by its module with the list’s policy and schedule, and none outside it',
    async (_name, settings, provider) => {
      const ctx = await createTestApp(settings);
      try {
        const defined = ctx.app.platform.jobs.defined().filter((job) => !job.name.startsWith('event.'));
        const listed = Object.entries(JOB_LIST as Record<string, { definedIn: string; schedule?: string; provider?: string }>)
          .filter(([, entry]) => entry.provider === undefined || entry.provider === provider)
          .map(([name, { definedIn: _where, provider: _provider, schedule, ...policy }]) => ({
            name,
            policy,
            schedules: schedule ? [schedule] : [],
          }));
        const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
        expect(defined.sort(byName)).toEqual(listed.sort(byName));
      } finally {
        await ctx.close();
      }
    },
  );
});
