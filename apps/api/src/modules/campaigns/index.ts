/**
 * The campaigns module (campañas): drafts, scheduling, the exactly-once sender, tracking links, the
 * unsubscribe page and the bounce webhook. `campaignsModule` builds it (`createCampaigns`) and adds its
 * routes; app.ts adds the unsubscribe page (`registerUnsubscribePage`) among the pages outside /api.
 */
import { defineModule } from '../../platform/modules.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { DatabaseHandle } from '../../db/client.js';
import type { EventBus } from '../../platform/events.js';
import type { Jobs } from '../../platform/jobs.js';
import type { Mailer } from '../../lib/mailer.js';
import type { NotificationsService } from '../notifications/index.js';
import type { SubscriptionsService } from '../subscriptions/index.js';
import { createLinkSigner } from './links.js';
import { createCampaignsRepository } from './repository.js';
import { campaignPublicRoutes, campaignRoutes } from './routes.js';
import { createCampaignSender } from './sender.js';
import { createCampaignsService, type CampaignsService } from './service.js';
import { createCampaignSenderUserData, createCampaignsUserData } from './user-data.js';

export type { CampaignsService } from './service.js';
/** The unsubscribe page at /u/…, outside /api. */
export { registerUnsubscribePage } from './unsubscribe-page.js';

export async function createCampaigns(deps: {
  database: DatabaseHandle;
  config: Config;
  jobs: Jobs;
  events: EventBus;
  subscriptions: SubscriptionsService;
  notifications: NotificationsService;
  secret: string;
  log: FastifyBaseLogger;
  mailer: Pick<Mailer, 'send'>;
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
    mailer: deps.mailer,
    config: deps.config,
  });
  await sender.define();
  await service.defineJobs();
  return { service, trash: service.trashProvider(), close: () => sender.close() };
}
export { createCampaignSenderUserData, createCampaignsUserData } from './user-data.js';

declare module '../../platform/modules.js' {
  interface Services {
    campaigns: CampaignsService;
  }
}

export const campaignsModule = defineModule({
  name: 'campaigns',
  async build({ database, config, jobs, events, appSecret, log, mailer, services: { subscriptions, notifications } }) {
    const { service, trash, close } = await createCampaigns({
      database,
      config,
      jobs,
      events,
      subscriptions,
      notifications,
      secret: appSecret,
      log,
      mailer,
    });
    return {
      services: { campaigns: service },
      trash: [trash],
      onClose: close,
      userData: [createCampaignsUserData(database.db), createCampaignSenderUserData(database.db)],
    };
  },
  async register(api, { config, services: { campaigns } }) {
    await api.register(campaignRoutes, { campaigns });
    await api.register(campaignPublicRoutes, { campaigns, bounceWebhookSecret: config.bounceWebhookSecret });
  },
});
