import { dashboardSchema, errorResponseSchema, okResponse } from '@enlaza/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../lib/auth.js';
import type { DashboardService } from './service.js';

export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (app, { dashboard }) => {
  app.get(
    '/dashboard',
    {
      onRequest: app.authenticate('user'),
      schema: {
        tags: ['dashboard'],
        summary: 'Counts, visits of the last 30 days and the latest messages of the signed-in user',
        security: [{ bearer: [] }],
        response: { 200: okResponse(dashboardSchema), 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => ({ ok: 1 as const, data: await dashboard.overview(requireAuth(request).user) }),
  );
};
