import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { RequireAccess } from '../../platform/access.js';
import type { EventBus } from '../../platform/events.js';
import type { Jobs } from '../../platform/jobs.js';
import type { Mailer } from '../../platform/mailer.js';
import type { Clock } from '../../platform/clock.js';
import type { SubscriptionsService } from '../subscriptions/index.js';
import type { LinkSigner } from './links.js';
import type { CampaignsRepository } from './repository.js';
import type { OwnSender } from '../sending-domains/index.js';

/** What the campaigns service is made of (service.ts, and its parts: start.ts, controls.ts, link-actions.ts, feedback-reports.ts). */
export type CampaignsServiceDeps = {
  db: Database;
  requireAccess: RequireAccess;
  repo: CampaignsRepository;
  jobs: Jobs;
  subscriptions: SubscriptionsService;
  /** What the owner is told about is published as events (the notifications module subscribes), the monthly sends counted too. */
  events: Pick<EventBus, 'publish'>;
  signer: LinkSigner;
  mailer: Pick<Mailer, 'send'>;
  config: Pick<Config, 'publicUrl' | 'bounceWebhookSecret' | 'nodeEnv' | 'allowHttpPublicUrl' | 'mailFrom'>;
  /** The product's one clock: segments' "last N days" are counted from it when a campaign starts. */
  clock: Pick<Clock, 'now'>;
  /** The owner's verified sending domain in use, or null: "via Enlaza" (sending-domains). */
  ownSender: (userId: string) => Promise<OwnSender | null>;
};
