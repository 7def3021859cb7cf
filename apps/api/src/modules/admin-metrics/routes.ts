import { adminMetricsSchema, errorResponseSchema, okResponse } from '@enlaza/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewerLocale } from '../../lib/catalogue-names.js';
import type { AdminMetricsService } from './service.js';

export const adminMetricsRoutes: FastifyPluginAsyncZod<{ metrics: AdminMetricsService }> = async (app, { metrics }) => {
  app.addHook('onRequest', app.authenticate('admin'));
  app.get(
    '/admin/dashboard/metrics',
    {
      schema: {
        tags: ['admin'],
        summary: 'Users, sign-ups (30 days), running subscriptions by plan, MRR, revenue per month (12), churn (30 days), latest payments',
        security: [{ bearer: [] }],
        response: { 200: okResponse(adminMetricsSchema), 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const timings = new Map<string, number>();
      const data = await metrics.metrics(viewerLocale(request), timings);
      // Each figure's query time (Server-Timing, shown by the browser's network panel and the bench).
      reply.header('server-timing', [...timings].map(([name, ms]) => `${name};dur=${ms.toFixed(1)}`).join(', '));
      return { ok: 1 as const, data };
    },
  );
};
