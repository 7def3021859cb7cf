import { describe, expect, it } from 'vitest';
import { JOB_LIST } from '../../src/platform/job-list.js';
import { createTestApp } from '../helpers/test-app.js';

describe('one list of the jobs (platform/job-list.ts)', () => {
  it('is what the app defines: every listed job is defined by its module with the list’s policy and schedule, and none outside it', async () => {
    const ctx = await createTestApp();
    try {
      const defined = ctx.app.platform.jobs.defined().filter((job) => !job.name.startsWith('event.'));
      const listed = Object.entries(JOB_LIST as Record<string, { definedIn: string; schedule?: string }>).map(
        ([name, { definedIn: _where, schedule, ...policy }]) => ({ name, policy, schedules: schedule ? [schedule] : [] }),
      );
      const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
      expect(defined.sort(byName)).toEqual(listed.sort(byName));
    } finally {
      await ctx.close();
    }
  });
});
