import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Database, DatabaseHandle } from '../../db/client.js';
import type { EventBus } from '../../platform/events.js';
import type { JobPayloads, Jobs } from '../../platform/jobs.js';
import { suppress } from '../audience/index.js';
import { createCampaignTransport } from './campaign-transport.js';
import { bounceAddress } from './inbound.js';
import { prepareEmail, type PreparedEmail } from '../templates/index.js';
import { renderCampaignEmail, type LinkSigner } from './links.js';
import { buildCampaignMime, composerMail } from './mime.js';
import { createSendPacer } from './pacing.js';
import { senderFrom } from './sender-identity.js';
import type { CampaignRow, CampaignsRepository, ClaimedRecipient } from './repository.js';
import { shortProfileLink } from '../../lib/public-links.js';
import { createSentMarker, createThrottle, outageBackoffMs, sleep, withinClaimLease } from './send-helpers.js';
import { classifySmtpError, detailOf, SOFT_BOUNCE_LIMIT, stallKindOf, type SmtpError } from './smtp-failures.js';
import { createStallWatch, isStalled, type Problem } from './stall.js';

export { classifySmtpError } from './smtp-failures.js';
export { createSentMarker, withinClaimLease } from './send-helpers.js';

/**
 * Rows one claim takes without a rate limit: enough that the connections seldom drain while the next
 * claim is taken. Pause and the run's time budget are checked between sends, so the size delays
 * neither (the rows not started are released at once).
 */
const BATCH = 500;

/** An address sent with a prebuilt message: printable ASCII, one @, no spaces or brackets. */
const PLAIN_ADDRESS = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9.-]+$/;

type Outcome = { kind: 'sent' | 'settled' | 'retry' | 'outage' | 'other'; problem?: Problem };
type BatchResult = { sent: number; settled: number; outage: boolean; problem: Problem | null };

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
};

/**
 * The exactly-once sender. A `campaign.send` job claims pending recipient rows in batches (FOR UPDATE
 * SKIP LOCKED plus a lease as long as a job may run), sends each over SMTP with the Message-ID
 * `<recipient id@mail domain>`, and marks the row sent right after the server's 250 — one short
 * UPDATE, the only window where a crash can cause a duplicate (docs/sending.md, "Campaigns"). A job works for a
 * bounded time and then hands over to a fresh job, so no run outlives its expiry; a crashed run is
 * retried by the queue and continues with the pending rows. When nothing is pending the campaign is
 * finalized once (the `sending → sent` transition), with its notification and event.
 *
 * An unreachable SMTP server (docs/sending.md) costs the recipients nothing: the rows go back to
 * pending, the run waits (0.5 s doubling, see outageBackoffMs) and tries again, in this run or the
 * next job, until the server answers; the stall watch (stall.ts) tells the owner when it lasts.
 */
