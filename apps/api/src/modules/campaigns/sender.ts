import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config.js';
import { smtpOptions } from '../../lib/smtp.js';
import type { Database, DatabaseHandle } from '../../db/client.js';
import type { EventBus } from '../../platform/events.js';
import type { Jobs } from '../../platform/jobs.js';
import { suppress } from '../audience/index.js';
import type { NotificationsService } from '../notifications/index.js';
import { renderCampaignEmail, type LinkSigner } from './links.js';
import { buildCampaignMime, composerMail } from './mime.js';
import { createSendPacer } from './pacing.js';
import type { CampaignRow, CampaignsRepository, ClaimedRecipient } from './repository.js';

declare module '../../platform/jobs.js' {
  interface JobPayloads {
    'campaign.send': { campaignId: string };
  }
}

/** A recipient whose server answers 4xx (or cannot be reached) is tried this many times, then failed. */
export const MAX_ATTEMPTS = 4;
/**
 * Rows one claim takes without a rate limit: enough that the connections seldom drain while the next
 * claim is taken. Pause and the run's time budget are checked between sends, so the size delays
 * neither (the rows not started are released at once).
 */
const BATCH = 500;
/** The longest one SMTP send may take: the connection, greeting and socket timeouts below, with room to spare. */
const SEND_MS = 60_000;

/** An address sent with a prebuilt message: printable ASCII, one @, no spaces or brackets. */
const PLAIN_ADDRESS = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9.-]+$/;

type SmtpError = Error & { responseCode?: number; code?: string; command?: string };

/** Permanent (5xx on RCPT/DATA: bounced), temporary (4xx, network: retried) or ours (failed at once). */
export function classifySmtpError(error: SmtpError): 'permanent' | 'temporary' {
  const code = error.responseCode;
  if (typeof code === 'number' && code >= 500 && code < 600) return 'permanent';
  return 'temporary';
}

/**
 * Whether a claimed row may be sent on the claim's own lease, with no extra round trip: the claim set
 * `lease_until = now() + lease` on the database after this process took `claimedAt` (a monotonic clock),
 * so the row is surely ours until `claimedAt + lease`. A send started at `now` must end inside that lease
 * even if SMTP takes its longest (`sendMs`); otherwise the sender re-holds the row first, and the claim
 * count (the fencing token) tells it whether another run took it meanwhile.
 */
export function withinClaimLease(claimedAt: number, leaseSeconds: number, sendMs: number, now: number): boolean {
  return now + sendMs < claimedAt + leaseSeconds * 1000;
}

/**
 * Marks accepted messages `sent` with group commit: up to `lanes` UPDATEs are written at once (on
 * different pool connections); a row whose 250 arrives while one is free is marked at once in its own
 * UPDATE, rows whose 250 arrives while all are busy wait for the first to finish and are then marked
 * together in one UPDATE. Each send awaits its own row's mark
 * before its connection takes the next row, so the crash window stays what it was: an accepted message
 * not yet marked is at most one per SMTP connection in flight (README, "Campaigns").
 */
export function createSentMarker(write: (ids: string[]) => Promise<void>, lanes = 2) {
  let queue: { id: string; resolve: () => void; reject: (error: unknown) => void }[] = [];
  let writing = 0;
  async function flush(): Promise<void> {
    writing += 1;
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      try {
        await write(batch.map((item) => item.id));
        for (const item of batch) item.resolve();
      } catch (error) {
        for (const item of batch) item.reject(error);
      }
    }
    writing -= 1;
  }
  return (id: string): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      queue.push({ id, resolve, reject });
      if (writing < lanes) void flush();
    });
}

/** Spaces sends `1000 / rate` ms apart in this process (0: no limit). */
function createThrottle(ratePerSecond: number) {
  let next = 0;
  return async () => {
    if (ratePerSecond <= 0) return;
    const now = Date.now();
    const slot = Math.max(now, next);
    next = slot + 1000 / ratePerSecond;
    if (slot > now) await new Promise((resolve) => setTimeout(resolve, slot - now));
  };
}

export type SenderDeps = {
  database: DatabaseHandle;
  repo: CampaignsRepository;
  jobs: Jobs;
  events: EventBus;
  notifications: NotificationsService;
  signer: LinkSigner;
  config: Pick<Config, 'smtp' | 'mailFrom' | 'publicUrl' | 'jobTimeoutSeconds' | 'campaignRatePerSecond' | 'campaignSmtpConnections'>;
  log: FastifyBaseLogger;
};

