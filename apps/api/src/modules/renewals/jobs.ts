import type { DatabaseHandle } from '../../db/client.js';
import { defineJob } from '../../platform/job-list.js';
import type { Jobs } from '../../platform/jobs.js';
import type { RenewalsService } from './service.js';

declare module '../../platform/jobs.js' {
  interface JobPayloads {
    'renewals.run': Record<string, never>;
  }
}

/**
 * The renewals' job: every minute (platform/job-list.ts), what is due — renewals, reminders, dunning.
 * A run works for at most a quarter of the job's timeout, then hands over to a successor.
 */
export async function defineRenewalsJobs(
  renewals: RenewalsService,
  deps: { database: DatabaseHandle; jobs: Jobs; leaseSeconds: number },
): Promise<void> {
  const budgetMs = Math.max(1_000, (deps.leaseSeconds * 1000) / 4);
  await defineJob(deps.jobs, 'renewals.run', async (_payload, { log }) => {
    const run = await renewals.runDue({ budgetMs, parallel: deps.database.kind === 'pglite' ? 1 : 4 });
    if (run.renewed + run.failed + run.expired + run.cancelled + run.reminded > 0) log.info({ ...run }, 'renewals run');
    if (run.more) await deps.jobs.send('renewals.run', {}, { singletonKey: 'renewals.run.next' });
  });
}
