import type { Database } from '../../db/client.js';
import type { JobPayloads } from '../../platform/jobs.js';
import { outageBackoffMs, sleep } from './send-helpers.js';
import { createBatchSender } from './send-batch.js';
import type { SenderDeps } from './sender-deps.js';
import { createStallWatch, isStalled } from './stall.js';

export { classifySmtpError } from './smtp-failures.js';
export { createSentMarker, withinClaimLease } from './send-helpers.js';

/**
 * Rows one claim takes without a rate limit: enough that the connections seldom drain while the next
 * claim is taken. Pause and the run's time budget are checked between sends, so the size delays
 * neither (the rows not started are released at once).
 */
const BATCH = 500;

export type { SenderDeps } from './sender-deps.js';

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
  const { repo, jobs, config, log } = deps;
  const db: Database = deps.database.db;
  const leaseSeconds = config.jobTimeoutSeconds;
  // A run stops claiming after this long and hands over, well inside its expiry.
  const budgetMs = Math.min(30_000, (config.jobTimeoutSeconds * 1000) / 4);
  const stall = createStallWatch({ db, events: deps.events, stallMs: config.campaignStallMs });
  // Rendering, sending and marking each claimed row (send-batch.ts, recipient-mail.ts).
  const { sendBatch, close } = createBatchSender(deps);

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
    // Read once per run (a run lasts seconds): its sends cost no lookup of their own.
    const [identity, own] = await Promise.all([repo.ownerInfo(first.userId), deps.ownSender(first.userId)]);
    const owner = { alias: identity.alias, locale: identity.locale, own };
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
          // An automation's step stays open for the people who reach it later (its rows wake the sender).
          if (!campaign.automationId) await finalize(campaignId);
          return;
        }
        // An automation's step: rows another run holds are that run's; rows waiting for a retry, or
        // left by a run that died, are woken by the automations' sweep once free (wakeFree), so no
        // run of a step waits in the queue for them.
        if (campaign.automationId) return;
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
      // Without a rate limit the next claims are taken while this one's last rows are sent (not while the
      // server is unreachable; a paced campaign's sends wait for their turn anyway).
      const refill = async () => {
        const at = performance.now();
        return { rows: await repo.claim(campaignId, size, leaseSeconds), claimedAt: at };
      };
      const continuous = tries === 0 && config.campaignRatePerSecond <= 0;
      const batch = await sendBatch(campaign, owner, rows, claimedAt, stopped, continuous ? refill : null);
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
      close();
    },
  };
}

export type CampaignSender = ReturnType<typeof createCampaignSender>;
