/**
 * The campaigns module (campañas): drafts, scheduling, the exactly-once sender, tracking links, the
 * unsubscribe page and the bounce webhook. app.ts calls `createCampaigns` once and registers what it
 * answers; other modules use nothing else from here.
 */
import { defineModule } from '../../platform/module.js';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { DatabaseHandle } from '../../db/client.js';
import type { EventBus } from '../../platform/events.js';
import type { Jobs } from '../../platform/jobs.js';
import type { NotificationsService } from '../notifications/index.js';
import type { SubscriptionsService } from '../subscriptions/index.js';
import { createLinkSigner } from './links.js';
import { createCampaignsRepository } from './repository.js';
import { campaignPublicRoutes, campaignRoutes } from './routes.js';
import { createCampaignSender } from './sender.js';
import { createCampaignsService } from './service.js';
import { registerUnsubscribePage } from './unsubscribe-page.js';

export type { CampaignsService } from './service.js';

export async function createCampaigns(deps: {
  database: DatabaseHandle;
  config: Config;
  jobs: Jobs;
  events: EventBus;
  subscriptions: SubscriptionsService;
  notifications: NotificationsService;
  secret: string;
  log: FastifyBaseLogger;
}) {
  const repo = createCampaignsRepository(deps.database.db);
  const signer = createLinkSigner(deps.secret, deps.config.publicUrl);
  const sender = createCampaignSender({
    database: deps.database,
    repo,
    jobs: deps.jobs,
    events: deps.events,
    notifications: deps.notifications,
    signer,
    config: deps.config,
    log: deps.log,
  });
  const service = createCampaignsService({
    db: deps.database.db,
    repo,
    jobs: deps.jobs,
    subscriptions: deps.subscriptions,
    notifications: deps.notifications,
    signer,
    config: deps.config,
  });
  await sender.define();
  await service.defineJobs();
  return {
    service,
    trash: service.trashProvider(),
    /** The API routes (register under /api). */
    async routes(api: FastifyInstance) {
      await api.register(campaignRoutes, { campaigns: service });
      await api.register(campaignPublicRoutes, { campaigns: service, bounceWebhookSecret: deps.config.bounceWebhookSecret });
    },
    /** The unsubscribe page at /u/…, outside /api. */
    page: (app: FastifyInstance) => registerUnsubscribePage(app, service),
    close: () => sender.close(),
  };
}
export { createCampaignsUserData } from './user-data.js';

export const campaignsModule = defineModule({
  name: 'campaigns',
  async register(api, { campaigns }: { campaigns: { routes(api: FastifyInstance): Promise<void> } }) {
    await campaigns.routes(api);
  },
});
