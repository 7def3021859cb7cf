import type { BounceReport } from '@enlaza/contracts';
import { suppress } from '../audience/index.js';
import { pauseIfOverComplaintLimit } from './complaints.js';
import type { FeedbackEvent } from './feedback/events.js';
import type { CampaignsServiceDeps } from './service-deps.js';
import { SOFT_BOUNCE_LIMIT } from './smtp-failures.js';

/** What applying a report did: emails it named, owners whose suppression list gained the address, campaigns paused. */
export type FeedbackResult = { matched: number; suppressed: number; paused: number };

/** Bounce and complaint reports about sent emails, and the webhooks' one-time tokens. */
export function campaignFeedback({ db, repo, events: bus }: Pick<CampaignsServiceDeps, 'db' | 'repo' | 'events'>) {
  return {
    /** One-time webhook tokens (feedback/routes.ts). */
    webhookTokens: {
      take: (provider: string, token: string, keepHours: number) => repo.takeWebhookToken(provider, token, keepHours),
      release: (provider: string, token: string) => repo.releaseWebhookToken(provider, token),
    },

    /** Our own webhook's report (the caller checked the shared secret): a bounce without a kind is hard. */
    reportBounces(report: BounceReport): Promise<FeedbackResult> {
      return this.recordFeedback(report.events.map((e) => ({ ...e, bounce: e.type === 'bounce' ? (e.bounce ?? 'hard') : undefined })));
    },

    /**
     * What the world said about sent emails (a DSN, a provider's webhook, a complaint report), each
     * source read into FeedbackEvents by feedback/*.ts. A report names one email by its Message-ID;
     * without one, every campaign email sent to the address in the last 30 days. Per email: a bounce
     * marks the row bounced (hard: the address is suppressed for its owner at once; soft: once it
     * has bounced SOFT_BOUNCE_LIMIT times); a complaint dates the row and suppresses the address, then
     * the owner's complaint rate is looked at (complaints.ts). A report received twice changes nothing
     * more.
     */
    async recordFeedback(events: FeedbackEvent[]): Promise<FeedbackResult> {
      const result: FeedbackResult = { matched: 0, suppressed: 0, paused: 0 };
      const complainedOwners = new Set<string>();
      for (const event of events) {
        const email = event.email.trim().toLowerCase();
        const local = event.messageId ? (/^<?([0-9a-f-]{36})@/i.exec(event.messageId.trim())?.[1]?.toLowerCase() ?? null) : null;
        // A Message-ID that is not one of ours (a password reset, another system's mail) names nothing here.
        if (event.messageId && !local) continue;
        const targets = await repo.reportTargets(email, local);
        result.matched += targets.length;
        const detail = (event.detail ?? '').replace(/\s+/g, ' ').trim().slice(0, 300) || undefined;
        await db.transaction(async (tx) => {
          const owners = new Set<string>();
          for (const t of targets) {
            const changed = await repo.markReported(tx, t.id, event.type, event.bounce ?? 'hard', detail);
            if (event.type === 'complaint') {
              if (changed) complainedOwners.add(t.userId);
              owners.add(t.userId);
            } else if (event.bounce !== 'soft' || (changed && (await repo.recentSoftBounces(t.userId, email, tx)) >= SOFT_BOUNCE_LIMIT))
              owners.add(t.userId);
          }
          for (const owner of owners) await suppress(tx, owner, email, event.type === 'bounce' ? 'bounced' : 'complained');
          result.suppressed += owners.size;
        });
      }
      for (const owner of complainedOwners)
        result.paused += (await db.transaction((tx) => pauseIfOverComplaintLimit(tx, bus, owner))).length;
      return result;
    },
  };
}
