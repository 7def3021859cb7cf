import { z } from 'zod';

/**
 * Every kind of in-app notification (notificaciones). Later work only raises the ones it owns
 * (campaigns, billing); their payloads, translations and links are declared here and in the locales now.
 */
export const NOTIFICATION_TYPES = [
  'new_message',
  'tag_scanned',
  'storage_quota',
  'sends_quota',
  'campaign_finished',
  'campaign_stalled',
  'campaign_start_failed',
  'campaigns_paused',
  'subscription_ending',
  'payment_failed',
  'payment_succeeded',
  'invoice_issued',
  'payment_disputed',
] as const;
export const notificationTypeSchema = z.enum(NOTIFICATION_TYPES);
/** Raised for the admins only (in-app): not among a customer's email choices in Options. */
export const ADMIN_NOTIFICATION_TYPES = ['payment_disputed'] as const;
export type NotificationType = z.infer<typeof notificationTypeSchema>;

/** Which types also come by email when a new account is created (Options changes it). */
export const DEFAULT_NOTIFICATION_EMAILS: NotificationType[] = ['new_message'];

const money = { amountCents: z.number().int(), currency: z.string().length(3) };

/** What each type carries; the title, body and link are rendered from it in the viewer's language. */
export const notificationPayloadSchemas = {
  new_message: z.object({
    messageId: z.string(),
    profileId: z.string(),
    profileName: z.string(),
    profileKind: z.enum(['card', 'tag']),
    /** The tag was in lost mode: the owner is always emailed too. */
    lostMode: z.boolean(),
    senderName: z.string(),
    senderEmail: z.string(),
    excerpt: z.string(),
  }),
  /** A lost tag's page was opened (emailed too, always, like a lost tag's message): the tag and the time. */
  tag_scanned: z.object({ profileId: z.string(), profileName: z.string(), at: z.string() }),
  storage_quota: z.object({ percent: z.union([z.literal(80), z.literal(100)]), usedBytes: z.number(), limitBytes: z.number() }),
  sends_quota: z.object({ percent: z.union([z.literal(80), z.literal(100)]), used: z.number(), limit: z.number(), period: z.string() }),
  campaign_finished: z.object({ campaignId: z.string(), campaignName: z.string(), sent: z.number().int(), failed: z.number().int() }),
  /** No email accepted for CAMPAIGN_STALL_MINUTES: since when, the kind of trouble, the SMTP error's own words. */
  campaign_stalled: z.object({
    campaignId: z.string(),
    campaignName: z.string(),
    since: z.string(),
    kind: z.enum(['unreachable', 'auth', 'deadline', 'deferred', 'unknown']),
    detail: z.string(),
  }),
  /** A scheduled campaign that could not start (quota, template gone, nobody left): the error code and its parameters. */
  campaign_start_failed: z.object({
    campaignId: z.string(),
    campaignName: z.string(),
    scheduledAt: z.string(),
    reason: z.object({ code: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])) }),
  }),
  /** The owner's complaint rate went over the limit: the campaigns paused, the rate and the limit ("0.45 %"), the complaints. */
  campaigns_paused: z.object({ campaigns: z.array(z.string()), rate: z.string(), limit: z.string(), complaints: z.number().int() }),
  subscription_ending: z.object({ subscriptionId: z.string(), planName: z.string(), endsAt: z.string() }),
  /** A declined charge (its payment), or a renewal that found no payment method to charge (no payment). */
  payment_failed: z.union([
    z.object({ paymentId: z.string(), ...money }),
    z.object({ subscriptionId: z.string(), planName: z.string(), reason: z.literal('no_method') }),
  ]),
  payment_succeeded: z.object({ paymentId: z.string(), ...money }),
  invoice_issued: z.object({ invoiceId: z.string(), number: z.string(), totalCents: z.number().int(), currency: z.string().length(3) }),
  /** For the admins: a customer's bank disputed a payment (answer it in the provider's dashboard by `evidenceDueBy`). */
  payment_disputed: z.object({
    paymentId: z.string(),
    customerUserId: z.string(),
    subscriptionId: z.string().nullable(),
    reason: z.string(),
    evidenceDueBy: z.string().nullable(),
    ...money,
  }),
} satisfies Record<NotificationType, z.ZodType>;
export type NotificationPayload<T extends NotificationType> = z.infer<(typeof notificationPayloadSchemas)[T]>;

/** A notification as its owner sees it: title and body already in the viewer's language. */
export const notificationSchema = z.object({
  /** Increasing: also the server-sent event id (`Last-Event-ID`). */
  id: z.string(),
  type: notificationTypeSchema,
  title: z.string(),
  body: z.string(),
  /** Where the notification leads in the web app (a path such as `/user/buzon/…`). */
  link: z.string(),
  payload: z.record(z.string(), z.unknown()),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationIdSchema = z.string().regex(/^[1-9]\d{0,17}$/);

/** Keyset pages, newest first: pass `meta.nextCursor` back as `before`. */
export const notificationListQuerySchema = z.object({
  before: notificationIdSchema.optional(),
  unread: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

export const notificationListSchema = z.object({
  ok: z.literal(1),
  data: z.array(notificationSchema),
  meta: z.object({ nextCursor: z.string().nullable(), unread: z.number() }),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const unreadNotificationsSchema = z.object({ unread: z.number() });
export type UnreadNotifications = z.infer<typeof unreadNotificationsSchema>;

/**
 * The live stream (`GET /api/notifications/stream`, text/event-stream, bearer header; fetch-based so
 * the token never goes in a URL). Events: `notification` (id = notification id, data = Notification
 * plus the unread count) and `unread` (data = { unread }) after something was marked read.
 */
export const notificationEventSchema = notificationSchema.extend({ unread: z.number() });
export type NotificationEvent = z.infer<typeof notificationEventSchema>;
