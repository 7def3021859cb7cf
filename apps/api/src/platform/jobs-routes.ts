import { errorResponseSchema, failedJobsResponseSchema } from '@enlaza/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Jobs } from './jobs.js';
import { defineModule } from './modules.js';

/** Admin only: jobs that ended failed after their retries, newest first. */
export const jobsRoutes: FastifyPluginAsyncZod<{ jobs: Jobs }> = async (app, { jobs }) => {
  app.addHook('onRequest', app.authenticate('admin'));
  app.get(
    '/admin/jobs/failed',
    {
      schema: {
        tags: ['admin'],
        summary: 'Background jobs that failed after all their retries',
        security: [{ bearer: [] }],
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) }),
        response: { 200: failedJobsResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => ({ ok: 1 as const, data: await jobs.failed(request.query.limit) }),
  );
};

/** The failed-jobs view, mounted among the modules (admin area). */
export const jobsModule = defineModule({
  name: 'jobs',
  async register(api, { jobs }) {
    await api.register(jobsRoutes, { jobs });
  },
});
