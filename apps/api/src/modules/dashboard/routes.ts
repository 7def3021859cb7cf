import { dashboardSchema, okResponse } from '@enlaza/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/actor.js';
import { routeDocs } from '../../platform/route-docs.js';
import type { DashboardService } from './service.js';

const { security, failures } = routeDocs({ auth: 'bearer', answers: [403] });

export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (app, { dashboard }) => {
  app.get(
    '/dashboard',
    {
      onRequest: app.authenticate('user'),
      schema: {
        tags: ['dashboard'],
        summary: 'Counts, visits of the last 30 days, the latest messages and the latest campaigns of the signed-in user',
        security,
        response: { 200: okResponse(dashboardSchema), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await dashboard.overview(actorOf(request)) }),
  );
};
