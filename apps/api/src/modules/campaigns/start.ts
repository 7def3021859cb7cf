import { randomUUID } from 'node:crypto';
import type { CampaignState } from '@enlaza/contracts';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/errors.js';
import { shortProfileLink } from '../../lib/public-links.js';
import { afterAccess } from '../../platform/access.js';
import type { Actor } from '../../platform/actor.js';
import { countAudience, resolveAudience } from '../audience/index.js';
import { findTemplateForSend } from '../templates/index.js';
import { requireComplaintRateOk } from './complaints.js';
import { renderSubject } from './links.js';
import type { CampaignRow } from './repository.js';
import type { SenderSnapshot } from './schema.js';
import type { CampaignsServiceDeps } from './service-deps.js';
import { segmentSignals } from './engagement-pieces.js';

/** Hosts only this machine reaches: a production build tried locally, whose links nobody else can follow. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * One-click unsubscribe (RFC 8058) needs an https link, and the Gmail and Yahoo bulk-sender rules
 * need one-click: in production a campaign starts (or is scheduled) only when PUBLIC_URL is https,
 * on a loopback host, or with ALLOW_HTTP_PUBLIC_URL=true (a closed test network).
 */
export function requireSendablePublicUrl(config: Pick<Config, 'publicUrl' | 'nodeEnv' | 'allowHttpPublicUrl'>): void {
  if (config.nodeEnv !== 'production' || config.allowHttpPublicUrl) return;
  const url = new URL(config.publicUrl);
  if (url.protocol === 'https:' || LOOPBACK_HOSTS.has(url.hostname) || url.hostname.endsWith('.localhost')) return;
  throw new AppError('campaign.insecure_public_url', { url: url.origin });
}

export type CampaignStartDeps = CampaignsServiceDeps & {
  /** A campaign's snapshot once scheduled, else its template now (gone: 409). */
  contentOf: (campaign: CampaignRow) => Promise<{ subject: string; bodyHtml: string; bodyText: string }>;
  /** Who the owner's campaigns come from (none saved: 409). */
  requireSender: (ownerId: string) => Promise<SenderSnapshot>;
};

