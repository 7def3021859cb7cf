import { sendQuotaSchema, subscriptionDataSchema } from '@enlaza/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/actor.js';
import { viewerLocale } from '../../lib/catalogue-names.js';
import { routeDocs } from '../../platform/route-docs.js';
import type { SubscriptionsService } from './service.js';

const { security, failures } = routeDocs({ auth: 'bearer', answers: [] });

export const subscriptionRoutes: FastifyPluginAsyncZod<{ subscriptions: SubscriptionsService }> = async (app, { subscriptions }) => {
  const signedIn = { onRequest: app.authenticate() };

  app.get(
    '/datasuscription',
    {
      ...signedIn,
      schema: {
        tags: ['subscriptions'],
        summary: 'Plan, status, limits, usage and add-ons of the signed-in user',
        security,
        response: { 200: subscriptionDataSchema, ...failures },
      },
    },
    async (request) => subscriptions.subscriptionData(actorOf(request), undefined, viewerLocale(request)),
  );

  app.get(
    '/envio/data',
    {
      ...signedIn,
      schema: {
        tags: ['subscriptions'],
        summary: 'Sending quota of the current month',
        security,
        response: { 200: sendQuotaSchema, ...failures },
      },
    },
    async (request) => subscriptions.sendQuota(actorOf(request)),
  );
};
