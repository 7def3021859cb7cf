import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { RedsysConfig } from '../../../config.js';
import type { Database } from '../../../db/client.js';
import { defineJob } from '../../../platform/job-list.js';
import type { Jobs } from '../../../platform/jobs.js';
import { createRedsysProvider } from '../providers/redsys.js';
import type { PaymentsService } from '../service.js';
import { createStripeRepository } from '../stripe/repository.js';
import { createRedsysNotifications } from './notifications.js';
import { redsysRoutes } from './routes.js';

/**
 * Redsys as the payments module's provider, in two steps like Stripe's (stripe/wiring.ts): the
 * provider first (the payments service is built with it), then its notifications, which pass what
 * Redsys reports to the payments service:
 *
 *   const redsys = createRedsysPart(db, config.redsys, config.publicUrl);   // redsys.provider → the service
 *   const part = await redsys.notifications({ jobs, payments, log, now });  // defines the job
 *   … register: await part.register(api);   // POST /api/payments/redsys/notification, …/return
 */
export function createRedsysPart(db: Database, config: RedsysConfig, publicUrl: string) {
  const provider = createRedsysProvider(db, { ...config, publicUrl });
  return {
    provider,
    async notifications(deps: {
      jobs: Jobs;
      payments: () => Pick<PaymentsService, 'paymentSettled'>;
      log: FastifyBaseLogger;
      now: () => Date;
    }) {
      const notifications = createRedsysNotifications({ db, provider, repo: createStripeRepository(db, 'redsys'), ...deps });
      await defineJob(deps.jobs, 'payments.redsys-event', async ({ eventId }) => notifications.process(eventId));
      return {
        notifications,
        register: async (api: FastifyInstance) => {
          await api.register(redsysRoutes, { notifications, provider });
        },
      };
    },
  };
}
