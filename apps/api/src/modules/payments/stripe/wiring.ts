import type { FastifyInstance } from 'fastify';
import type { StripeConfig } from '../../../config.js';
import type { Database } from '../../../db/client.js';
import type { Jobs } from '../../../platform/jobs.js';
import { createStripeProvider } from '../providers/stripe.js';
import type { PaymentEventsSink } from './events-sink.js';
import { defineStripeJobs } from './jobs.js';
import { createStripeRepository } from './repository.js';
import { createStripeWebhookEvents } from './webhook-events.js';
import { stripeWebhookRoutes } from './webhook-routes.js';

/**
 * Stripe as the payments module's provider, in two steps because each side needs the other: the
 * provider first (the payments service is built with it), then its webhooks, which pass what Stripe
 * reports to the payments service (the sink):
 *
 *   const stripe = createStripePart(db, config.stripe);            // stripe.provider → the service
 *   const webhooks = await stripe.webhooks({ jobs, sink, now });   // defines the job
 *   … register: await webhooks.register(api);                      // POST /api/payments/stripe/webhook
 */
export function createStripePart(db: Database, config: StripeConfig, options: { maxNetworkRetries?: number } = {}) {
  const repo = createStripeRepository(db);
  const provider = createStripeProvider({ ...config, ...options });
  return {
    provider,
    async webhooks(deps: { jobs: Jobs; sink: PaymentEventsSink; now: () => Date }) {
      const events = createStripeWebhookEvents({
        db,
        stripe: provider.stripe,
        webhookSecret: config.webhookSecret,
        repo,
        jobs: deps.jobs,
        sink: deps.sink,
        finishSetup: (setupId) => provider.finishSetup(setupId),
        now: deps.now,
      });
      await defineStripeJobs(deps.jobs, events);
      return {
        events,
        register: async (api: FastifyInstance) => {
          await api.register(stripeWebhookRoutes, { events });
        },
      };
    },
  };
}
