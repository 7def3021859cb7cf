/**
 * The campaigns module (campañas): drafts, scheduling, the exactly-once sender, tracking links, the
 * unsubscribe page and the bounce webhook. `campaignsModule` builds it (`createCampaigns`) and adds its
 * routes; app.ts adds the unsubscribe page (`registerUnsubscribePage`) among the pages outside /api.
 */
import { defineModule } from '../../platform/modules.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import type { Config } from '../../config.js';
import type { DatabaseHandle } from '../../db/client.js';
import type { EventBus } from '../../platform/events.js';
import type { Jobs } from '../../platform/jobs.js';
import type { Mailer } from '../../platform/mailer.js';
import type { Metrics } from '../../platform/metrics.js';
import type { SubscriptionsService } from '../subscriptions/index.js';
import type { SmtpRelaySource } from '../smtp-relays/index.js';
import type { SendingDomainsService } from '../sending-domains/index.js';
import { createLinkSigner } from './links.js';
import { createAutomationSteps, type AutomationSteps } from './automation-steps.js';
import { createCampaignsFileUses } from './file-uses.js';
import { createCampaignsRepository } from './repository.js';
import { campaignPublicRoutes, campaignRoutes } from './routes.js';
import { feedbackWebhookRoutes } from './feedback/routes.js';
import { createInboundListener } from './inbound.js';
import { defineCampaignJobs } from './jobs.js';
import { createCampaignSender } from './sender.js';
import { createCampaignsService, type CampaignsService } from './service.js';
import { and, isNull } from 'drizzle-orm';
import type { RequireAccess } from '../../platform/access.js';
import { ownedRowsAccess } from '../../platform/access-sql.js';
import { campaigns as campaignTable } from './schema.js';
import { engagedAddresses } from './engagement-pieces.js';
import { createCampaignSenderUserData, createCampaignsUserData } from './user-data.js';

/** The unsubscribe page at /u/…, outside /api. */
export { registerUnsubscribePage } from './unsubscribe-page.js';

async function createCampaigns(deps: {
  database: DatabaseHandle;
  config: Config;
  jobs: Jobs;
  events: EventBus;
  subscriptions: SubscriptionsService;
  relays: SmtpRelaySource;
  sendingDomains: SendingDomainsService;
  secret: string;
  log: FastifyBaseLogger;
  mailer: Pick<Mailer, 'send'>;
  requireAccess: RequireAccess;
  metrics: Metrics;
  clock: Clock;
}) {
  const repo = createCampaignsRepository(deps.database.db);
  const signer = createLinkSigner(deps.secret, deps.config.publicUrl, deps.config.inbound?.domain ?? null);
  const sender = createCampaignSender({
    database: deps.database,
    repo,
    jobs: deps.jobs,
    events: deps.events,
    signer,
    relays: deps.relays,
    config: deps.config,
    log: deps.log,
    metrics: deps.metrics,
    ownSender: (userId) => deps.sendingDomains.ownSender(userId),
  });
  const service = createCampaignsService({
    db: deps.database.db,
    requireAccess: deps.requireAccess,
    repo,
    jobs: deps.jobs,
    subscriptions: deps.subscriptions,
    events: deps.events,
    signer,
    mailer: deps.mailer,
    config: deps.config,
    clock: deps.clock,
    ownSender: (userId) => deps.sendingDomains.ownSender(userId),
  });
  await defineCampaignJobs(deps.jobs, sender, service);
  // The inbound listener runs where the jobs run (the API with PGlite, or each worker process).
  const inbound =
    deps.config.inbound && deps.config.workers === 'inline'
      ? createInboundListener({
          domain: deps.config.inbound.domain,
          verifyMailto: (local) => signer.verifyMailto(local),
          unsubscribe: (id) => service.unsubscribeRecipient(id),
          recordFeedback: (events) => service.recordFeedback(events),
          log: deps.log,
        })
      : null;
  // Each automation step is a hidden campaign the sender sends (the automations module's port).
  const automationSteps = createAutomationSteps({
    db: deps.database.db,
    repo,
    jobs: deps.jobs,
    publicUrl: deps.config.publicUrl,
    sendTest: (actor, me, campaignId) => service.sendStepTest(actor, me, campaignId),
  });
  return {
    service,
    automationSteps,
    trash: service.trashProvider(),
    start: async () => {
      if (!inbound || !deps.config.inbound) return;
      const { host, port } = deps.config.inbound;
      try {
        const bound = await inbound.listen(host, port);
        deps.log.info(`inbound mail for ${deps.config.inbound.domain}: SMTP on ${host}:${bound}`);
      } catch (error) {
        // Another process of this machine listens already (several workers): it takes the mail.
        if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
        deps.log.warn(`inbound SMTP port ${port} is taken (by another worker of this machine?): this process does not listen`);
      }
    },
    close: async () => {
      await inbound?.close();
      sender.close();
    },
  };
}

declare module '../../platform/modules.js' {
  interface Services {
    campaigns: CampaignsService;
    automationSteps: AutomationSteps;
  }
}

export const campaignsModule = defineModule({
  name: 'campaigns',
  provides: ['segmentEngagement'],
  async build({
    database,
    config,
    jobs,
    events,
    appSecret,
    log,
    mailer,
    metrics,
    clock,
    registries,
    services: { subscriptions, smtpRelays, sendingDomains },
  }) {
    const { service, automationSteps, trash, start, close } = await createCampaigns({
      database,
      config,
      jobs,
      events,
      subscriptions,
      relays: smtpRelays,
      sendingDomains,
      secret: appSecret,
      log,
      mailer,
      requireAccess: registries.access.requireAccess,
      metrics,
      clock,
    });
    return {
      services: { campaigns: service, automationSteps },
      trash: [trash],
      onReady: start,
      onClose: close,
      userData: [createCampaignsUserData(database.db), createCampaignSenderUserData(database.db)],
      fileUses: [createCampaignsFileUses(database.db)],
      hooks: { segmentEngagement: engagedAddresses },
      // A live campaign of the owner (an automation's step is reached through its automation); any
      // email of the owner, automation steps too, for a segment's engagement condition.
      access: [
        ownedRowsAccess('campaign', database.db, campaignTable, and(isNull(campaignTable.deletedAt), isNull(campaignTable.automationId))),
        ownedRowsAccess('campaign.any', database.db, campaignTable),
      ],
    };
  },
  async register(api, { config, fetch, services: { campaigns } }) {
    await api.register(campaignRoutes, { campaigns });
    await api.register(campaignPublicRoutes, { campaigns, bounceWebhookSecret: config.bounceWebhookSecret });
    await api.register(feedbackWebhookRoutes, {
      config: config.feedback,
      recordFeedback: (events) => campaigns.recordFeedback(events),
      tokens: campaigns.webhookTokens,
      fetch,
    });
  },
});
