import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { CampaignFigures } from '@enlaza/contracts';
import type { Database, Transaction } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { shortProfileLink } from '../../lib/public-links.js';
import type { Actor } from '../../platform/actor.js';
import type { Jobs } from '../../platform/jobs.js';
import { queueDeliveries, queuedDeliveryIds, settleQueuedDeliveries } from '../communications/index.js';
import { findTemplateForSend } from '../templates/index.js';
import { requireComplaintRateOk } from './complaints.js';
import { renderSubject } from './links.js';
import type { CampaignsRepository } from './repository.js';
import type { ReviewMe } from './review.js';
import { campaignRecipients, campaigns } from './schema.js';
import { senderSnapshot } from './sender-identity.js';

/** A person reaching a step: their address, name and the card or tag they came from. */
export type StepRecipient = { email: string; name: string; profileId: string | null };

/** What one step's recipient row says of the person: whether they opened or clicked it. */
export type StepEngagement = { opened: boolean; clicked: boolean };

/**
 * The campaign side of automations: each step of an automation is a hidden campaign (its
 * `automationId` set) that the exactly-once sender sends like any other. The automations module
 * creates, fills, pauses and removes them through these functions only.
 */
export function createAutomationSteps(deps: {
  db: Database;
  repo: CampaignsRepository;
  jobs: Jobs;
  publicUrl: string;
  sendTest: (actor: Actor, me: ReviewMe, campaignId: string) => Promise<{ to: string }>;
}) {
  const { db, repo, jobs } = deps;

  return {
    /** A step's campaign, a draft until the automation is activated. */
    async create(tx: Transaction, ownerId: string, automationId: string, name: string): Promise<string> {
      const [row] = await tx
        .insert(campaigns)
        .values({
          userId: ownerId,
          name,
          automationId,
          audience: { profileIds: [], folderIds: [], labelIds: [], listIds: [], segmentIds: [] },
        })
        .returning({ id: campaigns.id });
      return row!.id;
    },

    /**
     * The steps' campaigns ready to send: each step's template copied now (later edits of the
     * template change nothing until it is picked again or the automation activated again) with the
     * owner's sender, and the campaign `sending`. A template gone: 422 naming the step; no sender saved: 409.
     */
    async prepare(tx: Transaction, ownerId: string, steps: { campaignId: string; templateId: string | null; position: number }[]) {
      const sender = await senderSnapshot(tx, ownerId);
      if (!sender) throw new AppError('campaign.sender_missing');
      // As for a campaign's start: refused while the owner's complaint rate is over the limit.
      await requireComplaintRateOk(tx, ownerId);
      for (const step of steps) {
        const template = step.templateId ? await findTemplateForSend(tx, ownerId, step.templateId) : null;
        if (!template) throw new AppError('automation.template_missing', { position: step.position + 1 });
        await tx
          .update(campaigns)
          .set({
            subject: template.subject,
            bodyHtml: template.bodyHtml,
            bodyText: template.bodyText,
            templateId: template.id,
            templateName: template.name,
            sender,
            state: 'sending',
            startedAt: sql`coalesce(${campaigns.startedAt}, now())`,
            updatedAt: sql`now()`,
          })
          .where(and(eq(campaigns.id, step.campaignId), eq(campaigns.userId, ownerId)));
      }
    },

    /**
     * A run of the sender for each active step whose pending rows are free to take (a retry's time
     * came, or the run that held them died): the automations' sweep calls it every minute.
     */
    async wakeFree(): Promise<number> {
      const free = await db
        .selectDistinct({ id: campaignRecipients.campaignId })
        .from(campaignRecipients)
        .innerJoin(campaigns, eq(campaigns.id, campaignRecipients.campaignId))
        .where(
          and(
            isNotNull(campaigns.automationId),
            eq(campaigns.state, 'sending'),
            eq(campaignRecipients.state, 'pending'),
            sql`(${campaignRecipients.leaseUntil} is null or ${campaignRecipients.leaseUntil} <= now())`,
          ),
        );
      for (const { id } of free) await jobs.send('campaign.send', { campaignId: id });
      // A run killed after its emails were accepted leaves their deliveries queued (a campaign's end
      // settles them; a step never ends): settled here from the recipient rows.
      await settleQueuedDeliveries(
        db,
        sql`select r.id, r.state as status, r.sent_at, r.error from ${campaignRecipients} r
          join ${campaigns} c on c.id = r.campaign_id
          where r.id in (${queuedDeliveryIds}) and c.automation_id is not null and r.state in ('sent', 'failed', 'bounced')`,
      );
      return free.length;
    },

    /** Paused with the automation: the sender stops taking its rows (those waiting stay pending). */
    async pause(tx: Transaction, campaignIds: string[]): Promise<void> {
      if (campaignIds.length === 0) return;
      await tx
        .update(campaigns)
        .set({ state: 'paused', updatedAt: sql`now()` })
        .where(and(inArray(campaigns.id, campaignIds), eq(campaigns.state, 'sending')));
    },

    /** Runs of the sender for these campaigns (after activating again, rows left pending go out). */
    async wake(tx: Transaction, campaignIds: string[]): Promise<void> {
      for (const campaignId of campaignIds) await jobs.send('campaign.send', { campaignId }, { tx });
    },

    /**
     * The step's email for one person: their recipient row and its queued delivery (counted in the
     * monthly sends), in the caller's transaction; answers false when the person has a row already.
     * The caller wakes the sender once for all the rows it wrote.
     */
    async enqueue(tx: Transaction, campaignId: string, person: StepRecipient, profileAlias: string): Promise<boolean> {
      const [campaign] = await tx
        .select({ id: campaigns.id, userId: campaigns.userId, subject: campaigns.subject })
        .from(campaigns)
        .where(eq(campaigns.id, campaignId));
      if (!campaign) return false;
      const id = randomUUID();
      const inserted = await tx
        .insert(campaignRecipients)
        .values({ id, campaignId, email: person.email, name: person.name, profileId: person.profileId })
        .onConflictDoNothing()
        .returning({ id: campaignRecipients.id });
      if (inserted.length === 0) return false;
      const subject = renderSubject(campaign.subject ?? '', person, shortProfileLink(deps.publicUrl, profileAlias)).slice(0, 998);
      await queueDeliveries(tx, [{ id, userId: campaign.userId, kind: 'campaign', toEmail: person.email, subject }]);
      return true;
    },

    /** A step its condition left out for this person: recorded as skipped (no email, not counted). */
    async skip(tx: Transaction, campaignId: string, person: StepRecipient): Promise<void> {
      await tx
        .insert(campaignRecipients)
        .values({ campaignId, email: person.email, name: person.name, profileId: person.profileId, state: 'skipped' })
        .onConflictDoNothing();
    },

    /** Whether the person opened or clicked a step's email (none sent: neither). */
    async engagement(tx: Transaction, campaignId: string, email: string): Promise<StepEngagement> {
      const [row] = await tx
        .select({ openedAt: campaignRecipients.openedAt, clickedAt: campaignRecipients.clickedAt })
        .from(campaignRecipients)
        .where(and(eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.email, email)));
      return { opened: Boolean(row?.openedAt || row?.clickedAt), clicked: Boolean(row?.clickedAt) };
    },

    /**
     * A step's template picked or changed: a draft or paused step reads it when it is sent or
     * activated; an active step's copy is taken again now (the next people get the new one).
     */
    async setTemplate(tx: Transaction, ownerId: string, step: { campaignId: string; templateId: string | null; position: number }) {
      const [row] = await tx.select({ state: campaigns.state }).from(campaigns).where(eq(campaigns.id, step.campaignId));
      if (row?.state === 'sending') return this.prepare(tx, ownerId, [step]);
      const template = step.templateId ? await findTemplateForSend(tx, ownerId, step.templateId) : null;
      await tx
        .update(campaigns)
        .set({
          templateId: template?.id ?? null,
          templateName: template?.name ?? null,
          subject: null,
          bodyHtml: null,
          bodyText: null,
          updatedAt: sql`now()`,
        })
        .where(eq(campaigns.id, step.campaignId));
    },

    figures: (campaignIds: string[]): Promise<Map<string, CampaignFigures>> => repo.figures(campaignIds),

    /** A step's email sent to the owner's own address (a `test` delivery, counted in the monthly sends). */
    sendTest: deps.sendTest,

    /** The steps' campaigns deleted with their automation (their recipient rows with them; the deliveries stay in Comunicaciones). */
    async remove(tx: Transaction, campaignIds: string[]): Promise<void> {
      if (campaignIds.length === 0) return;
      await tx.delete(campaigns).where(and(inArray(campaigns.id, campaignIds), isNotNull(campaigns.automationId)));
    },
  };
}

export type AutomationSteps = ReturnType<typeof createAutomationSteps>;
