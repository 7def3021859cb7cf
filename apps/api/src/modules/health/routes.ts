import { healthResponseSchema, readyResponseSchema } from '@enlaza/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.js';
import { errorResponses } from '../../platform/route-docs.js';

export const healthRoutes: FastifyPluginAsyncZod<{ ping: () => Promise<void> }> = async (app, { ping }) => {
  app.get('/health', { schema: { tags: ['health'], summary: 'The process is up', response: { 200: healthResponseSchema } } }, () => ({
    ok: 1 as const,
    status: 'up' as const,
  }));

  app.get(
    '/ready',
    { schema: { tags: ['health'], summary: 'The database answers', response: { 200: readyResponseSchema, ...errorResponses(503) } } },
    async (request) => {
      try {
        await ping();
      } catch (err) {
        request.log.error({ err }, 'database ping failed');
        throw new AppError('database.unavailable');
      }
      return { ok: 1 as const, database: 'up' as const };
    },
  );
};
