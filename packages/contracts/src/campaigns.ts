import { z } from 'zod';
import { audienceSelectorSchema } from './audience.js';

/**
 * Email campaigns (campañas). A campaign is a draft until it is scheduled or started; starting it
 * copies the template (subject, HTML, text) into the campaign and writes one recipient row per
 * address, so later template or audience changes never alter a running campaign.
 */
export const CAMPAIGN_STATES = ['draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled', 'failed'] as const;
export const campaignStateSchema = z.enum(CAMPAIGN_STATES);
export type CampaignState = z.infer<typeof campaignStateSchema>;

export const RECIPIENT_STATES = ['pending', 'sent', 'failed', 'bounced', 'skipped'] as const;
export const recipientStateSchema = z.enum(RECIPIENT_STATES);
export type RecipientState = z.infer<typeof recipientStateSchema>;

/** Unique per recipient: each person counts once in each figure. `pending` is what is left to send. */
export const campaignFiguresSchema = z.object({
  recipients: z.number().int(),
  pending: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  bounced: z.number().int(),
  skipped: z.number().int(),
  opened: z.number().int(),
  clicked: z.number().int(),
  unsubscribed: z.number().int(),
  /** Every open and click, not only the first of each recipient. */
  totalOpens: z.number().int(),
  totalClicks: z.number().int(),
  /** Fetches by machines (mail scanners, link previews, HEAD requests), counted apart from the above. */
  machineOpens: z.number().int(),
  machineClicks: z.number().int(),
});
export type CampaignFigures = z.infer<typeof campaignFiguresSchema>;

export const campaignSchema = z.object({
  id: z.string(),
  name: z.string(),
  templateId: z.string().nullable(),
  /** The template's name when it was picked (the template may be gone since). */
  templateName: z.string().nullable(),
  audience: audienceSelectorSchema,
  state: campaignStateSchema,
  /** Subject copied from the template when the campaign was scheduled or started. */
  subject: z.string().nullable(),
  scheduledAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Why the campaign failed to start (a translated sentence). */
  error: z.string().nullable(),
  /**
   * While sending (or paused): no email accepted for CAMPAIGN_STALL_MINUTES — since when (ISO 8601)
   * and why (a translated sentence with the SMTP error's own words). Sending goes on by itself.
   */
  stall: z.object({ since: z.string(), reason: z.string() }).nullable(),
  /** Whether its emails count opens and clicks (the sender's setting when it was scheduled or started). */
  tracking: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  figures: campaignFiguresSchema,
});
export type Campaign = z.infer<typeof campaignSchema>;

const name = z.string().trim().min(1).max(120);

/** Create or edit a draft (or a scheduled campaign, which goes back to draft until scheduled again). */
export const campaignBodySchema = z.object({
  name,
  templateId: z.uuid().nullable().default(null),
  audience: audienceSelectorSchema.default({ profileIds: [], folderIds: [], labelIds: [], listIds: [], segmentIds: [] }),
});
export type CampaignBody = z.infer<typeof campaignBodySchema>;
export type CampaignBodyInput = z.input<typeof campaignBodySchema>;

/** Start now (`at` omitted) or at an instant (ISO 8601 with its offset: the browser sends the user's local time). */
export const campaignStartBodySchema = z.object({
  at: z.iso.datetime({ offset: true }).optional(),
});
export type CampaignStartBody = z.infer<typeof campaignStartBodySchema>;

export const campaignListQuerySchema = z.object({
  state: campaignStateSchema.optional(),
});

export const campaignListSchema = z.object({ ok: z.literal(1), data: z.array(campaignSchema) });
export type CampaignList = z.infer<typeof campaignListSchema>;

export const campaignIdParamsSchema = z.object({ id: z.uuid() });

/**
 * Who a user's campaigns come from (mail clients show it, and the bulk-sender rules and anti-spam
 * laws ask for it): the name shown as "<name> via <platform>" in the From header, and the postal
 * address printed in every campaign email's footer. Required before a first campaign starts.
 */
