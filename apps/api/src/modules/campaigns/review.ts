import type { CampaignReview, SendQuota } from '@enlaza/contracts';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { Clock } from '../../platform/clock.js';
import type { Mailer } from '../../platform/mailer.js';
import { shortProfileLink } from '../../lib/public-links.js';
import { afterAccess } from '../../platform/access.js';
import type { Actor } from '../../platform/actor.js';
import { countAudience } from '../audience/index.js';
import { prepareEmail } from '../templates/index.js';
import { renderCampaignEmail, type LinkSigner } from './links.js';
import { listDomain, testSendHeaders } from './mime.js';
import type { CampaignRow, CampaignsRepository } from './repository.js';
import type { SenderSnapshot } from './schema.js';
import { fromHeader, senderFor, senderSnapshot } from './sender-identity.js';
import type { OwnSender } from '../sending-domains/index.js';
import { segmentSignals } from './engagement-pieces.js';

/** The signed-in account: a test goes to its own address, and the review shows it as the sample recipient. */
export type ReviewMe = { email: string; name: string };

export type CampaignReviewDeps = {
  db: Database;
  repo: CampaignsRepository;
  signer: LinkSigner;
  mailer: Pick<Mailer, 'send'>;
  config: Pick<Config, 'publicUrl' | 'mailFrom'>;
  clock: Pick<Clock, 'now'>;
  sendQuota: (actor: Actor) => Promise<SendQuota>;
  /** Raises the 80 % / 100 % notification of the monthly sends. */
  sendsChanged: (userId: string, change: { before: number; after: number; limit: number; period: string }) => Promise<void>;
  /** The actor's own live campaign, or 404 (the campaigns service's requireAccess). */
  campaignOf: (actor: Actor, id: string) => Promise<CampaignRow>;
  /** Its snapshot once scheduled, else its template now (the campaigns service's, shared with a start). */
  contentOf: (campaign: CampaignRow) => Promise<{ subject: string; bodyHtml: string }>;
  /** The owner's verified sending domain in use, or null (sending-domains). */
  ownSender: (userId: string) => Promise<OwnSender | null>;
};

/**
 * What a campaign will send, before it is sent, and after: the review step's preview, the test send to
 * oneself, and each recipient's "view in browser" page. All three go through the renderer every
 * campaign email goes through (`renderCampaignEmail`, templates/render.ts), so the review shows the
 * bytes the audience gets, the sample recipient's fields and the links aside.
 */
