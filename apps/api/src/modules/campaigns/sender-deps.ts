import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { DatabaseHandle } from '../../db/client.js';
import type { EventBus } from '../../platform/events.js';
import type { Jobs } from '../../platform/jobs.js';
import type { Metrics } from '../../platform/metrics.js';
import type { SmtpRelaySource } from '../smtp-relays/index.js';
import type { LinkSigner } from './links.js';
import type { CampaignsRepository } from './repository.js';
import type { OwnSender } from '../sending-domains/index.js';

/** The owner of the campaign a run sends: their alias and language, and their own verified sending domain, if any. */
export type RunOwner = { alias: string; locale: string; own: OwnSender | null };

/** What the campaign sender is made of (sender.ts, send-batch.ts, recipient-mail.ts). */
export type SenderDeps = {
  database: DatabaseHandle;
  repo: CampaignsRepository;
  jobs: Jobs;
  events: EventBus;
  signer: LinkSigner;
  /** The admin's SMTP servers for campaigns (smtp-relays), read once per batch. */
  relays: SmtpRelaySource;
  config: Pick<
    Config,
    | 'smtp'
    | 'mailFrom'
    | 'dkim'
    | 'publicUrl'
    | 'jobTimeoutSeconds'
    | 'campaignRatePerSecond'
    | 'campaignSmtpConnections'
    | 'smtpSendTimeoutMs'
    | 'campaignStallMs'
    | 'campaignRetrySeconds'
    | 'inbound'
  >;
  log: FastifyBaseLogger;
  metrics: Metrics;
  /** The owner's verified sending domain in use (its address and signer), or null: "via Enlaza" (sending-domains). */
  ownSender: (userId: string) => Promise<OwnSender | null>;
};
