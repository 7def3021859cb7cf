import { defineModule } from '../../platform/modules.js';
import { ownedRowsAccess } from '../../platform/access-sql.js';
import { createWebhookDeliverer, type WebhookDeliverer } from './delivery.js';
import { defineWebhookJobs } from './jobs.js';
import { webhookRoutes } from './routes.js';
import { webhookEndpoints } from './schema.js';
import { createWebhookSecrets } from './secrets.js';
import { createWebhooksService, type WebhooksService } from './service.js';
import { subscribeWebhooks } from './subscribers.js';
import { createWebhooksUserData } from './user-data.js';

declare module '../../platform/modules.js' {
  interface Services {
    webhooks: WebhooksService;
    webhookDeliverer: WebhookDeliverer;
  }
}

/** Signed outgoing webhooks (docs/webhooks.md): owners' endpoints, deliveries on the job queue, their log. */
export const webhooksModule = defineModule({
  name: 'webhooks',
  async build({ db, jobs, events, mailer, config, log, fetch, metrics, registries, appSecret }) {
    const production = config.nodeEnv === 'production';
    const secrets = createWebhookSecrets(db, appSecret);
    const deliverer = createWebhookDeliverer({
      secrets,
      db,
      jobs,
      mailer,
      fetch,
      log,
      settings: config.webhooks,
      production,
      publicUrl: config.publicUrl,
      // Retries are timed by the queue's real clock, not the product's test clock.
      now: () => new Date(),
      metrics,
    });
    await subscribeWebhooks(events, deliverer);
    await defineWebhookJobs(jobs, deliverer);
    const webhooks = createWebhooksService({ db, requireAccess: registries.access.requireAccess, deliverer, production, secrets });
    return {
      services: { webhooks, webhookDeliverer: deliverer },
      access: [ownedRowsAccess('webhook_endpoint', db, webhookEndpoints)],
      userData: [createWebhooksUserData(db)],
      // Secrets stored in clear by an older version are sealed before anything is delivered.
      onReady: async () => {
        await secrets.sealStoredInClear();
      },
    };
  },
  async register(api, { services: { webhooks } }) {
    await api.register(webhookRoutes, { webhooks });
  },
});
