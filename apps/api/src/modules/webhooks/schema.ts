import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { WebhookEventType } from '@enlaza/contracts';
import { createdAt, primaryId } from '../../platform/columns.js';
import { users } from '../account/schema.js';

/**
 * An owner's webhook endpoint: where the chosen events are POSTed, signed with its secret, kept
 * encrypted in `secretEncrypted` (secrets.ts: the HMAC needs the secret itself on every delivery). `consecutiveFailures` counts failed attempts since the
 * last success; the endpoint is disabled (`failing`) when it reaches the limit (docs/webhooks.md).
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: primaryId(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    description: text().notNull().default(''),
    events: jsonb().$type<WebhookEventType[]>().notNull(),
    secretEncrypted: text().notNull(),
    enabled: boolean().notNull().default(true),
    disabledReason: text({ enum: ['owner', 'failing'] }),
    consecutiveFailures: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId)],
);

/**
 * One event to one endpoint. `eventId` is the event's (`evt_…`, the same for every endpoint and every
 * attempt): receivers dedupe by it; the unique index makes a redelivered domain event fan out once.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: primaryId(),
    endpointId: uuid()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: text().notNull(),
    type: text().$type<WebhookEventType>().notNull(),
    /** The exact JSON body sent on every attempt. */
    body: text().notNull(),
    status: text({ enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer().notNull().default(0),
    /** Retries stop after this (created + the retry window); a resend moves it. */
    giveUpAt: timestamp({ withTimezone: true }).notNull(),
    nextAttemptAt: timestamp({ withTimezone: true }),
    lastAttemptAt: timestamp({ withTimezone: true }),
    lastStatus: integer(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex().on(t.endpointId, t.eventId), index().on(t.endpointId, t.createdAt), index().on(t.createdAt)],
);

/** Every attempt of a delivery: what was sent and what came back (kept 30 days with its delivery). */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: primaryId(),
    deliveryId: uuid()
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer().notNull(),
    requestBody: text().notNull(),
    status: integer(),
    error: text(),
    durationMs: integer().notNull(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.deliveryId, t.attempt)],
);
