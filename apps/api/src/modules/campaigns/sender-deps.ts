import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { DatabaseHandle } from '../../db/client.js';
import type { EventBus } from '../../platform/events.js';
import type { Jobs } from '../../platform/jobs.js';
import type { Metrics } from '../../platform/metrics.js';
import type { LinkSigner } from './links.js';
import type { CampaignsRepository } from './repository.js';

/** What the campaign sender is made of (sender.ts, send-batch.ts, recipient-mail.ts). */
export type SenderDeps = {
  database: DatabaseHandle;
  repo: CampaignsRepository;
  jobs: Jobs;
  events: EventBus;
  signer: LinkSigner;
  config: Pick<
    Config,
    | 'smtp'
    | 'mailFrom'
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
};
