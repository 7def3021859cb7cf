import {
  adminCancelSubscriptionSchema,
  adminExtendSubscriptionSchema,
  adminSubscriptionDetailSchema,
  adminSubscriptionListQuerySchema,
  adminSubscriptionListSchema,
  errorResponseSchema,
  okResponse,
} from '@enlaza/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerLocale } from '../../lib/catalogue-names.js';
import { originOf } from '../../lib/request-context.js';
import { actorOf } from '../../platform/actor.js';
import type { AdminSubscriptionsService } from './admin-service.js';

const security = [{ bearer: [] }];
const failures = {
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
};
const params = z.object({ id: z.uuid() });
const detail = okResponse(adminSubscriptionDetailSchema);

/** Suscripcions: every subscription, its detail, cancel and extend (admins only). */
export const adminSubscriptionRoutes: FastifyPluginAsyncZod<{ service: AdminSubscriptionsService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate('admin'));
  const tags = ['admin'];

  app.get(
    '/admin/subscriptions',
    {
      schema: {
        tags,
        summary: 'Subscriptions: status, plan, period, customer search; keyset pages newest first',
        security,
        querystring: adminSubscriptionListQuerySchema,
        response: { 200: adminSubscriptionListSchema, ...failures },
      },
    },
    async (request) => {
      const { data, nextCursor } = await service.list(request.query, viewerLocale(request));
      return { ok: 1 as const, data, meta: { nextCursor } };
    },
  );

  app.get(
    '/admin/subscriptions/:id',
    {
      schema: {
        tags,
        summary: 'A subscription with its history, payments and invoices',
        security,
        params,
        response: { 200: detail, ...failures },
      },
    },
    async (request) => ({
      ok: 1 as const,
      data: await service.detail(request.params.id, viewerLocale(request)),
    }),
  );

  app.post(
    '/admin/subscriptions/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel now (the customer falls back to Free, nothing deleted) or at the end of the period',
        security,
        params,
        body: adminCancelSubscriptionSchema,
        response: { 200: detail, ...failures },
      },
    },
    async (request) => ({
      ok: 1 as const,
      data: await service.cancel(actorOf(request), request.params.id, request.body, originOf(request), viewerLocale(request)),
    }),
  );

  app.post(
    '/admin/subscriptions/:id/extend',
    {
      schema: {
        tags,
        summary: 'Move the end of the running period N days later',
        security,
        params,
        body: adminExtendSubscriptionSchema,
        response: { 200: detail, ...failures },
      },
    },
    async (request) => ({
      ok: 1 as const,
      data: await service.extend(actorOf(request), request.params.id, request.body, originOf(request), viewerLocale(request)),
    }),
  );
};
