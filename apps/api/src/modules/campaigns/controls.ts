import type { Campaign } from '@enlaza/contracts';
import { AppError } from '../../lib/errors.js';
import type { Actor } from '../../platform/actor.js';
import { requireComplaintRateOk } from './complaints.js';
import type { CampaignRow } from './repository.js';
import type { CampaignsServiceDeps } from './service-deps.js';
import type { createCampaignStart } from './start.js';

export type CampaignControlsDeps = Pick<CampaignsServiceDeps, 'db' | 'repo' | 'jobs'> & {
  start: ReturnType<typeof createCampaignStart>;
  /** The actor's own live campaign, or 404. */
  campaignOf: (actor: Actor, id: string) => Promise<CampaignRow>;
  present: (row: CampaignRow, locale: Actor['locale']) => Promise<Campaign>;
};

/** The owner's buttons on a campaign: start (now or at a time), pause, resume, cancel. */
export function campaignControls({ db, repo, jobs, start: starts, campaignOf, present }: CampaignControlsDeps) {
  return {
    /** Now, or at `at` (the template is copied now either way, so later edits do not change it). */
    async start(actor: Actor, id: string, at?: string): Promise<Campaign> {
      const campaign = await campaignOf(actor, id);
      if (campaign.state !== 'draft') throw new AppError('campaign.not_startable');
      const when = at ? new Date(at) : null;
      if (!when || when.getTime() <= Date.now() + 5_000)
        return present(await starts.startNow(actor.id, actor.role, id, ['draft']), actor.locale);
      return present(await starts.schedule(actor, campaign, when), actor.locale);
    },

    async pause(actor: Actor, id: string): Promise<Campaign> {
      await campaignOf(actor, id);
      const row = await repo.transition(id, ['sending'], 'paused');
      if (!row) throw new AppError('campaign.not_running');
      return present(row, actor.locale);
    },

    async resume(actor: Actor, id: string): Promise<Campaign> {
      await campaignOf(actor, id);
      // Paused for complaints (or by hand while over the limit): not before the rate is back under it.
      await requireComplaintRateOk(db, actor.id);
      const row = await db.transaction(async (tx) => {
        // A stall noted before the pause is looked at afresh (the stall watch counts from the resume).
        const resumed = await repo.transition(id, ['paused'], 'sending', { error: null }, tx);
        if (!resumed) throw new AppError('campaign.not_paused');
        await jobs.send('campaign.send', { campaignId: id }, { tx });
        return resumed;
      });
      return present(row, actor.locale);
    },

    /**
     * A scheduled campaign goes back to draft; a sending or paused one stops for good: the pending
     * recipients no run holds are skipped at once, the ones a run holds are sent or given back by it
     * (then skipped); a job looks again when their lease ends, in case that run died.
     */
    async cancel(actor: Actor, id: string): Promise<Campaign> {
      const current = await campaignOf(actor, id);
      if (current.state === 'scheduled') {
        const row = await repo.transition(id, ['scheduled'], 'draft', { scheduledAt: null, subject: null, bodyHtml: null, bodyText: null });
        if (!row) throw new AppError('campaign.not_running');
        return present(row, actor.locale);
      }
      const row = await db.transaction(async (tx) => {
        const cancelled = await repo.transition(id, ['sending', 'paused'], 'cancelled', { finishedAt: new Date() }, tx);
        if (!cancelled) throw new AppError('campaign.not_running');
        const held = await repo.skipPending(tx, id);
        if (held.count > 0)
          await jobs.send('campaign.send', { campaignId: id }, { tx, startAfter: new Date(Math.max(Date.now(), (held.until ?? 0) + 500)) });
        return cancelled;
      });
      return present(row, actor.locale);
    },
  };
}
