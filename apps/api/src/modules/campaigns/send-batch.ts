import type { CampaignRow, ClaimedRecipient } from './repository.js';
import { createSendPacer } from './pacing.js';
import { createRecipientMail, type Outcome } from './recipient-mail.js';
import type { SenderDeps } from './sender-deps.js';
import type { Problem } from './stall.js';

export type BatchResult = { sent: number; settled: number; outage: boolean; problem: Problem | null };

/** A claimed batch sent over the connections at once (pacing.ts), each row by recipient-mail.ts. */
export function createBatchSender(deps: SenderDeps) {
  const { repo, config, log } = deps;
  const { domain, transport, sendOne } = createRecipientMail(deps);
  // Sends in flight in this process, fewer while its event loop is saturated (requests come first).
  const pacer = createSendPacer(config.campaignSmtpConnections);
  const emails = deps.metrics.counter(
    'campaign_emails_total',
    'Campaign emails by outcome: sent (accepted by the SMTP server), logged (no SMTP), refused (bounced or failed), deferred (a 4xx, tried again later), unreachable (the server was down)',
    ['outcome'],
  );
  const counted: Partial<Record<Outcome['kind'], string>> = { sent: 'sent', settled: 'refused', retry: 'deferred', outage: 'unreachable' };

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
      emails.inc({ outcome: 'logged' }, rows.length);
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
          const counts = counted[outcome.kind];
          if (counts) emails.inc({ outcome: counts });
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

  return { sendBatch, close: () => transport?.close() };
}
