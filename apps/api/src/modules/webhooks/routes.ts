import {
  createWebhookEndpointBodySchema,
  okResponse,
  updateWebhookEndpointBodySchema,
  webhookDeliveryDetailSchema,
  webhookDeliveryParamsSchema,
  webhookDeliverySchema,
  webhookEndpointIdParamsSchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
} from '@enlaza/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/actor.js';
import { routeDocs } from '../../platform/route-docs.js';
import type { WebhooksService } from './service.js';

const { security, failures } = routeDocs({ auth: 'bearer', answers: [400, 403, 404, 409, 422] });
const tags = ['webhooks'];

/** Webhooks: the owner's endpoints, their secrets and their delivery log. Another user's endpoint is 404. */
export const webhookRoutes: FastifyPluginAsyncZod<{ webhooks: WebhooksService }> = async (app, { webhooks }) => {
  app.addHook('onRequest', app.authenticate('user'));

  app.get(
    '/webhooks',
    {
      schema: {
        tags,
        summary: 'My webhook endpoints, newest first',
        security,
        response: { 200: okResponse(z.array(webhookEndpointSchema)), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await webhooks.list(actorOf(request)) }),
  );

  app.post(
    '/webhooks',
    {
      config: { sensitive: { change: 'webhook_created' } },
      schema: {
        tags,
        summary: 'Add an endpoint (at most 10): its signing secret is in this answer only',
        security,
        body: createWebhookEndpointBodySchema,
        response: { 200: okResponse(webhookEndpointWithSecretSchema), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await webhooks.create(actorOf(request), request.body) }),
  );

  app.patch(
    '/webhooks/:id',
    {
      // Only a new URL is sensitive (where the owner's data goes); the description, events and on/off are not.
      config: { sensitive: { change: 'webhook_url_changed', when: (request) => (request.body as { url?: unknown }).url !== undefined } },
      schema: {
        tags,
        summary: 'Change an endpoint’s URL, description or events, or turn it off or on',
        security,
        params: webhookEndpointIdParamsSchema,
        body: updateWebhookEndpointBodySchema,
        response: { 200: okResponse(webhookEndpointSchema), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await webhooks.update(actorOf(request), request.params.id, request.body) }),
  );

  app.delete(
    '/webhooks/:id',
    {
      config: { sensitive: { change: 'webhook_deleted' } },
      schema: {
        tags,
        summary: 'Delete an endpoint and its delivery log',
        security,
        params: webhookEndpointIdParamsSchema,
        response: { 200: okResponse(z.object({})), ...failures },
      },
    },
    async (request) => {
      await webhooks.remove(actorOf(request), request.params.id);
      return { ok: 1 as const, data: {} };
    },
  );

  app.post(
    '/webhooks/:id/roll-secret',
    {
      config: { sensitive: { change: 'webhook_secret_rolled' } },
      schema: {
        tags,
        summary: 'Replace the endpoint’s signing secret (the old one stops at once); the new one is in this answer only',
        security,
        params: webhookEndpointIdParamsSchema,
        response: { 200: okResponse(webhookEndpointWithSecretSchema), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await webhooks.rollSecret(actorOf(request), request.params.id) }),
  );

  app.get(
    '/webhooks/:id/deliveries',
    {
      schema: {
        tags,
        summary: 'The endpoint’s newest 100 deliveries (kept 30 days)',
        security,
        params: webhookEndpointIdParamsSchema,
        response: { 200: okResponse(z.array(webhookDeliverySchema)), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await webhooks.deliveries(actorOf(request), request.params.id) }),
  );

  app.get(
    '/webhooks/:id/deliveries/:deliveryId',
    {
      schema: {
        tags,
        summary: 'One delivery with every attempt: the body sent, the status or network error, the time taken',
        security,
        params: webhookDeliveryParamsSchema,
        response: { 200: okResponse(webhookDeliveryDetailSchema), ...failures },
      },
    },
    async (request) => ({
      ok: 1 as const,
      data: await webhooks.delivery(actorOf(request), request.params.id, request.params.deliveryId),
    }),
  );

  app.post(
    '/webhooks/:id/deliveries/:deliveryId/resend',
    {
      schema: {
        tags,
        summary: 'Send the delivery’s event again now (same event id and body)',
        security,
        params: webhookDeliveryParamsSchema,
        response: { 200: okResponse(webhookDeliverySchema), ...failures },
      },
    },
    async (request) => ({
      ok: 1 as const,
      data: await webhooks.resend(actorOf(request), request.params.id, request.params.deliveryId),
    }),
  );
};
