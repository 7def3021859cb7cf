import { historyPageSchema, historyQuerySchema } from '@enlaza/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/actor.js';
import { routeDocs } from '../../platform/route-docs.js';
import type { ActivityService } from './service.js';

const { security, failures } = routeDocs({ auth: 'bearer', answers: [403, 422] });

export const activityRoutes: FastifyPluginAsyncZod<{ activity: ActivityService }> = async (app, { activity }) => {
  app.get(
    '/historial',
    {
      onRequest: app.authenticate(),
      schema: {
        tags: ['history'],
        summary: 'My own activity, newest first',
        security,
        querystring: historyQuerySchema,
        response: { 200: historyPageSchema, ...failures },
      },
    },
    async (request) => {
      const { data, nextCursor } = await activity.list(request.query, actorOf(request).id);
      return { ok: 1 as const, data, meta: { nextCursor } };
    },
  );

  app.get(
    '/admin/historial',
    {
      onRequest: app.authenticate('admin'),
      schema: {
        tags: ['admin'],
        summary: 'The global audit log, filterable by user, action and date',
        security,
        querystring: historyQuerySchema,
        response: { 200: historyPageSchema, ...failures },
      },
    },
    async (request) => {
      const { data, nextCursor } = await activity.list(request.query);
      return { ok: 1 as const, data, meta: { nextCursor } };
    },
  );
};
