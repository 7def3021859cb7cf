import {
  errorResponseSchema,
  okResponse,
  testClockAdvanceResultSchema,
  testClockAdvanceSchema,
  testClockSchema,
  type TestClock,
} from '@enlaza/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.js';
import type { Clock } from '../../platform/clock.js';
import type { RenewalsService } from './service.js';

const failures = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 422: errorResponseSchema };
const security = [{ bearer: [] }];
const tags = ['admin'];

/** Admin only: the sandbox test clock (404 `test_clock.disabled` unless TEST_CLOCK_ENABLED). */
export const testClockRoutes: FastifyPluginAsyncZod<{ clock: Clock; renewals: RenewalsService }> = async (app, { clock, renewals }) => {
  app.addHook('onRequest', app.authenticate('admin'));
  app.addHook('preHandler', async () => {
    if (!clock.enabled) throw new AppError('test_clock.disabled');
  });
  const view = (): TestClock => ({ enabled: clock.enabled, now: clock.now().toISOString(), offsetSeconds: clock.offsetSeconds() });

  app.get(
    '/admin/test-clock',
    {
      schema: {
        tags,
        summary: 'The test clock: the product’s "now" and its offset from the real time',
        security,
        response: { 200: okResponse(testClockSchema), ...failures },
      },
    },
    async () => {
      await clock.refresh();
      return { ok: 1 as const, data: view() };
    },
  );

  app.post(
    '/admin/test-clock/advance',
    {
      schema: {
        tags,
        summary:
          'Move the test clock forward by N days (for every process) and run the renewals, retries and reminders that fell due before answering',
        security,
        body: testClockAdvanceSchema,
        response: { 200: okResponse(testClockAdvanceResultSchema), ...failures },
      },
    },
    async (request) => {
      await clock.advance(request.body.days * 86_400);
      const ran = await renewals.runAllDue();
      return { ok: 1 as const, data: { ...view(), ran } };
    },
  );
};
