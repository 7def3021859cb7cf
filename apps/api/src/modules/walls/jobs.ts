import { defineJob } from '../../platform/job-list.js';
import type { Jobs } from '../../platform/jobs.js';
import type { WallsService } from './service.js';

declare module '../../platform/jobs.js' {
  interface JobPayloads {
    /** Publishes a scheduled post; `scheduledFor` is the time it was scheduled for when the job was made. */
    'wall.publish': { postId: string; scheduledFor: string };
  }
}

/** The walls' job: a scheduled post published at its time (enqueued by `service.publish`; retries in platform/job-list.ts). */
export async function defineWallsJobs(service: WallsService, jobs: Jobs): Promise<void> {
  await defineJob(jobs, 'wall.publish', async ({ postId, scheduledFor }, job) => {
    const outcome = await service.publishDue(postId, scheduledFor);
    // pg-boss starts the job at its time; a clock a little behind the database's waits and retries.
    if (outcome === 'not-due') throw new Error(`wall post ${postId} is not due yet`);
    job.log.debug({ postId, outcome }, 'wall.publish');
  });
}
