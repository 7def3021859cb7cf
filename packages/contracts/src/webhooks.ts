import { z } from 'zod';

/** The events an owner's endpoint may receive (docs/webhooks.md lists what each carries). */
export const WEBHOOK_EVENT_TYPES = [
  'message.received',
  'contact.consented',
  'tag.scanned_lost',
  'location.shared',
  'campaign.finished',
  'invoice.issued',
  'payment.failed',
  'payment.disputed',
  'payment.dispute_closed',
  'subscription.changed',
] as const;
export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookEventType = z.infer<typeof webhookEventTypeSchema>;

/** Endpoints one user may hold. */
export const WEBHOOK_ENDPOINTS_PER_USER = 10;
export const WEBHOOK_DESCRIPTION_MAX = 200;
export const WEBHOOK_URL_MAX = 2000;
/** Every signing secret starts with this (secret scanners, logs). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** The signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`. */
export const WEBHOOK_SIGNATURE_HEADER = 'Enlaza-Signature';
export const WEBHOOK_EVENT_ID_HEADER = 'Enlaza-Event-Id';
/** Receivers refuse a signature older than this. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * What each event's `data` holds: ids and the facts of the moment. Stable: fields are only ever added.
 */
export const webhookEventDataSchemas = {
  'message.received': z.object({
    messageId: z.string(),
    profileId: z.string(),
    profileName: z.string(),
    profileKind: z.enum(['card', 'tag']),
    senderName: z.string(),
    senderEmail: z.string(),
    excerpt: z.string(),
  }),
  'contact.consented': z.object({ messageId: z.string(), profileId: z.string(), name: z.string(), email: z.string() }),
  'tag.scanned_lost': z.object({ profileId: z.string(), profileName: z.string(), at: z.string() }),
  'location.shared': z.object({
    messageId: z.string(),
    profileId: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    accuracy: z.number().nullable(),
  }),
  'campaign.finished': z.object({
    campaignId: z.string(),
    campaignName: z.string(),
    sent: z.number(),
    failed: z.number(),
    bounced: z.number(),
  }),
  'invoice.issued': z.object({
    invoiceId: z.string(),
    number: z.string(),
    kind: z.enum(['invoice', 'credit_note']),
    totalCents: z.number(),
    currency: z.string(),
  }),
  'payment.failed': z.object({ paymentId: z.string(), amountCents: z.number(), currency: z.string() }),
  'payment.disputed': z.object({
    paymentId: z.string(),
    disputeId: z.string(),
    amountCents: z.number(),
    currency: z.string(),
    reason: z.string(),
    status: z.string(),
    evidenceDueBy: z.string().nullable(),
  }),
  'payment.dispute_closed': z.object({
    paymentId: z.string(),
    disputeId: z.string(),
    amountCents: z.number(),
    currency: z.string(),
    outcome: z.enum(['won', 'lost']),
    creditNoteNumber: z.string().nullable(),
  }),
  'subscription.changed': z.object({
    subscriptionId: z.string(),
    /** What happened; today `ended` (the subscription stopped running: cancelled or expired). */
    change: z.enum(['ended']),
    reason: z.string(),
    at: z.string(),
  }),
} satisfies Record<WebhookEventType, z.ZodType>;

/** The body of every delivery: `id` is the event's, the same on every attempt (receivers dedupe by it). */
export const webhookPayloadSchema = z.object({
  id: z.string(),
  type: webhookEventTypeSchema,
  /** Unix seconds when the event happened. */
  created: z.number().int(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookPayload<T extends WebhookEventType = WebhookEventType> = {
  id: string;
  type: T;
  created: number;
  data: z.infer<(typeof webhookEventDataSchemas)[T]>;
};

const eventsField = z
  .array(webhookEventTypeSchema)
  .min(1)
  .max(WEBHOOK_EVENT_TYPES.length)
  .refine((events) => new Set(events).size === events.length, { error: 'validation.invalid_value' });

/** `POST /api/webhooks`. The URL's scheme and address are checked by the API (https and public in production). */
export const createWebhookEndpointBodySchema = z.strictObject({
  url: z.string().trim().min(1).max(WEBHOOK_URL_MAX),
  description: z.string().trim().max(WEBHOOK_DESCRIPTION_MAX).default(''),
  events: eventsField,
});
export type CreateWebhookEndpointBody = z.input<typeof createWebhookEndpointBodySchema>;

/** `PATCH /api/webhooks/:id`: any of the fields; `enabled` turns an endpoint off or back on. */
export const updateWebhookEndpointBodySchema = z.strictObject({
  url: z.string().trim().min(1).max(WEBHOOK_URL_MAX).optional(),
  description: z.string().trim().max(WEBHOOK_DESCRIPTION_MAX).optional(),
  events: eventsField.optional(),
  enabled: z.boolean().optional(),
});
export type UpdateWebhookEndpointBody = z.input<typeof updateWebhookEndpointBodySchema>;

export const webhookEndpointSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string(),
  events: z.array(webhookEventTypeSchema),
  enabled: z.boolean(),
  /** Why it is off: the owner turned it off, or its deliveries kept failing. */
  disabledReason: z.enum(['owner', 'failing']).nullable(),
  createdAt: z.string(),
  /** The last attempt's time and whether it succeeded; null: none yet. */
  lastAttemptAt: z.string().nullable(),
  lastAttemptOk: z.boolean().nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The answer to creating an endpoint or rolling its secret: the secret, shown this once. */
export const webhookEndpointWithSecretSchema = z.object({ endpoint: webhookEndpointSchema, secret: z.string() });
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

export const webhookEndpointIdParamsSchema = z.object({ id: z.uuid() });
export const webhookDeliveryParamsSchema = z.object({ id: z.uuid(), deliveryId: z.uuid() });

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

/** One event sent to one endpoint, with its attempts so far. */
export const webhookDeliverySchema = z.object({
  id: z.uuid(),
  eventId: z.string(),
  type: webhookEventTypeSchema,
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  /** The last attempt's HTTP status; null: none yet or a network error. */
  lastStatus: z.number().int().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookAttemptSchema = z.object({
  id: z.uuid(),
  attempt: z.number().int(),
  requestBody: z.string(),
  /** The HTTP status answered; null: no answer (the network error is in `error`). */
  status: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int(),
  at: z.string(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookDeliveryDetailSchema = webhookDeliverySchema.extend({ attemptLog: z.array(webhookAttemptSchema) });
export type WebhookDeliveryDetail = z.infer<typeof webhookDeliveryDetailSchema>;