/** Starting a campaign: now, at a scheduled time, and when that time comes. */
export function createCampaignStart(deps: CampaignStartDeps) {
  const { db, repo, jobs, subscriptions, contentOf, requireSender } = deps;

  /**
   * Starts a campaign now: the template's snapshot (or the one taken when it was scheduled), the
   * audience resolved, the monthly sends checked, then — in one transaction — the campaign moves to
   * `sending`, one row per recipient plus its queued delivery is written, and the first send job is
   * enqueued. Nothing is written when a check fails.
   */
  async function startNow(ownerId: string, role: 'admin' | 'user', campaignId: string, from: CampaignState[]): Promise<CampaignRow> {
    // Whose it is was decided before: `start` checked it (requireAccess, through campaignOf), the scheduled start is the campaign's own owner's.
    const campaign = afterAccess(await repo.find(ownerId, campaignId));
    if (!from.includes(campaign.state)) throw new AppError('campaign.not_startable');
    requireSendablePublicUrl(deps.config);
    await requireComplaintRateOk(db, ownerId);
    const snapshot = await contentOf(campaign);
    // The sender copied when it was scheduled, else the one saved now (required: see sender-identity.ts).
    const sender = campaign.sender ?? (await requireSender(ownerId));
    const members = await resolveAudience(db, ownerId, campaign.audience, segmentSignals(deps.clock));
    if (members.length === 0) throw new AppError('campaign.no_recipients');
    const quota = await subscriptions.sendQuota({ id: ownerId, role });
    if (members.length > quota.remaining)
      throw new AppError('campaign.over_quota', {
        remaining: quota.remaining,
        needed: members.length,
        count: members.length,
        limit: quota.limit,
      });
    const { alias } = await repo.ownerInfo(ownerId);
    const profileUrl = shortProfileLink(deps.config.publicUrl, alias);
    const started = await db.transaction(async (tx) => {
      const row = await repo.transition(campaignId, from, 'sending', { ...snapshot, sender, startedAt: new Date(), error: null }, tx);
      if (!row) throw new AppError('campaign.not_startable');
      const recipients = members.map((m) => {
        return {
          id: randomUUID(),
          email: m.email,
          name: m.name,
          profileId: m.profileId,
          subject: renderSubject(snapshot.subject, m, profileUrl).slice(0, 998),
        };
      });
      await repo.insertRecipients(tx, row, recipients);
      await jobs.send('campaign.send', { campaignId }, { tx });
      // The monthly sends counted with the start (the 80 % / 100 % notifications follow).
      await deps.events.publish(
        'sends.counted',
        {
          userId: ownerId,
          before: quota.used,
          after: quota.used + members.length,
          limit: quota.limit,
          period: quota.periodStart.slice(0, 7),
        },
        tx,
      );
      return row;
    });
    return started;
  }

  /** A scheduled campaign whose time came: started, or failed with the reason (quota, template gone, nobody left). */
  async function startScheduled({ campaignId, at }: { campaignId: string; at: string }): Promise<void> {
    const campaign = await repo.findById(campaignId);
    if (!campaign || campaign.state !== 'scheduled' || campaign.scheduledAt?.toISOString() !== at) return;
    const { role } = await repo.ownerInfo(campaign.userId);
    try {
      await startNow(campaign.userId, role, campaignId, ['scheduled']);
    } catch (error) {
      if (!(error instanceof AppError) || error.code === 'internal') throw error;
      if (error.code === 'campaign.not_startable') return;
      const reason = { code: error.code, params: error.params };
      // The campaign says why, and its owner hears of it (the event commits with the transition).
      await db.transaction(async (tx) => {
        const failed = await repo.transition(campaignId, ['scheduled'], 'failed', { error: reason, finishedAt: new Date() }, tx);
        if (!failed) return;
        await deps.events.publish(
          'campaign.start_failed',
          { campaignId, userId: failed.userId, campaignName: failed.name, scheduledAt: at, reason },
          tx,
        );
      });
    }
  }

  /** Schedules a draft for `when`: the template and the sender are copied now, so later edits do not change it. */
  async function schedule(actor: Actor, campaign: CampaignRow, when: Date): Promise<CampaignRow> {
    const id = campaign.id;
    // startNow checks it for a start now and again when a scheduled campaign starts.
    requireSendablePublicUrl(deps.config);
    await requireComplaintRateOk(db, actor.id);
    const template = campaign.templateId ? await findTemplateForSend(db, actor.id, campaign.templateId) : null;
    if (!template) throw new AppError('campaign.template_missing');
    const sender = await requireSender(actor.id);
    const needed = await countAudience(db, actor.id, campaign.audience, segmentSignals(deps.clock));
    if (needed === 0) throw new AppError('campaign.no_recipients');
    // The sends left in the month it is scheduled in (checked again when it starts).
    const quota = await subscriptions.sendQuota({ id: actor.id, role: actor.role }, when);
    if (needed > quota.remaining)
      throw new AppError('campaign.over_quota_scheduled', {
        needed,
        count: needed,
        remaining: quota.remaining,
        limit: quota.limit,
        month: quota.periodStart.slice(0, 7),
      });
    return db.transaction(async (tx) => {
      const scheduled = await repo.transition(
        id,
        ['draft'],
        'scheduled',
        { scheduledAt: when, subject: template.subject, bodyHtml: template.bodyHtml, bodyText: template.bodyText, sender, error: null },
        tx,
      );
      if (!scheduled) throw new AppError('campaign.not_startable');
      await jobs.send('campaign.start', { campaignId: id, at: when.toISOString() }, { tx, startAfter: when });
      return scheduled;
    });
  }

  return { startNow, startScheduled, schedule };
}