export const campaignSenderBodySchema = z.object({
  // One line of text: no control characters (a From header's display name).
  name: z
    .string()
    .trim()
    .min(1)
    .max(70)
    .regex(/^[^\p{Cc}]*$/u, { error: 'validation.single_line' }),
  /** Street, city, postal code and country; line breaks allowed (printed as one line, comma-separated). */
  postalAddress: z.string().trim().min(5).max(300),
  /** Count opens and clicks: an invisible image and links through the app; off, the emails carry neither. */
  tracking: z.boolean().default(true),
});
export type CampaignSenderBody = z.infer<typeof campaignSenderBodySchema>;

export const campaignSenderSchema = z.object({
  /** False until the user saves one: `name` and `postalAddress` are then suggestions (the account's name and billing address). */
  saved: z.boolean(),
  name: z.string(),
  postalAddress: z.string(),
  /** The From header campaigns are sent with, e.g. `"Ana García via Enlaza" <no-reply@enlaza.app>`. */
  from: z.string(),
  /** Where replies go: the account's email address. */
  replyTo: z.string(),
  /** Whether campaigns count opens and clicks (on until turned off). */
  tracking: z.boolean(),
  /**
   * Spam complaints against the account's campaign emails of the last `days` days: over `limit`
   * (a fraction, 0.003) with enough complaints, its campaigns are paused and none starts (`over`).
   */
  complaints: z.object({
    complaints: z.number().int(),
    sent: z.number().int(),
    rate: z.number(),
    limit: z.number(),
    days: z.number().int(),
    over: z.boolean(),
  }),
});
export type CampaignSender = z.infer<typeof campaignSenderSchema>;

/**
 * The review step before sending (`GET /api/campaigns/{id}/review`): the email as the audience will
 * get it, rendered for the signed-in owner as the sample recipient, with how many it goes to and who
 * it comes from. `sender.saved` false: none saved yet, the campaign cannot start.
 */
export const campaignReviewSchema = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  recipients: z.number().int().nonnegative(),
  sender: z.object({ saved: z.boolean(), from: z.string(), replyTo: z.string(), tracking: z.boolean() }),
});
export type CampaignReview = z.infer<typeof campaignReviewSchema>;

/** A campaign's test send went to this address (the owner's own). */
export const campaignTestSendSchema = z.object({ to: z.string() });

/** A template the campaign form can pick. */
export const campaignTemplateOptionSchema = z.object({ id: z.string(), name: z.string(), subject: z.string() });
export type CampaignTemplateOption = z.infer<typeof campaignTemplateOptionSchema>;

/**
 * A mail provider reports bounces and complaints (`POST /api/campaigns/webhooks/bounces`,
 * `Authorization: Bearer <BOUNCE_WEBHOOK_SECRET>`). `messageId` is the Message-ID the campaign email
 * was sent with (with or without angle brackets); without it every recent campaign email to the
 * address is concerned.
 */
export const bounceReportSchema = z.object({
  events: z
    .array(
      z.object({
        email: z.email().max(320),
        type: z.enum(['bounce', 'complaint']),
        messageId: z.string().max(300).optional(),
        /** A bounce's kind: `hard` (the address is wrong; the default) or `soft` (suppressed once it keeps bouncing). */
        bounce: z.enum(['hard', 'soft']).optional(),
        /** The remote server's words, shown in Comunicaciones. */
        detail: z.string().max(1000).optional(),
      }),
    )
    .min(1)
    .max(1000),
});
export type BounceReport = z.infer<typeof bounceReportSchema>;
export const bounceReportResultSchema = z.object({
  matched: z.number().int(),
  suppressed: z.number().int(),
  /** Campaigns paused because their owner's complaint rate went over the limit. */
  paused: z.number().int(),
});
