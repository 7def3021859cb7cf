import type { CampaignRow, ClaimedRecipient } from './repository.js';
import { createSendPacer } from './pacing.js';
import { createRecipientMail, type Outcome } from './recipient-mail.js';
import type { RunOwner, SenderDeps } from './sender-deps.js';
import type { Problem } from './stall.js';

export type BatchResult = { sent: number; settled: number; outage: boolean; problem: Problem | null };

/** The next claim of the same run: its rows and when it was taken (before the claim was sent). */
export type Claim = { rows: ClaimedRecipient[]; claimedAt: number };

/**
 * A claimed batch sent over the connections at once (pacing.ts), each row by recipient-mail.ts. With
 * `refill`, the run's next claim is taken while the last rows of this one are still being sent, and
 * its rows join the same connections: they do not drain at the end of every claim (the slowest of the
 * last sends, then the claim's round trips, with every connection idle). Each row keeps its own
 * claim's time for its lease.
 */
export function createBatchSender(deps: SenderDeps) {
  const { repo, config, log } = deps;
  const { domain, transport, sendOne } = createRecipientMail(deps);
  // Sends in flight in this process, fewer while requests keep its event loop saturated (requests come first).
  const foreground = deps.jobs.foreground;
  const pacer = createSendPacer(config.campaignSmtpConnections, foreground ? { serving: () => foreground.busy() } : {});
  const emails = deps.metrics.counter(
    'campaign_emails_total',
    'Campaign emails by outcome: sent (accepted by the SMTP server), logged (no SMTP), refused (bounced or failed), deferred (a 4xx, tried again later), unreachable (the server was down)',
    ['outcome'],
  );
  const counted: Partial<Record<Outcome['kind'], string>> = { sent: 'sent', settled: 'refused', retry: 'deferred', outage: 'unreachable' };

  async function sendBatch(
    campaign: CampaignRow,
    owner: RunOwner,
    rows: ClaimedRecipient[],
    claimedAt: number,
    stopped: () => Promise<boolean>,
    refill: (() => Promise<Claim>) | null = null,
  ): Promise<BatchResult> {
    const result: BatchResult = { sent: 0, settled: 0, outage: false, problem: null };
    // The SMTP servers read again, so an admin's change applies from this batch on. None (the embedded
    // default): written to the log, kept as `logged` in Comunicaciones.
    if (!(await transport.refresh())) {
      const ids = rows.map((r) => r.id);
      await repo.markSentMany(ids, domain);
      await repo.deliveriesSent(ids, 'logged');
      emails.inc({ outcome: 'logged' }, rows.length);
      log.info({ campaign: campaign.id, count: rows.length }, 'campaign emails (no SMTP configured)');
      return { ...result, sent: rows.length };
    }
    const queue = rows.map((row) => ({ row, claimedAt }));
    // Accepted rows whose Comunicaciones row is not yet `sent` (written after each refill and at the end).
    let sent: string[] = [];
    const giveBack: string[] = [];
    let next = 0;
    let halted = false;
    let exhausted = !refill;
    const failure: { claim: Error | null } = { claim: null };
    // The claim on its way, if any (an object: the workers and the claim itself change it).
    const inflight: { claim: Promise<void> | null } = { claim: null };
    const claimMore = async () => {
      try {
        if (halted || (await stopped())) {
          exhausted = true;
          return;
        }
        const claim = await refill!();
        if (claim.rows.length === 0) exhausted = true;
        for (const row of claim.rows) queue.push({ row, claimedAt: claim.claimedAt });
        const accepted = sent;
        sent = [];
        await repo.deliveriesSent(accepted, 'sent');
      } catch (error) {
        exhausted = true;
        failure.claim ??= error instanceof Error ? error : new Error(String(error));
      }
    };
    // One claim at a time, started when the rows left are fewer than the connections.
    const more = (): Promise<void> => {
      inflight.claim ??= claimMore().finally(() => {
        inflight.claim = null;
      });
      return inflight.claim;
    };
    const worker = async () => {
      while (!halted) {
        // Paused or cancelled meanwhile: the emails in flight finish, no new one starts.
        if (await stopped()) {
          halted = true;
          break;
        }
        if (next >= queue.length) {
          // Another connection may have taken the last row while this one awaited the state.
          if (exhausted) break;
          await more();
          continue;
        }
        await pacer.acquire();
        try {
          if (next >= queue.length || halted) continue;
          const { row: r, claimedAt: at } = queue[next++]!;
          if (!exhausted && queue.length - next < config.campaignSmtpConnections) void more();
          const outcome = await sendOne(campaign, owner, r, at);
          const counts = counted[outcome.kind];
          if (counts) emails.inc({ outcome: counts });
          if (outcome.kind === 'sent') {
            sent.push(r.id);
            result.sent += 1;
          } else if (outcome.kind === 'settled') result.settled += 1;
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
    await Promise.all(Array.from({ length: config.campaignSmtpConnections }, worker));
    // A claim still on its way: its rows are given back with the others not started.
    await inflight.claim;
    // Rows claimed but not started, and rows the server never answered about, are free again at once.
    for (const { row } of queue.slice(next)) giveBack.push(row.id);
    await repo.releaseLeases(giveBack);
    await repo.deliveriesSent(sent, 'sent');
    if (failure.claim) throw failure.claim;
    return result;
  }

  return { sendBatch, close: () => transport.close() };
}
