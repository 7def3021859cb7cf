import { defineJob } from '../../platform/job-list.js';
import type { Jobs } from '../../platform/jobs.js';
import type { WebhookDeliverer } from './delivery.js';

declare module '../../platform/jobs.js' {
  interface JobPayloads {
    /** One attempt of one delivery (a failed one enqueues the next, later). */
    'webhooks.deliver': { deliveryId: string };
    /** Deletes deliveries (and their attempts) older than 30 days. */
    'webhooks.purge': Record<string, never>;
  }
}

/** The webhooks' jobs (policies in platform/job-list.ts): one attempt of a delivery, and the daily purge of the log. */
export async function defineWebhookJobs(jobs: Jobs, deliverer: WebhookDeliverer): Promise<void> {
  await defineJob(jobs, 'webhooks.deliver', ({ deliveryId }) => deliverer.attempt(deliveryId));
  await defineJob(jobs, 'webhooks.purge', async (_payload, { log }) => {
    const purged = await deliverer.purge();
    if (purged > 0) log.info({ purged }, 'webhook deliveries purged');
  });
}