export function createCampaignSender(deps: SenderDeps) {
  const { repo, jobs, config, log, signer } = deps;
  const db: Database = deps.database.db;
  const domain = /@([^>\s]+)>?\s*$/.exec(config.mailFrom)?.[1] ?? 'enlaza.local';
  const transport = config.smtp
    ? createCampaignTransport(config.smtp, { connections: config.campaignSmtpConnections, deadlineMs: config.smtpSendTimeoutMs, log })
    : null;
  const throttle = createThrottle(config.campaignRatePerSecond);
  const leaseSeconds = config.jobTimeoutSeconds;
  // The longest one send may take: its deadline.
  const sendMs = config.smtpSendTimeoutMs;
  // While one message is being sent its row stays held longer than its deadline.
  const sendLeaseSeconds = Math.max(leaseSeconds, Math.ceil(sendMs / 1000) + 1);
  // A run stops claiming after this long and hands over, well inside its expiry.
  const budgetMs = Math.min(30_000, (config.jobTimeoutSeconds * 1000) / 4);
  const messageIdOf = (recipientId: string) => `<${recipientId}@${domain}>`;
  // The envelope's sender (where bounces go): the inbound listener's bounce address when it is on,
  // so DSNs come back to us; else the address of MAIL_FROM (as nodemailer reads it from the From header).
  const fromAddress = config.inbound
    ? bounceAddress(config.inbound.domain)
    : (/<([^<>]*)>\s*$/.exec(config.mailFrom)?.[1] ?? config.mailFrom.trim());
  const envelopeFrom = PLAIN_ADDRESS.test(fromAddress) ? fromAddress : null;
  const markSent = createSentMarker((ids) => repo.markSentMany(ids, domain));
  // Sends in flight in this process, fewer while its event loop is saturated (requests come first).
  const pacer = createSendPacer(config.campaignSmtpConnections);
  const stall = createStallWatch({ db, events: deps.events, stallMs: config.campaignStallMs });
  // Each campaign's template laid out and inlined once (the costly part of rendering), for the
  // campaigns this process is sending; a snapshot that changed (edited and started again) is prepared anew.
  const prepared = new Map<string, { subject: string; bodyHtml: string; locale: string; email: PreparedEmail }>();
  const preparedFor = (campaign: CampaignRow, locale: string): PreparedEmail => {
    const subject = campaign.subject ?? '';
    const bodyHtml = campaign.bodyHtml ?? '';
    const hit = prepared.get(campaign.id);
    if (hit && hit.subject === subject && hit.bodyHtml === bodyHtml && hit.locale === locale) return hit.email;
    const email = prepareEmail({ subject, bodyHtml }, locale);
    prepared.delete(campaign.id);
    if (prepared.size >= 32) prepared.delete(prepared.keys().next().value!);
    prepared.set(campaign.id, { subject, bodyHtml, locale, email });
    return email;
  };

  async function sendOne(
    campaign: CampaignRow,
    owner: { alias: string; locale: string },
    r: ClaimedRecipient,
    claimedAt: number,
  ): Promise<Outcome> {
    const profileUrl = shortProfileLink(config.publicUrl, owner.alias);
    const email = renderCampaignEmail(preparedFor(campaign, owner.locale), r, {
      signer,
      profileUrl,
      locale: owner.locale,
      sender: campaign.sender,
    });
    await throttle();
    // Still ours? Inside the claim's lease it surely is; a run slowed down past it re-holds the row and
    // skips it if another run took it meanwhile.
    if (!withinClaimLease(claimedAt, leaseSeconds, sendMs, performance.now()) && !(await repo.hold(r.id, r.attempts, sendLeaseSeconds)))
      return { kind: 'other' };
    try {
      const message = {
        // "<owner> via <platform>" on the platform's address (its domain is the authenticated one), replies to the owner.
        from: campaign.sender ? senderFrom(config.mailFrom, campaign.sender.name) : config.mailFrom,
        replyTo: campaign.sender?.replyTo || undefined,
        to: r.email,
        subject: email.subject,
        html: email.html,
        text: email.text,
        messageId: messageIdOf(r.id),
        unsubscribeUrl: email.unsubscribeUrl,
        unsubscribeMailto: email.unsubscribeMailto,
        campaignId: campaign.id,
        ownerId: campaign.userId,
        ownerAlias: owner.alias,
        domain,
      };
      // The message as one string, the same bytes MailComposer builds (mime.ts); an address that is not
      // plain ASCII (an international domain to turn into punycode…) still goes through nodemailer's composer.
      if (envelopeFrom && PLAIN_ADDRESS.test(r.email))
        await transport!.send({ envelope: { from: envelopeFrom, to: [r.email] }, raw: buildCampaignMime(message) });
      else
        await transport!.send({ ...composerMail(message), ...(config.inbound ? { envelope: { from: fromAddress, to: [r.email] } } : {}) });
    } catch (error) {
      const e = error as SmtpError;
      const problem: Problem = { kind: stallKindOf(e), detail: detailOf(e) };
      const failure = classifySmtpError(e);
      // Nothing was said about this recipient: the batch gives the row back, with its attempt.
      if (failure === 'outage') return { kind: 'outage', problem };
      const message = (e.message || String(e)).slice(0, 500);
      if (failure === 'hard' || failure === 'soft') {
        await repo.markSettled(r.id, 'bounced', message, failure);
        // A wrong address at once; any other refusal once it keeps coming (SOFT_BOUNCE_LIMIT).
        if (failure === 'hard' || (await repo.recentSoftBounces(campaign.userId, r.email)) >= SOFT_BOUNCE_LIMIT)
          await suppress(db, campaign.userId, r.email, 'bounced');
        return { kind: 'settled', problem };
      }
      // A 4xx: the next try after the schedule's wait for this attempt; failed once the schedule is used up.
      const wait = config.campaignRetrySeconds[r.attempts - 1];
      if (wait === undefined) {
        await repo.markSettled(r.id, 'failed', message);
        return { kind: 'settled', problem };
      }
      await repo.markRetry(r.id, message, wait);
      return { kind: 'retry', problem };
    }
    // Accepted by the SMTP server: mark it at once (the crash window is this UPDATE, shared with the
    // rows of other connections accepted meanwhile).
    await markSent(r.id);
    return { kind: 'sent' };
  }

  async function sendBatch(
    campaign: CampaignRow,
    owner: { alias: string; locale: string },
    rows: ClaimedRecipient[],
    claimedAt: number,
    stopped: () => Promise<boolean>,
  ): Promise<BatchResult> {
    const result: BatchResult = { sent: 0, settled: 0, outage: false, problem: null };
    if (!transport) {
      // No SMTP server (the embedded default): written to the log, kept as `logged` in Comunicaciones.
      const ids = rows.map((r) => r.id);
      await repo.markSentMany(ids, domain);
      await repo.deliveriesSent(ids, 'logged');
      log.info({ campaign: campaign.id, count: rows.length }, 'campaign emails (no SMTP configured)');
      return { ...result, sent: rows.length };
    }
    const sent: string[] = [];
    const giveBack: string[] = [];
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
          const outcome = await sendOne(campaign, owner, r, claimedAt);
          if (outcome.kind === 'sent') sent.push(r.id);
          else if (outcome.kind === 'settled') result.settled += 1;
          else if (outcome.kind === 'outage') {
            // The server is down (or will not have us): no new send starts, the others in flight end.
            halted = true;
            result.outage = true;
            giveBack.push(r.id);
          }
          if (outcome.problem && (outcome.kind === 'outage' || !result.outage)) result.problem = outcome.problem;
        } finally {
          pacer.release();
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(config.campaignSmtpConnections, rows.length) }, worker));
    // Rows claimed but not started, and rows the server never answered about, are free again at once.
    for (const r of rows.slice(next)) giveBack.push(r.id);
    await repo.releaseLeases(giveBack);
    await repo.deliveriesSent(sent, 'sent');
    return { ...result, sent: sent.length };
  }

  /** `sending → sent` once nothing is pending: `campaign.finished` is published with the transition (the owner's notification follows it). */
  async function finalize(campaignId: string): Promise<boolean> {
    return db.transaction(async (tx) => {
      const counts = await repo.stateCounts(tx, campaignId);
      if (counts.pending > 0) return false;
      const row = await repo.transition(campaignId, ['sending'], 'sent', { finishedAt: new Date(), error: null }, tx);
      if (!row) return false;
      await repo.reconcileDeliveries(tx, campaignId);
      await deps.events.publish(
        'campaign.finished',
        { campaignId, userId: row.userId, campaignName: row.name, sent: counts.sent, failed: counts.failed, bounced: counts.bounced },
        tx,
      );
      return true;
    });
  }

  /**
   * A cancelled campaign: its pending rows that no run holds are skipped (their queued deliveries go);
   * rows a run still holds are that run's to send or give back, and are looked at again when their
   * lease ends (a run that died holding them).
   */
  async function settleCancelled(campaignId: string): Promise<void> {
    const held = await db.transaction((tx) => repo.skipPending(tx, campaignId));
    if (held.count > 0)
      await jobs.send('campaign.send', { campaignId }, { startAfter: new Date(Math.max(Date.now(), (held.until ?? 0) + 500)) });
  }

  async function run({ campaignId, progressAt, failedTries = 0 }: JobPayloads['campaign.send']) {
    const started = Date.now();
    // The stall watch's floor: the last recipient settled by this chain of runs, or its beginning.
    let floor = progressAt && Number.isFinite(Date.parse(progressAt)) ? Date.parse(progressAt) : started;
    let tries = failedTries;
    const handOver = (startAfter?: Date) =>
      jobs.send(
        'campaign.send',
        { campaignId, progressAt: new Date(floor).toISOString(), ...(tries > 0 ? { failedTries: tries } : {}) },
        startAfter ? { startAfter } : {},
      );
    const first = await repo.findById(campaignId);
    if (!first) return;
    const owner = await repo.ownerInfo(first.userId);
    for (;;) {
      const campaign = await repo.findById(campaignId);
      if (campaign?.state === 'cancelled') return settleCancelled(campaignId);
      // Paused: stop claiming (rows in flight have finished); resume starts a new job.
      if (!campaign || campaign.state !== 'sending') return;
      // Taken before the claim is sent, so the lease it sets on the database surely ends after claimedAt + lease.
      const claimedAt = performance.now();
      const size = config.campaignRatePerSecond > 0 ? Math.max(1, Math.min(100, Math.ceil(config.campaignRatePerSecond))) : BATCH;
      // While the server is unreachable a try needs no more rows than it has connections.
      const rows = await repo.claim(campaignId, tries > 0 ? Math.min(size, config.campaignSmtpConnections) : size, leaseSeconds);
      if (rows.length === 0) {
        const { pending, nextAt } = await repo.pendingInfo(campaignId);
        if (pending === 0) {
          await finalize(campaignId);
          return;
        }
        // Rows held by another run or waiting for a retry: look again when the earliest is free.
        await stall.check(campaign, floor, null);
        const nextMs = nextAt && Number.isFinite(nextAt.getTime()) ? nextAt.getTime() : Date.now();
        await handOver(new Date(Math.max(Date.now(), nextMs + 500)));
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
      const batch = await sendBatch(campaign, owner, rows, claimedAt, stopped);
      if (batch.sent + batch.settled > 0) {
        floor = Date.now();
        tries = 0;
        if (batch.sent > 0 && isStalled(campaign)) await stall.clear(campaignId);
      }
      if (batch.outage) {
        // The server could not be reached: wait, then try again (here, or in the next job past the budget).
        await stall.check(campaign, floor, batch.problem);
        const wait = outageBackoffMs(tries, stall.stallMs);
        tries += 1;
        log.warn({ campaign: campaignId, waitMs: wait, problem: batch.problem }, 'campaign: SMTP server unreachable, trying again');
        if (Date.now() + wait - started > budgetMs) {
          await handOver(new Date(Date.now() + wait));
          return;
        }
        await sleep(wait);
        continue;
      }
      if (Date.now() - started > budgetMs) {
        await handOver();
        return;
      }
    }
  }

  return {
    /** One run of a sending campaign (the `campaign.send` job, jobs.ts). */
    run,
    /** Before the job is defined: on PGlite one process owns the data directory, so leases of a process that died are free now. */
    async prepare(): Promise<void> {
      if (deps.database.kind === 'pglite' && jobs.working) await repo.releaseAllLeases();
    },
    finalize,
    close(): void {
      transport?.close();
    },
  };
}

export type CampaignSender = ReturnType<typeof createCampaignSender>;
