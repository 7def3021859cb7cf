import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  WEBHOOK_ENDPOINTS_PER_USER,
  type CreateWebhookEndpointBody,
  type UpdateWebhookEndpointBody,
  type WebhookAttempt,
  type WebhookDelivery,
  type WebhookDeliveryDetail,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
} from '@enlaza/contracts';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { afterAccess, type RequireAccess } from '../../platform/access.js';
import type { Actor } from '../../platform/actor.js';
import { lockUser } from '../account/index.js';
import type { WebhookDeliverer } from './delivery.js';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from './schema.js';
import type { WebhookSecrets } from './secrets.js';
import { newWebhookSecret } from './signing.js';
import { checkEndpointUrl } from './url-check.js';

type Deps = {
  db: Database;
  requireAccess: RequireAccess;
  deliverer: WebhookDeliverer;
  /** NODE_ENV=production: https and public addresses only (url-check.ts). */
  production: boolean;
  secrets: Pick<WebhookSecrets, 'seal'>;
};

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function deliveryOf(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.eventId,
    type: row.type,
    status: row.status,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: iso(row.lastAttemptAt),
    lastStatus: row.lastStatus,
    nextAttemptAt: row.status === 'pending' ? iso(row.nextAttemptAt) : null,
  };
}

/** An owner's webhook endpoints and their delivery log (Webhooks). Another user's endpoint is 404. */
export function createWebhooksService({ db, requireAccess, deliverer, production, secrets }: Deps) {
  async function endpointsOf(userId: string, ids?: string[]): Promise<WebhookEndpoint[]> {
    const rows = await db
      .select({
        endpoint: webhookEndpoints,
        lastAttemptAt: sql<
          string | null
        >`(select max(d.last_attempt_at)::text from webhook_deliveries d where d.endpoint_id = ${webhookEndpoints.id})`,
        lastStatus: sql<
          number | null
        >`(select d.last_status from webhook_deliveries d where d.endpoint_id = ${webhookEndpoints.id} and d.last_attempt_at is not null order by d.last_attempt_at desc limit 1)`,
      })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.userId, userId), ids ? inArray(webhookEndpoints.id, ids) : undefined))
      .orderBy(desc(webhookEndpoints.createdAt));
    return rows.map(({ endpoint: e, lastAttemptAt, lastStatus }) => ({
      id: e.id,
      url: e.url,
      description: e.description,
      events: e.events,
      enabled: e.enabled,
      disabledReason: e.enabled ? null : (e.disabledReason ?? 'owner'),
      createdAt: e.createdAt.toISOString(),
      lastAttemptAt: lastAttemptAt ? new Date(lastAttemptAt).toISOString() : null,
      lastAttemptOk: lastAttemptAt ? lastStatus !== null && lastStatus >= 200 && lastStatus < 300 : null,
    }));
  }

  const one = async (userId: string, id: string) => afterAccess((await endpointsOf(userId, [id]))[0]);

  /** The owner's endpoint's delivery, after the endpoint's check (a delivery of another endpoint is missing like any other). */
  async function deliveryRow(actor: Actor, id: string, deliveryId: string): Promise<DeliveryRow> {
    await requireAccess(actor, 'webhook_endpoint', id);
    const [row] = await db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, id)));
    return afterAccess(row);
  }

  return {
    list: (actor: Actor) => endpointsOf(actor.id),

    async create(actor: Actor, body: CreateWebhookEndpointBody): Promise<WebhookEndpointWithSecret> {
      const url = await checkEndpointUrl(body.url, production);
      const secret = newWebhookSecret();
      const id = await db.transaction(async (tx) => {
        // Locked: two creations at once count each other.
        await lockUser(tx, actor.id);
        const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.userId, actor.id));
        if (n >= WEBHOOK_ENDPOINTS_PER_USER) throw new AppError('webhook_endpoint.limit', { max: WEBHOOK_ENDPOINTS_PER_USER });
        const [row] = await tx
          .insert(webhookEndpoints)
          .values({
            userId: actor.id,
            url,
            description: body.description ?? '',
            events: body.events,
            secretEncrypted: secrets.seal(secret),
          })
          .returning({ id: webhookEndpoints.id });
        return row!.id;
      });
      return { endpoint: await one(actor.id, id), secret };
    },

    async update(actor: Actor, id: string, body: UpdateWebhookEndpointBody): Promise<WebhookEndpoint> {
      await requireAccess(actor, 'webhook_endpoint', id);
      const url = body.url === undefined ? undefined : await checkEndpointUrl(body.url, production);
      const changes: Partial<EndpointRow> = {
        ...(url === undefined ? {} : { url }),
        ...(body.description === undefined ? {} : { description: body.description }),
        ...(body.events === undefined ? {} : { events: body.events }),
        // Turned back on: its failure count starts again.
        ...(body.enabled === undefined
          ? {}
          : body.enabled
            ? { enabled: true, disabledReason: null, consecutiveFailures: 0 }
            : { enabled: false, disabledReason: 'owner' as const }),
      };
      if (Object.keys(changes).length > 0)
        await db
          .update(webhookEndpoints)
          .set(changes)
          .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, actor.id)));
      return one(actor.id, id);
    },

    async remove(actor: Actor, id: string): Promise<void> {
      await requireAccess(actor, 'webhook_endpoint', id);
      await db.delete(webhookEndpoints).where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, actor.id)));
    },

    /** A new secret; the old one stops signing at once (the answer shows the new one, this once). */
    async rollSecret(actor: Actor, id: string): Promise<WebhookEndpointWithSecret> {
      await requireAccess(actor, 'webhook_endpoint', id);
      const secret = newWebhookSecret();
      await db
        .update(webhookEndpoints)
        .set({ secretEncrypted: secrets.seal(secret) })
        .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, actor.id)));
      return { endpoint: await one(actor.id, id), secret };
    },

    /** The endpoint's newest 100 deliveries. */
    async deliveries(actor: Actor, id: string): Promise<WebhookDelivery[]> {
      await requireAccess(actor, 'webhook_endpoint', id);
      const rows = await db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, id))
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .limit(100);
      return rows.map(deliveryOf);
    },

    async delivery(actor: Actor, id: string, deliveryId: string): Promise<WebhookDeliveryDetail> {
      const row = await deliveryRow(actor, id, deliveryId);
      const attempts = await db
        .select()
        .from(webhookAttempts)
        .where(eq(webhookAttempts.deliveryId, row.id))
        .orderBy(webhookAttempts.attempt);
      const attemptLog: WebhookAttempt[] = attempts.map((a) => ({
        id: a.id,
        attempt: a.attempt,
        requestBody: a.requestBody,
        status: a.status,
        error: a.error,
        durationMs: a.durationMs,
        at: a.at.toISOString(),
      }));
      return { ...deliveryOf(row), attemptLog };
    },

    /** A new attempt of the same event (same id and body) now, with a fresh retry window. */
    async resend(actor: Actor, id: string, deliveryId: string): Promise<WebhookDelivery> {
      const row = await deliveryRow(actor, id, deliveryId);
      return deliveryOf(await deliverer.resend(row.id));
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
