import type { Database } from '../../db/client.js';
import type { Storage } from '../../lib/storage.js';
import { defineJob } from '../../platform/job-list.js';
import type { Jobs } from '../../platform/jobs.js';
import { sweepOrphans } from './orphan-sweep.js';

declare module '../../platform/jobs.js' {
  interface JobPayloads {
    'cloud.sweep-orphans': Record<string, never>;
  }
}

/** The cloud's job: the hourly sweep of upload bytes no file points to (orphan-sweep.ts; schedule and retries in platform/job-list.ts). */
export async function defineCloudJobs(db: Database, storage: Storage, jobs: Jobs): Promise<void> {
  await defineJob(jobs, 'cloud.sweep-orphans', async (_payload, { log }) => {
    const result = await sweepOrphans(db, storage, new Date());
    if (result.removed || result.temporaries) log.info(result, 'orphan upload bytes removed');
  });
}
