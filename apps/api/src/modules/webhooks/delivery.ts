import { and, eq, lt, ne, sql } from 'drizzle-orm';
import {
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  type Locale,
  type WebhookEventType,
  type WebhookPayload,
} from '@enlaza/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from '../../db/client.js';
import { renderEmail } from '../../lib/email-templates.js';
import type { Jobs } from '../../platform/jobs.js';
import type { Mailer } from '../../platform/mailer.js';
import type { Metrics } from '../../platform/metrics.js';
import type { WebhookConfig } from '../../config/webhook-settings.js';
import { notificationRecipient } from '../account/index.js';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from './schema.js';
import type { WebhookSecrets } from './secrets.js';
import { signatureHeader } from './signing.js';
import { createPublicFetch } from './public-dispatcher.js';

/** Each attempt's deadline, connection included. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** The delivery log is kept this long. */
export const WEBHOOK_LOG_DAYS = 30;
/** What the log keeps of an error message. */
const ERROR_MAX = 500;

type Deps = {
  db: Database;
  jobs: Jobs;
  mailer: Mailer;
  fetch: typeof fetch;
  log: FastifyBaseLogger;
  settings: WebhookConfig;
  production: boolean;
  publicUrl: string;
  now: () => Date;
  secrets: Pick<WebhookSecrets, 'open'>;
  metrics: Metrics;
};

/** The wait before the retry after failed attempt `n` (1-based): base × 2^(n−1), ±20 % jitter. */
export const retryDelayMs = (baseMs: number, attempt: number, random = Math.random()) =>
  Math.round(baseMs * 2 ** Math.min(attempt - 1, 30) * (0.8 + 0.4 * random));

type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** One POST; never throws for what the endpoint does (an answer or a network error is logged as the attempt). */
async function post(fetch: typeof globalThis.fetch, url: string, secret: string, eventId: string, body: string) {
  const started = performance.now();
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Enlaza-Webhooks/1',
        [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(secret, body, Math.floor(Date.now() / 1000)),
        [WEBHOOK_EVENT_ID_HEADER]: eventId,
      },
      body,
      // A redirect is an answer (3xx, a failure), never followed: it could lead anywhere.
      redirect: 'manual',
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    // The body is not kept; reading it frees the connection.
    await response.arrayBuffer().catch(() => undefined);
    return { status: response.status, error: null, durationMs: Math.round(performance.now() - started) };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const message = error instanceof Error ? (error.name === 'TimeoutError' ? 'timeout after 10 s' : error.message) : String(error);
    const detail = cause?.code ?? cause?.message;
    return {
      status: null,
      error: (detail ? `${message} (${detail})` : message).slice(0, ERROR_MAX),
      durationMs: Math.round(performance.now() - started),
    };
  }
}

/**
 * Webhook deliveries on the job queue: a domain event fans out to the owner's enabled endpoints
 * that chose its type (one delivery row and one job each, in one transaction); each job is one
 * signed POST, logged, and a failure schedules the next attempt as a new job with a growing delay
 * until the retry window ends. A worker killed mid-attempt leaves its job active: the queue runs it
 * again after its expiry, so an event is delivered at least once (receivers dedupe by event id).
 */
