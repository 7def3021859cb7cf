import { defineJob } from '../../../platform/job-list.js';
import type { Jobs } from '../../../platform/jobs.js';
import type { StripeWebhookEvents } from './webhook-events.js';

/** Stripe's webhook events, processed once each (webhook-events.ts); a failed run is retried with backoff. */
export async function defineStripeJobs(jobs: Jobs, events: Pick<StripeWebhookEvents, 'process'>) {
  await defineJob(jobs, 'payments.stripe-event', async ({ eventId }) => events.process(eventId));
}
