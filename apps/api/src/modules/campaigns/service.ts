import type { Campaign, CampaignBody, CampaignSender, CampaignSenderBody, CampaignState, Locale } from '@enlaza/contracts';
import { AppError } from '../../lib/errors.js';
import type { Actor } from '../../platform/actor.js';
import type { TrashProvider } from '../../platform/trash-registry.js';
import { trashProviderOf } from '../../platform/trash-sql.js';
import { countAudience, requireAudienceAccess } from '../audience/index.js';
import { afterAccess } from '../../platform/access.js';
import { findTemplateForSend, listTemplateOptions } from '../templates/index.js';
import type { CampaignRow } from './repository.js';
import type { SenderSnapshot } from './schema.js';
import { fromHeader, saveSender, senderFor, senderSnapshot } from './sender-identity.js';
import { createCampaignReview } from './review.js';
import { COMPLAINT_RATE_LIMIT, COMPLAINT_WINDOW_DAYS, complaintStanding } from './complaints.js';
import { toCampaign } from './campaign-view.js';
import { createCampaignStart } from './start.js';
import { campaignControls } from './controls.js';
import { campaignLinkActions } from './link-actions.js';
import { campaignFeedback } from './feedback-reports.js';
import type { CampaignsServiceDeps } from './service-deps.js';
import { segmentSignals } from './engagement-pieces.js';

export type { FeedbackResult } from './feedback-reports.js';
export { requireSendablePublicUrl } from './start.js';

export type { CampaignsServiceDeps } from './service-deps.js';

export function createCampaignsService(deps: CampaignsServiceDeps) {
  const { db, repo, subscriptions } = deps;
  // The review step, the test send and the "view in browser" page (review.ts).
  const review = createCampaignReview({
    ...deps,
    campaignOf,
    contentOf,
    sendQuota: (actor) => subscriptions.sendQuota({ id: actor.id, role: actor.role }),
    sendsChanged: (userId, usage) => deps.events.publish('sends.counted', { userId, ...usage }),
  });
  // Starting now or at a time (start.ts), and the owner's other buttons (controls.ts).
  const start = createCampaignStart({ ...deps, contentOf, requireSender });
  const controls = campaignControls({ ...deps, start, campaignOf, present });

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
    const [sender, standing, own] = await Promise.all([
      senderFor(db, actor.id, deps.config.mailFrom, actor.locale),
      complaintStanding(db, actor.id),
      deps.ownSender(actor.id),
    ]);
    return {
      ...sender,
      ...(own ? { from: fromHeader(deps.config.mailFrom, sender.name || '…', own.address) } : {}),
      complaints: { ...standing, limit: COMPLAINT_RATE_LIMIT, days: COMPLAINT_WINDOW_DAYS },
    };
  }

  /** Who the owner's campaigns come from; none saved yet is a 409 that the campaigns page explains. */
  async function requireSender(ownerId: string): Promise<SenderSnapshot> {
    const sender = await senderSnapshot(db, ownerId);
    if (!sender) throw new AppError('campaign.sender_missing');
    return sender;
  }

  return {
    ...review,

    /** A scheduled campaign whose time came (the `campaign.start` job, jobs.ts). */
    startScheduled: start.startScheduled,

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
      return countAudience(db, actor.id, audience, segmentSignals(deps.clock));
    },

    templates: (actor: Actor) => listTemplateOptions(db, actor.id),

    sender: (actor: Actor): Promise<CampaignSender> => senderWithStanding(actor),

    async saveSender(actor: Actor, body: CampaignSenderBody): Promise<CampaignSender> {
      await saveSender(db, actor.id, body);
      return senderWithStanding(actor);
    },

    ...controls,

    async remove(actor: Actor, id: string): Promise<void> {
      const current = await campaignOf(actor, id);
      if (current.state === 'sending' || current.state === 'paused') throw new AppError('campaign.busy');
      if (!(await repo.softDelete(actor.id, id))) throw new AppError('campaign.busy');
    },

    // --- public links and reports (link-actions.ts, feedback-reports.ts) -------------------------

    ...campaignLinkActions(deps),
    ...campaignFeedback(deps),

    /** The campaigns the trash lists, restores and purges. */
    trashProvider(): TrashProvider {
      return trashProviderOf('campaign', repo.trash, (campaign) => ({ name: campaign.name, summary: campaign.templateName }));
    },
  };
}

export type CampaignsService = ReturnType<typeof createCampaignsService>;
