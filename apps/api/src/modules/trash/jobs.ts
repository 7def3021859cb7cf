import { defineJob } from '../../platform/job-list.js';
import type { Jobs } from '../../platform/jobs.js';
import type { TrashService } from './service.js';

declare module '../../platform/jobs.js' {
  interface JobPayloads {
    'trash.purge-expired': Record<string, never>;
  }
}

/**
 * The daily automatic purge: everything deleted more than 30 days ago, bytes included. It runs as
 * a recurring job (its schedule and retries: platform/job-list.ts), so it happens once a day whatever
 * the number of processes, and a run cut short by a crash is simply retried (purging what is already
 * gone changes nothing).
 */
export async function defineTrashJobs(trash: TrashService, jobs: Jobs): Promise<void> {
  await defineJob(jobs, 'trash.purge-expired', async (_payload, { log }) => {
    const purged = await trash.purgeExpired(new Date());
    if (Object.values(purged).some((n) => n > 0)) log.info({ purged }, 'trash purged');
  });
}
