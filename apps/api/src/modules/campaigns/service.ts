import { randomUUID } from 'node:crypto';
import type {
  BounceReport,
  Campaign,
  CampaignBody,
  CampaignFigures,
  CampaignSender,
  CampaignSenderBody,
  CampaignState,
  Locale,
} from '@enlaza/contracts';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { translate } from '../../lib/i18n.js';
import type { Actor } from '../../platform/actor.js';
import type { Jobs } from '../../platform/jobs.js';
import type { TrashProvider } from '../../platform/trash-registry.js';
import { trashProviderOf } from '../../platform/trash-sql.js';
import { countAudience, requireAudienceAccess, resolveAudience, suppress } from '../audience/index.js';
import { afterAccess, type RequireAccess } from '../../platform/access.js';
import type { NotificationsService } from '../notifications/index.js';
import type { EventBus } from '../../platform/events.js';
import type { SubscriptionsService } from '../subscriptions/index.js';
import { findTemplateForSend, listTemplateOptions } from '../templates/index.js';
import { renderSubject, type LinkSigner } from './links.js';
import type { CampaignRow, CampaignsRepository } from './repository.js';
import { shortProfileLink } from '../../lib/public-links.js';
import type { SenderSnapshot } from './schema.js';
import { saveSender, senderFor, senderSnapshot } from './sender-identity.js';
import { stallOf } from './stall.js';
import { createCampaignReview } from './review.js';
import type { Mailer } from '../../platform/mailer.js';
import {
  COMPLAINT_RATE_LIMIT,
  COMPLAINT_WINDOW_DAYS,
  complaintStanding,
  pauseIfOverComplaintLimit,
  requireComplaintRateOk,
} from './complaints.js';
import type { FeedbackEvent } from './feedback/events.js';
import { SOFT_BOUNCE_LIMIT } from './smtp-failures.js';

/** What applying a report did: emails it named, owners whose suppression list gained the address, campaigns paused. */
export type FeedbackResult = { matched: number; suppressed: number; paused: number };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export type CampaignsServiceDeps = {
  db: Database;
  requireAccess: RequireAccess;
  repo: CampaignsRepository;
  jobs: Jobs;
  subscriptions: SubscriptionsService;
  /** `sendsChanged` for the monthly sends' thresholds. */
  notifications: Pick<NotificationsService, 'usageChanged'>;
  /** What the owner is told about is published as events (the notifications module subscribes). */
  events: Pick<EventBus, 'publish'>;
  signer: LinkSigner;
  mailer: Pick<Mailer, 'send'>;
  config: Pick<Config, 'publicUrl' | 'bounceWebhookSecret' | 'nodeEnv' | 'allowHttpPublicUrl' | 'mailFrom'>;
};

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