/**
 * The exactly-once sender. A `campaign.send` job claims pending recipient rows in batches (FOR UPDATE
 * SKIP LOCKED plus a lease as long as a job may run), sends each over SMTP with the Message-ID
 * `<recipient id@mail domain>`, and marks the row sent right after the server's 250 — one short
 * UPDATE, the only window where a crash can cause a duplicate (README, "Campaigns"). A job works for a
 * bounded time and then hands over to a fresh job, so no run outlives its expiry; a crashed run is
 * retried by the queue and continues with the pending rows. When nothing is pending the campaign is
 * finalized once (the `sending → sent` transition), with its notification and event.
 */
export function createCampaignSender(deps: SenderDeps) {
  const { repo, jobs, config, log, signer } = deps;
  const db: Database = deps.database.db;
  const domain = /@([^>\s]+)>?\s*$/.exec(config.mailFrom)?.[1] ?? 'enlaza.local';
  const transport: Transporter | null = config.smtp
    ? nodemailer.createTransport({
        ...smtpOptions(config.smtp),
        pool: true,
        maxConnections: config.campaignSmtpConnections,
        maxMessages: Infinity,
      })
    : null;
  const throttle = createThrottle(config.campaignRatePerSecond);
  const leaseSeconds = config.jobTimeoutSeconds;
  // While one message is being sent its row stays held longer than the SMTP timeouts below add up to.
  const sendLeaseSeconds = Math.max(leaseSeconds, SEND_MS / 1000);
  // A run stops claiming after this long and hands over, well inside its expiry.
  const budgetMs = Math.min(30_000, (config.jobTimeoutSeconds * 1000) / 4);
  const messageIdOf = (recipientId: string) => `<${recipientId}@${domain}>`;
  // The envelope's sender: the address of MAIL_FROM (as nodemailer reads it from the From header).
  const fromAddress = /<([^<>]*)>\s*$/.exec(config.mailFrom)?.[1] ?? config.mailFrom.trim();
  const envelopeFrom = PLAIN_ADDRESS.test(fromAddress) ? fromAddress : null;
  const markSent = createSentMarker((ids) => repo.markSentMany(ids, domain));
  // Sends in flight in this process, fewer while its event loop is saturated (requests come first).
  const pacer = createSendPacer(config.campaignSmtpConnections);

  async function sendOne(
    campaign: CampaignRow,
    owner: { alias: string; locale: string },
    r: ClaimedRecipient,
    claimedAt: number,
  ): Promise<'sent' | 'other'> {
    const profileUrl = r.profileId
      ? `${config.publicUrl}/link/${encodeURIComponent(owner.alias)}/${r.profileId}`
      : `${config.publicUrl}/link/${encodeURIComponent(owner.alias)}`;
    const email = renderCampaignEmail(
      { subject: campaign.subject ?? '', bodyHtml: campaign.bodyHtml ?? '', bodyText: campaign.bodyText ?? '' },
      r,
      { signer, profileUrl, locale: owner.locale },
    );
    await throttle();
    // Still ours? Inside the claim's lease it surely is; a run slowed down past it re-holds the row and
    // skips it if another run took it meanwhile.
    if (!withinClaimLease(claimedAt, leaseSeconds, SEND_MS, performance.now()) && !(await repo.hold(r.id, r.attempts, sendLeaseSeconds)))
      return 'other';
    try {
      const message = {
        from: config.mailFrom,
        to: r.email,
        subject: email.subject,
        html: email.html,
        text: email.text,
        messageId: messageIdOf(r.id),
        unsubscribeUrl: email.unsubscribeUrl,
      };
      // The message as one string, the same bytes MailComposer builds (mime.ts); an address that is not
      // plain ASCII (an international domain to turn into punycode…) still goes through nodemailer's composer.
      if (envelopeFrom && PLAIN_ADDRESS.test(r.email))
        await transport!.sendMail({ envelope: { from: envelopeFrom, to: [r.email] }, raw: buildCampaignMime(message) });
      else await transport!.sendMail(composerMail(message));
    } catch (error) {
      const e = error as SmtpError;
      const message = (e.message || String(e)).slice(0, 500);
      if (classifySmtpError(e) === 'permanent') {
        await repo.markSettled(r.id, 'bounced', message);
        await suppress(db, campaign.userId, r.email, 'bounced');
      } else if (r.attempts >= MAX_ATTEMPTS) {
        await repo.markSettled(r.id, 'failed', message);
      } else {
        await repo.markRetry(r.id, message, 15 * 2 ** (r.attempts - 1));
      }
      return 'other';
    }
    // Accepted by the SMTP server: mark it at once (the crash window is this UPDATE, shared with the
    // rows of other connections accepted meanwhile).
    await markSent(r.id);
    return 'sent';
  }

  async function sendBatch(
    campaign: CampaignRow,
    owner: { alias: string; locale: string },
    rows: ClaimedRecipient[],
    claimedAt: number,
    stopped: () => Promise<boolean>,
  ): Promise<void> {
    if (!transport) {
      // No SMTP server (the embedded default): written to the log, kept as `logged` in Comunicaciones.
      await repo.markSentMany(
        rows.map((r) => r.id),
        domain,
      );
      await repo.deliveriesSent(
        rows.map((r) => r.id),
        'logged',
      );
      log.info({ campaign: campaign.id, count: rows.length }, 'campaign emails (no SMTP configured)');
      return;
    }
    const sent: string[] = [];
    let next = 0;
    let halted = false;
    const worker = async () => {
      while (next < rows.length && !halted) {
        // Paused or cancelled meanwhile: the emails in flight finish, no new one starts.
        if (await stopped()) {
          halted = true;
          break;
        }
        // Another connection may have taken the last row while this one awaited the state.
        if (next >= rows.length) break;
        await pacer.acquire();
        try {
          if (next >= rows.length || halted) break;
          const r = rows[next++]!;
          if ((await sendOne(campaign, owner, r, claimedAt)) === 'sent') sent.push(r.id);
        } finally {
          pacer.release();
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(config.campaignSmtpConnections, rows.length) }, worker));
    // Rows claimed but not started are free again at once (resume continues with them).
    if (next < rows.length) await repo.releaseLeases(rows.slice(next).map((r) => r.id));
    await repo.deliveriesSent(sent, 'sent');
  }

  /** `sending → sent` once nothing is pending: the notification and the event are written with the transition. */
  async function finalize(campaignId: string): Promise<boolean> {
    return db.transaction(async (tx) => {
      const counts = await repo.stateCounts(tx, campaignId);
      if (counts.pending > 0) return false;
      const row = await repo.transition(campaignId, ['sending'], 'sent', { finishedAt: new Date() }, tx);
      if (!row) return false;
      await repo.reconcileDeliveries(tx, campaignId);
      await deps.notifications.notify(
        row.userId,
        'campaign_finished',
        { campaignId, campaignName: row.name, sent: counts.sent, failed: counts.failed + counts.bounced },
        tx,
        `campaign-finished:${campaignId}`,
      );
      await deps.events.publish(
        'campaign.finished',
        { campaignId, userId: row.userId, campaignName: row.name, sent: counts.sent, failed: counts.failed, bounced: counts.bounced },
        tx,
      );
      return true;
    });
  }

  async function run(campaignId: string): Promise<void> {
    const started = Date.now();
    const first = await repo.findById(campaignId);
    if (!first) return;
    const owner = await repo.ownerInfo(first.userId);
    for (;;) {
      const campaign = await repo.findById(campaignId);
      // Paused or cancelled: stop claiming (rows in flight have finished); resume starts a new job.
      if (!campaign || campaign.state !== 'sending') return;
      // Taken before the claim is sent, so the lease it sets on the database surely ends after claimedAt + lease.
      const claimedAt = performance.now();
      const rows = await repo.claim(
        campaignId,
        config.campaignRatePerSecond > 0 ? Math.max(1, Math.min(100, Math.ceil(config.campaignRatePerSecond))) : BATCH,
        leaseSeconds,
      );
      if (rows.length === 0) {
        const { pending, nextAt } = await repo.pendingInfo(campaignId);
        if (pending === 0) {
          await finalize(campaignId);
          return;
        }
        // Rows held by another run or waiting for a retry: look again when the earliest is free.
        const nextMs = nextAt && Number.isFinite(nextAt.getTime()) ? nextAt.getTime() : Date.now();
        const at = new Date(Math.max(Date.now(), nextMs + 500));
        await jobs.send('campaign.send', { campaignId }, { startAfter: at });
        return;
      }
      let checkedAt = Date.now();
      let stop = false;
      // The campaign's state, read again at most every 200 ms while the batch goes out; past the run's
      // time budget no new send starts either (the rest of the batch is released, the successor takes it).
      const stopped = async () => {
        if (Date.now() - started > budgetMs) return true;
        if (!stop && Date.now() - checkedAt > 200) {
          checkedAt = Date.now();
          stop = (await repo.findById(campaignId))?.state !== 'sending';
        }
        return stop;
      };
      await sendBatch(campaign, owner, rows, claimedAt, stopped);
      if (Date.now() - started > budgetMs) {
        await jobs.send('campaign.send', { campaignId });
        return;
      }
    }
  }

  return {
    async define(): Promise<void> {
      // On PGlite one process owns the data directory: leases of a process that died are free now.
      if (deps.database.kind === 'pglite' && jobs.working) await repo.releaseAllLeases();
      await jobs.define('campaign.send', {
        retryLimit: 20,
        retryDelay: 1,
        retryBackoff: true,
        concurrency: 2,
        handler: ({ campaignId }) => run(campaignId),
      });
    },
    finalize,
    close(): void {
      transport?.close();
    },
  };
}

export type CampaignSender = ReturnType<typeof createCampaignSender>;