export function createWebhookDeliverer({ db, jobs, mailer, fetch, log, settings, production, publicUrl, now, secrets, metrics }: Deps) {
  const attempts = metrics.counter(
    'webhook_deliveries_total',
    'Webhook delivery attempts in this process, by outcome: succeeded (a 2xx), retrying (another attempt is scheduled), failed (given up, or its endpoint was turned off)',
    ['outcome'],
  );
  // In production every connection goes only to the public address its own lookup checked (SSRF, DNS rebinding).
  const send = production ? createPublicFetch() : fetch;
  async function fanOut<T extends WebhookEventType>(
    userId: string,
    type: T,
    eventId: string,
    created: Date,
    data: WebhookPayload<T>['data'],
  ): Promise<number> {
    const payload: WebhookPayload<T> = { id: eventId, type, created: Math.floor(created.getTime() / 1000), data };
    const body = JSON.stringify(payload);
    return db.transaction(async (tx) => {
      const endpoints = await tx
        .select({ id: webhookEndpoints.id })
        .from(webhookEndpoints)
        .where(
          and(
            eq(webhookEndpoints.userId, userId),
            eq(webhookEndpoints.enabled, true),
            sql`${webhookEndpoints.events} @> ${JSON.stringify([type])}::jsonb`,
          ),
        );
      let queued = 0;
      for (const endpoint of endpoints) {
        const [row] = await tx
          .insert(webhookDeliveries)
          .values({ endpointId: endpoint.id, eventId, type, body, giveUpAt: new Date(now().getTime() + settings.retryWindowMs) })
          // A redelivered domain event: already fanned out to this endpoint.
          .onConflictDoNothing()
          .returning({ id: webhookDeliveries.id });
        if (!row) continue;
        await jobs.send('webhooks.deliver', { deliveryId: row.id }, { tx });
        queued += 1;
      }
      return queued;
    });
  }

  /** Turns the endpoint off (deliveries kept failing) and tells its owner, once per time it is turned off. */
  async function disable(tx: Transaction, endpointId: string, attemptId: string) {
    const [endpoint] = await tx
      .update(webhookEndpoints)
      .set({ enabled: false, disabledReason: 'failing' })
      .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.enabled, true)))
      .returning();
    if (!endpoint) return;
    log.warn({ endpoint: endpointId }, 'webhook endpoint disabled after failing deliveries');
    const to = await notificationRecipient(tx, endpoint.userId);
    if (!to || to.status !== 'active') return;
    const locale: Locale = to.locale ?? 'en';
    // `email` carries the endpoint's URL into the sentence.
    const email = renderEmail(locale, 'webhook_disabled', { name: to.name, email: endpoint.url, link: `${publicUrl}/user/webhooks` });
    await mailer.send(
      { to: to.email, userId: endpoint.userId, kind: 'system', ...email },
      { tx, idempotencyKey: `webhook-disabled:${endpointId}:${attemptId}` },
    );
  }

  async function attempt(deliveryId: string): Promise<void> {
    const [found] = await db
      .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(eq(webhookDeliveries.id, deliveryId));
    // Gone (endpoint deleted, log purged), settled, or its endpoint is off: nothing to send.
    if (!found || found.delivery.status !== 'pending' || !found.endpoint.enabled) return;
    const { delivery, endpoint } = found;
    const result = await post(send, endpoint.url, secrets.open(endpoint.secretEncrypted), delivery.eventId, delivery.body);
    const ok = result.status !== null && result.status >= 200 && result.status < 300;

    const outcome = await db.transaction(async (tx): Promise<'succeeded' | 'retrying' | 'failed' | null> => {
      const [current] = await tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId)).for('update');
      if (!current) return null;
      const number = current.attempts + 1;
      const at = now();
      const [logged] = await tx
        .insert(webhookAttempts)
        .values({ deliveryId, attempt: number, requestBody: delivery.body, ...result, at })
        .returning({ id: webhookAttempts.id });
      const base = { attempts: number, lastAttemptAt: at, lastStatus: result.status };
      if (ok) {
        await tx
          .update(webhookDeliveries)
          .set({ ...base, status: 'succeeded', nextAttemptAt: null })
          .where(eq(webhookDeliveries.id, deliveryId));
        // Only when there is a count to reset: every success writing the endpoint's row would serialise its deliveries.
        await tx
          .update(webhookEndpoints)
          .set({ consecutiveFailures: 0 })
          .where(and(eq(webhookEndpoints.id, endpoint.id), ne(webhookEndpoints.consecutiveFailures, 0)));
        return 'succeeded';
      }
      const [counted] = await tx
        .update(webhookEndpoints)
        .set({ consecutiveFailures: sql`${webhookEndpoints.consecutiveFailures} + 1` })
        .where(eq(webhookEndpoints.id, endpoint.id))
        .returning({ failures: webhookEndpoints.consecutiveFailures });
      const next = new Date(at.getTime() + retryDelayMs(settings.retryBaseMs, number));
      if (next > current.giveUpAt) {
        // Failing for the whole window: given up, and the endpoint is off until its owner turns it on.
        await tx
          .update(webhookDeliveries)
          .set({ ...base, status: 'failed', nextAttemptAt: null })
          .where(eq(webhookDeliveries.id, deliveryId));
        await disable(tx, endpoint.id, logged!.id);
        return 'failed';
      }
      await tx
        .update(webhookDeliveries)
        .set({ ...base, status: 'pending', nextAttemptAt: next })
        .where(eq(webhookDeliveries.id, deliveryId));
      if ((counted?.failures ?? 0) >= settings.disableAfterFailures) {
        await disable(tx, endpoint.id, logged!.id);
        return 'failed';
      }
      await jobs.send('webhooks.deliver', { deliveryId }, { tx, startAfter: next });
      return 'retrying';
    });
    // Counted once its transaction committed: a rolled-back attempt is made again.
    if (outcome) attempts.inc({ outcome });
  }

  return {
    fanOut,
    attempt,

    /** A new attempt of a delivery now (same event id and body), with a fresh retry window. */
    async resend(deliveryId: string): Promise<DeliveryRow> {
      return db.transaction(async (tx) => {
        const at = now();
        const [row] = await tx
          .update(webhookDeliveries)
          .set({ status: 'pending', nextAttemptAt: at, giveUpAt: new Date(at.getTime() + settings.retryWindowMs) })
          .where(eq(webhookDeliveries.id, deliveryId))
          .returning();
        await jobs.send('webhooks.deliver', { deliveryId }, { tx });
        return row!;
      });
    },

    /** Deletes the log older than WEBHOOK_LOG_DAYS (attempts go with their delivery). */
    async purge(): Promise<number> {
      const cutoff = new Date(now().getTime() - WEBHOOK_LOG_DAYS * 86_400_000);
      const rows = await db
        .delete(webhookDeliveries)
        .where(lt(webhookDeliveries.createdAt, cutoff))
        .returning({ id: webhookDeliveries.id });
      return rows.length;
    },
  };
}

export type WebhookDeliverer = ReturnType<typeof createWebhookDeliverer>;
