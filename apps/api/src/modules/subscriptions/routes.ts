import { errorResponseSchema, sendQuotaSchema, subscriptionDataSchema } from '@enlaza/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../lib/auth.js';
import { viewerLocale } from '../../lib/catalogue-names.js';
import type { SubscriptionsService } from './service.js';

export const subscriptionRoutes: FastifyPluginAsyncZod<{ subscriptions: SubscriptionsService }> = async (app, { subscriptions }) => {
  const signedIn = { onRequest: app.authenticate() };

  app.get(
    '/datasuscription',
    { ...signedIn, schema: { tags: ['subscriptions'], summary: 'Plan, status, limits, usage and add-ons of the signed-in user', security: [{ bearer: [] }], response: { 200: subscriptionDataSchema, 401: errorResponseSchema } } },
    async (request) => subscriptions.subscriptionData(requireAuth(request).user, new Date(), viewerLocale(request)),
  );

  app.get(
    '/envio/data',
    { ...signedIn, schema: { tags: ['subscriptions'], summary: 'Sending quota of the current month', security: [{ bearer: [] }], response: { 200: sendQuotaSchema, 401: errorResponseSchema } } },
    async (request) => subscriptions.sendQuota(requireAuth(request).user),
  );
};
