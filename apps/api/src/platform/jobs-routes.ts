import { errorResponseSchema, failedJobActionResponseSchema, failedJobsResponseSchema } from '@enlaza/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../lib/errors.js';
import { retryFailedJob, type Jobs } from './jobs.js';
import { defineModule } from './modules.js';

/** Admin only: jobs that ended failed after their retries, newest first; run one again, or discard it. */
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

  const params = z.object({ id: z.uuid() });
  const failures = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 422: errorResponseSchema };
  app.post(
    '/admin/jobs/failed/:id/retry',
    {
      schema: {
        tags: ['admin'],
        summary: 'Run a failed job again: its kind and payload as a new job (the failed one leaves the list)',
        security: [{ bearer: [] }],
        params,
        response: { 200: failedJobActionResponseSchema, 409: errorResponseSchema, ...failures },
      },
    },
    async (request) => {
      const retried = await retryFailedJob(jobs, request.params.id);
      if (retried === 'unknown_kind') throw new AppError('jobs.unknown_kind');
      if (retried === 'not_found') throw new AppError('record.not_found');
      return { ok: 1 as const, data: retried };
    },
  );
  app.delete(
    '/admin/jobs/failed/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Discard a failed job (it is not run again)',
        security: [{ bearer: [] }],
        params,
        response: { 200: failedJobActionResponseSchema, ...failures },
      },
    },
    async (request) => {
      if (!(await jobs.takeFailed(request.params.id))) throw new AppError('record.not_found');
      return { ok: 1 as const, data: { id: request.params.id } };
    },
  );
};

/** The failed-jobs view, mounted among the modules (admin area). */
export const jobsModule = defineModule({
  name: 'jobs',
  async register(api, { jobs }) {
    await api.register(jobsRoutes, { jobs });
  },
});
