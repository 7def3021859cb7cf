import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AudienceSelector, CampaignState, RecipientState } from '@enlaza/contracts';
import { createdAt, primaryId, updatedAt } from '../../platform/columns.js';
import { users } from '../account/schema.js';

/**
 * A campaign's sender as it was when the campaign was scheduled or started. `tracking` false: its
 * emails carry no open pixel and no click redirects (absent in copies made before the setting: on).
 */
export type SenderSnapshot = { name: string; postalAddress: string; replyTo: string; tracking?: boolean };

/**
 * Who a user's campaigns come from: the display name ("<name> via <platform>") and the postal
 * address every campaign email prints. One row per user, written when they save it; none until then
 * (a campaign cannot start without it).
 */
export const campaignSenders = pgTable('campaign_senders', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text().notNull(),
  postalAddress: text().notNull(),
  /** Count opens and clicks (an invisible image, links through the app); off: the emails carry neither. */
  tracking: boolean().notNull().default(true),
  updatedAt: updatedAt(),
});

/**
 * Campaigns (campañas). `subject`, `bodyHtml` and `bodyText` are the template's snapshot, copied
 * when the campaign is scheduled or started; before that they are null.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: primaryId(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** No foreign key: the template may be trashed or purged; the snapshot stays. */
    templateId: uuid(),
    templateName: text(),
    audience: jsonb().$type<AudienceSelector>().notNull(),
    state: text().$type<CampaignState>().notNull().default('draft'),
    subject: text(),
    bodyHtml: text(),
    bodyText: text(),
    scheduledAt: timestamp({ withTimezone: true }),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    /**
     * Who it is sent as, copied with the template when it is scheduled or started (a later change of
     * the sender changes nothing on its way). Null before that, and for campaigns started before
     * senders existed (sent as MAIL_FROM with the old footer).
     */
    sender: jsonb().$type<SenderSnapshot>(),
    /**
     * Set on a step of an automation (automations module): the campaign is that step's sender, hidden
     * from the campaigns list; it stays `sending` while the automation is active (`paused` while it is
     * paused) and gets a recipient row each time a person reaches the step. No foreign key: the
     * automations module deletes its steps' campaigns with it.
     */
    automationId: uuid(),
    /** Why it failed to start: an error code and its parameters, translated when answered. */
    error: jsonb().$type<{ code: string; params: Record<string, string | number> }>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('campaigns_user_live_idx')
      .on(t.userId, t.createdAt.desc())
      .where(sql`${t.deletedAt} is null`),
    index('campaigns_automation_idx')
      .on(t.automationId)
      .where(sql`${t.automationId} is not null`),
    index('campaigns_user_trash_idx')
      .on(t.userId, t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
  ],
);

/**
 * One row per (campaign, recipient), written in the transaction that moves the campaign to
 * `sending`. Its id is also the id of the recipient's `deliveries` row and the local part of the
 * email's Message-ID. A sender claims pending rows (FOR UPDATE SKIP LOCKED) by setting
 * `leaseUntil`; a row is `sent` only after the SMTP server accepted the message.
 */
export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    id: primaryId(),
    campaignId: uuid()
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    name: text().notNull().default(''),
    profileId: uuid(),
    state: text().$type<RecipientState>().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    /** While in the future, a sender holds the row (or a temporary failure waits for its retry). */
    leaseUntil: timestamp({ withTimezone: true }),
    error: text(),
    /** A bounced row: `hard` (the address is wrong) or `soft` (this message was refused); see smtp-failures.ts. */
    bounce: text().$type<'hard' | 'soft'>(),
    sentAt: timestamp({ withTimezone: true }),
    messageId: text(),
    openedAt: timestamp({ withTimezone: true }),
    opens: integer().notNull().default(0),
    clickedAt: timestamp({ withTimezone: true }),
    clicks: integer().notNull().default(0),
    /** Fetches of the pixel and the links by machines (scanners, previews), counted apart from people's. */
    machineOpens: integer().notNull().default(0),
    machineClicks: integer().notNull().default(0),
    unsubscribedAt: timestamp({ withTimezone: true }),
    complainedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('campaign_recipients_campaign_email_idx').on(t.campaignId, t.email),
    index('campaign_recipients_pending_idx')
      .on(t.campaignId, t.id)
      .where(sql`${t.state} = 'pending'`),
    index('campaign_recipients_email_idx').on(t.email),
    // Who opened or clicked an owner's emails since a date (segments' engagement conditions): read
    // from these alone, not from every recipient of every campaign (docs/benchmarks.md#segments).
    index('campaign_recipients_opened_idx')
      .on(t.campaignId, t.openedAt, t.email)
      .where(sql`${t.openedAt} is not null`),
    index('campaign_recipients_clicked_idx')
      .on(t.campaignId, t.clickedAt, t.email)
      .where(sql`${t.clickedAt} is not null`),
  ],
);

/**
 * Webhook tokens already taken (Mailgun's: its signature covers the timestamp and a token, not the
 * events, so a signature seen once must not carry other events again). Kept past the provider's
 * replay window, then deleted.
 */
export const webhookTokens = pgTable(
  'webhook_tokens',
  {
    provider: text().notNull(),
    token: text().notNull(),
    seenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('webhook_tokens_provider_token_idx').on(t.provider, t.token), index('webhook_tokens_seen_idx').on(t.seenAt)],
);
