import { defineJob } from '../../platform/job-list.js';
import type { Jobs } from '../../platform/jobs.js';
import type { CampaignSender } from './sender.js';
import type { CampaignsService } from './service.js';

declare module '../../platform/jobs.js' {
  interface JobPayloads {
    /**
     * One run of a sending campaign. `progressAt`: when this chain of runs last settled a recipient,
     * or began (the stall watch counts from it); `failedTries`: tries in a row that found the SMTP
     * server unreachable (the next wait).
     */
    'campaign.send': { campaignId: string; progressAt?: string; failedTries?: number };
    /** A scheduled campaign's start; `at` tells a stale job (the campaign was rescheduled) from the current one. */
    'campaign.start': { campaignId: string; at: string };
  }
}

/** The campaigns' jobs (policies in platform/job-list.ts): the sender's runs and a scheduled campaign's start. */
export async function defineCampaignJobs(jobs: Jobs, sender: CampaignSender, service: CampaignsService): Promise<void> {
  await sender.prepare();
  await defineJob(jobs, 'campaign.send', (payload) => sender.run(payload));
  await defineJob(jobs, 'campaign.start', (payload) => service.startScheduled(payload));
}