export function createCampaignsService(deps: CampaignsServiceDeps) {
  const { db, repo, jobs, subscriptions } = deps;
  // The review step, the test send and the "view in browser" page (review.ts).
  const review = createCampaignReview({
    ...deps,
    campaignOf,
    contentOf,
    sendQuota: (actor) => subscriptions.sendQuota({ id: actor.id, role: actor.role }),
    sendsChanged: (userId, usage) => deps.notifications.usageChanged(userId, 'sends', usage),
  });

  function toCampaign(row: CampaignRow, figures: CampaignFigures | undefined, locale: Locale): Campaign {
    const stall = stallOf(row);
    return {
      id: row.id,
      name: row.name,
      templateId: row.templateId,
      templateName: row.templateName,
      audience: row.audience,
      state: row.state,
      subject: row.subject,
      scheduledAt: iso(row.scheduledAt),
      startedAt: iso(row.startedAt),
      finishedAt: iso(row.finishedAt),
      error: row.error && row.error.code !== 'campaign.stalled' ? translate(locale, row.error.code, row.error.params) : null,
      stall: stall
        ? { since: stall.since, reason: translate(locale, `campaign.stall_reason.${stall.kind}`, { detail: stall.detail || '—' }) }
        : null,
      tracking: row.sender?.tracking !== false,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      figures: figures ?? {
        recipients: 0,
        pending: 0,
        sent: 0,
        failed: 0,
        bounced: 0,
        skipped: 0,
        opened: 0,
        clicked: 0,
        unsubscribed: 0,
        totalOpens: 0,
        totalClicks: 0,
        machineOpens: 0,
        machineClicks: 0,
      },
    };
  }

  async function present(row: CampaignRow, locale: Locale): Promise<Campaign> {
    return toCampaign(row, (await repo.figures([row.id])).get(row.id), locale);
  }

  async function campaignOf(actor: Actor, id: string): Promise<CampaignRow> {
    await deps.requireAccess(actor, 'campaign', id);
    return afterAccess(await repo.find(actor.id, id));
  }

  /** The owner's live template named in a campaign's body: one that is missing or another user's is the same 404. */
  async function templateOf(actor: Actor, templateId: string | null) {
    if (!templateId) return null;
    await deps.requireAccess(actor, 'template', templateId);
    return afterAccess(await findTemplateForSend(db, actor.id, templateId));
  }

  /** A campaign's content: the snapshot taken when it was scheduled, else its template as it is now (gone: 409). */
  async function contentOf(campaign: CampaignRow): Promise<{ subject: string; bodyHtml: string; bodyText: string }> {
    if (campaign.subject !== null && campaign.bodyHtml !== null && campaign.bodyText !== null)
      return { subject: campaign.subject, bodyHtml: campaign.bodyHtml, bodyText: campaign.bodyText };
    const template = campaign.templateId ? await findTemplateForSend(db, campaign.userId, campaign.templateId) : null;
    if (!template) throw new AppError('campaign.template_missing');
    return { subject: template.subject, bodyHtml: template.bodyHtml, bodyText: template.bodyText };
  }

  /** The sender card: who the campaigns come from, and the account's complaint rate against the limit. */
  async function senderWithStanding(actor: Actor): Promise<CampaignSender> {
    const [sender, standing] = await Promise.all([
      senderFor(db, actor.id, deps.config.mailFrom, actor.locale),
      complaintStanding(db, actor.id),
    ]);
    return { ...sender, complaints: { ...standing, limit: COMPLAINT_RATE_LIMIT, days: COMPLAINT_WINDOW_DAYS } };
  }

  /** Who the owner's campaigns come from; none saved yet is a 409 that the campaigns page explains. */
  async function requireSender(ownerId: string): Promise<SenderSnapshot> {
    const sender = await senderSnapshot(db, ownerId);
    if (!sender) throw new AppError('campaign.sender_missing');
    return sender;
  }

  /**
   * Starts a campaign now: the template's snapshot (or the one taken when it was scheduled), the
   * audience resolved, the monthly sends checked, then — in one transaction — the campaign moves to
   * `sending`, one row per recipient plus its queued delivery is written, and the first send job is
   * enqueued. Nothing is written when a check fails.
   */
  async function startNow(ownerId: string, role: 'admin' | 'user', campaignId: string, from: CampaignState[]): Promise<CampaignRow> {
    // Whose it is was decided before: `start` checked access, the scheduled start is the campaign's own owner's.
    const campaign = afterAccess(await repo.find(ownerId, campaignId));
    if (!from.includes(campaign.state)) throw new AppError('campaign.not_startable');
    requireSendablePublicUrl(deps.config);
    await requireComplaintRateOk(db, ownerId);
    const snapshot = await contentOf(campaign);
    // The sender copied when it was scheduled, else the one saved now (required: see sender-identity.ts).
    const sender = campaign.sender ?? (await requireSender(ownerId));
    const members = await resolveAudience(db, ownerId, campaign.audience);
    if (members.length === 0) throw new AppError('campaign.no_recipients');
    const quota = await subscriptions.sendQuota({ id: ownerId, role });
    if (members.length > quota.remaining)
      throw new AppError('campaign.over_quota', { remaining: quota.remaining, needed: members.length, limit: quota.limit });
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
      return row;
    });
    // The 80 % / 100 % notifications of the monthly sends (never a reason to fail the start).
    await deps.notifications
      .usageChanged(ownerId, 'sends', {
        before: quota.used,
        after: quota.used + members.length,
        limit: quota.limit,
        period: quota.periodStart.slice(0, 7),
      })
      .catch(() => undefined);
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

  return {
    ...review,

    /** A scheduled campaign whose time came (the `campaign.start` job, jobs.ts). */
    startScheduled,

    async list(actor: Actor, state?: CampaignState, limit?: number): Promise<Campaign[]> {
      const rows = await repo.list(actor.id, state, limit);
      const figures = await repo.figures(rows.map((r) => r.id));
      return rows.map((r) => toCampaign(r, figures.get(r.id), actor.locale));
    },

    /** The newest `limit` live campaigns of the actor, newest first (the user dashboard). */
    latest(actor: Actor, limit: number): Promise<Campaign[]> {
      return this.list(actor, undefined, limit);
    },

    async get(actor: Actor, id: string): Promise<Campaign> {
      return present(await campaignOf(actor, id), actor.locale);
    },

    async create(actor: Actor, body: CampaignBody): Promise<Campaign> {
      await requireAudienceAccess(deps.requireAccess, actor, body.audience);
      const template = await templateOf(actor, body.templateId);
      const row = await repo.insert(actor.id, {
        name: body.name,
        templateId: template?.id ?? null,
        templateName: template?.name ?? null,
        audience: body.audience,
      });
      return present(row, actor.locale);
    },

    async update(actor: Actor, id: string, body: CampaignBody): Promise<Campaign> {
      const current = await campaignOf(actor, id);
      if (!['draft', 'scheduled', 'failed'].includes(current.state)) throw new AppError('campaign.not_editable');
      await requireAudienceAccess(deps.requireAccess, actor, body.audience);
      const template = await templateOf(actor, body.templateId);
      const row = await repo.updateDraft(actor.id, id, {
        name: body.name,
        templateId: template?.id ?? null,
        templateName: template?.name ?? null,
        audience: body.audience,
      });
      if (!row) throw new AppError('campaign.not_editable');
      return present(row, actor.locale);
    },

    async countAudience(actor: Actor, audience: Campaign['audience']): Promise<number> {
      await requireAudienceAccess(deps.requireAccess, actor, audience);
      return countAudience(db, actor.id, audience);
    },

    templates: (actor: Actor) => listTemplateOptions(db, actor.id),

    sender: (actor: Actor): Promise<CampaignSender> => senderWithStanding(actor),

    async saveSender(actor: Actor, body: CampaignSenderBody): Promise<CampaignSender> {
      await saveSender(db, actor.id, body);
      return senderWithStanding(actor);
    },

    /** Now, or at `at` (the template is copied now either way, so later edits do not change it). */
    async start(actor: Actor, id: string, at?: string): Promise<Campaign> {
      const campaign = await campaignOf(actor, id);
      if (campaign.state !== 'draft') throw new AppError('campaign.not_startable');
      const when = at ? new Date(at) : null;
      if (!when || when.getTime() <= Date.now() + 5_000) return present(await startNow(actor.id, actor.role, id, ['draft']), actor.locale);
      // startNow checks it for a start now and again when a scheduled campaign starts.
      requireSendablePublicUrl(deps.config);
      await requireComplaintRateOk(db, actor.id);
      const template = campaign.templateId ? await findTemplateForSend(db, actor.id, campaign.templateId) : null;
      if (!template) throw new AppError('campaign.template_missing');
      const sender = await requireSender(actor.id);
      const needed = await countAudience(db, actor.id, campaign.audience);
      if (needed === 0) throw new AppError('campaign.no_recipients');
      // The sends left in the month it is scheduled in (checked again when it starts).
      const quota = await subscriptions.sendQuota({ id: actor.id, role: actor.role }, when);
      if (needed > quota.remaining)
        throw new AppError('campaign.over_quota_scheduled', {
          needed,
          remaining: quota.remaining,
          limit: quota.limit,
          month: quota.periodStart.slice(0, 7),
        });
      const row = await db.transaction(async (tx) => {
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
      return present(row, actor.locale);
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

    async remove(actor: Actor, id: string): Promise<void> {
      const current = await campaignOf(actor, id);
      if (current.state === 'sending' || current.state === 'paused') throw new AppError('campaign.busy');
      if (!(await repo.softDelete(actor.id, id))) throw new AppError('campaign.busy');
    },

    // --- public links ---------------------------------------------------------------------------

    /** Whether the open pixel's token is valid; a valid open is counted when `counted` (not a machine's). */
    async recordOpen(token: string, { counted }: { counted: boolean }): Promise<boolean> {
      const id = deps.signer.verify('open', token);
      if (!id || !(await repo.recipientOwner(id))) return false;
      if (counted) await repo.recordOpen(id);
      else await repo.recordMachineFetch(id, 'open');
      return true;
    },

    /** The destination of a valid click link, or null (answered 404); counted when `counted` (not a machine's). */
    async recordClick(token: string, url: string, { counted }: { counted: boolean }): Promise<string | null> {
      if (!/^https?:\/\//i.test(url)) return null;
      const id = deps.signer.verify('click', token, url);
      if (!id || !(await repo.recipientOwner(id))) return null;
      if (counted) await repo.recordClick(id);
      else await repo.recordMachineFetch(id, 'click');
      return url;
    },

    /** The address of a valid unsubscribe token (to show it, partly hidden), or null. */
    async unsubscribeTarget(token: string): Promise<{ email: string } | null> {
      const id = deps.signer.verify('unsubscribe', token);
      const row = id ? await repo.recipientOwner(id) : undefined;
      return row ? { email: row.email } : null;
    },

    /** One-click (RFC 8058) or the page's button: the address is suppressed for this owner. */
    async unsubscribe(token: string): Promise<boolean> {
      const id = deps.signer.verify('unsubscribe', token);
      return id ? this.unsubscribeRecipient(id) : false;
    },

    /** The recipient of a verified link or `mailto:` (inbound.ts) is suppressed for the campaign's owner; false when unknown. */
    async unsubscribeRecipient(id: string): Promise<boolean> {
      const row = await repo.recipientOwner(id);
      if (!row) return false;
      await db.transaction(async (tx) => {
        await repo.recordUnsubscribe(tx, row.id);
        await suppress(tx, row.userId, row.email, 'unsubscribed');
      });
      return true;
    },

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
        result.paused += (await db.transaction((tx) => pauseIfOverComplaintLimit(tx, deps.events, owner))).length;
      return result;
    },

    /** The campaigns the trash lists, restores and purges. */
    trashProvider(): TrashProvider {
      return trashProviderOf('campaign', repo.trash, (campaign) => ({ name: campaign.name, summary: campaign.templateName }));
    },
  };
}

export type CampaignsService = ReturnType<typeof createCampaignsService>;