export function createCampaignReview({
  db,
  repo,
  signer,
  mailer,
  config,
  sendQuota,
  sendsChanged,
  campaignOf,
  contentOf,
  clock,
  ownSender,
}: CampaignReviewDeps) {
  const mailDomain = listDomain(config.mailFrom);

  /** The sender it will go out as: the copy taken when it was scheduled, else the one saved now. */
  async function senderOf(campaign: CampaignRow): Promise<SenderSnapshot | null> {
    return campaign.sender ?? (await senderSnapshot(db, campaign.userId));
  }

  async function render(me: ReviewMe, campaign: CampaignRow) {
    const [content, sender, owner, own] = await Promise.all([
      contentOf(campaign),
      senderOf(campaign),
      repo.ownerInfo(campaign.userId),
      ownSender(campaign.userId),
    ]);
    const rendered = renderCampaignEmail(
      prepareEmail(content, owner.locale),
      // The owner as the sample recipient; the footer worded for a visitor of a card (any profile id
      // does) unless the campaign targets only imported lists.
      { id: campaign.id, email: me.email, name: me.name, profileId: onlyLists(campaign) ? null : 'sample' },
      { signer, profileUrl: shortProfileLink(config.publicUrl, owner.alias), locale: owner.locale, sender, mode: 'test' },
    );
    return { rendered, sender, owner, own };
  }

  const onlyLists = (c: CampaignRow) =>
    c.audience.listIds.length > 0 && !c.audience.profileIds.length && !c.audience.folderIds.length && !c.audience.labelIds.length;

  /** The email sent to the owner's own address as its test (a `test` delivery, counted in the monthly sends). */
  async function sendTestOf(actor: Actor, me: ReviewMe, campaign: CampaignRow): Promise<{ to: string }> {
    const quota = await sendQuota(actor);
    if (quota.remaining <= 0) throw new AppError('quota.sends', { limit: quota.limit, used: quota.used });
    const { rendered, sender, owner, own } = await render(me, campaign);
    await mailer.send({
      to: me.email,
      userId: actor.id,
      kind: 'test',
      subject: rendered.subject,
      html: rendered.html,
      text: rendered.text,
      ...(sender ? { from: fromHeader(config.mailFrom, sender.name, own?.address ?? null), replyTo: sender.replyTo || undefined } : {}),
      // From the owner's own domain: signed with its key when the job sends it (or "via" if it stopped being verified meanwhile).
      ...(sender && own ? { ownDomain: { id: own.domainId, fallbackFrom: fromHeader(config.mailFrom, sender.name, null) } } : {}),
      headers: testSendHeaders({
        unsubscribeUrl: rendered.unsubscribeUrl,
        campaignId: campaign.id,
        ownerId: campaign.userId,
        ownerAlias: owner.alias,
        domain: mailDomain,
      }),
    });
    const period = quota.periodStart.slice(0, 7);
    await sendsChanged(actor.id, { before: quota.used, after: quota.used + 1, limit: quota.limit, period }).catch(() => undefined);
    return { to: me.email };
  }

  return {
    /** The review step: who it goes to and from, the subject and the email as the first recipient would see it. */
    async review(actor: Actor, me: ReviewMe, id: string): Promise<CampaignReview> {
      const campaign = await campaignOf(actor, id);
      const [{ rendered, sender, own }, recipients] = await Promise.all([
        render(me, campaign),
        countAudience(db, actor.id, campaign.audience, segmentSignals(clock)),
      ]);
      // None saved yet: what the sender card suggests, marked unsaved (the campaign cannot start).
      const shown = sender
        ? {
            saved: true,
            from: fromHeader(config.mailFrom, sender.name, own?.address ?? null),
            replyTo: sender.replyTo,
            tracking: sender.tracking !== false,
          }
        : await senderFor(db, actor.id, config.mailFrom, actor.locale).then((s) => ({
            saved: false,
            from: s.from,
            replyTo: s.replyTo,
            tracking: s.tracking,
          }));
      return { subject: rendered.subject, html: rendered.html, text: rendered.text, recipients, sender: shown };
    },

    /**
     * The campaign as its audience will get it, sent to the owner's own address (a `test` delivery,
     * counted in the monthly sends like the template's test; 403 quota.sends when none are left).
     * From its sender, as the campaign will be.
     */
    async sendTest(actor: Actor, me: ReviewMe, id: string): Promise<{ to: string }> {
      return sendTestOf(actor, me, await campaignOf(actor, id));
    },

    /**
     * An automation step's email, sent to the owner as its test (the automations module checked the
     * automation is the actor's; the step's campaign is found among the actor's own).
     */
    async sendStepTest(actor: Actor, me: ReviewMe, campaignId: string): Promise<{ to: string }> {
      return sendTestOf(actor, me, afterAccess(await repo.find(actor.id, campaignId)));
    },

    /** One recipient's email as a web page (the "view in browser" link): plain links, no open pixel; null for a bad link. */
    async viewPage(token: string): Promise<{ html: string } | null> {
      const recipientId = signer.verify('view', token);
      const recipient = recipientId ? await repo.recipientForView(recipientId) : undefined;
      if (!recipient) return null;
      const campaign = await repo.findById(recipient.campaignId);
      if (!campaign || campaign.subject === null || campaign.bodyHtml === null) return null;
      const owner = await repo.ownerInfo(campaign.userId);
      const rendered = renderCampaignEmail(
        prepareEmail({ subject: campaign.subject, bodyHtml: campaign.bodyHtml }, owner.locale),
        recipient,
        {
          signer,
          profileUrl: shortProfileLink(config.publicUrl, owner.alias),
          locale: owner.locale,
          sender: campaign.sender,
          mode: 'view',
        },
      );
      return { html: rendered.html };
    },
  };
}

export type CampaignReviewService = ReturnType<typeof createCampaignReview>;
