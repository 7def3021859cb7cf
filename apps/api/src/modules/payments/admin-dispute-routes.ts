import { adminCloseDisputeSchema, adminRecordDisputeSchema, okResponse, paymentDisputeSchema } from '@enlaza/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { originOf } from '../../lib/request-context.js';
import { actorOf } from '../../platform/actor.js';
import { routeDocs } from '../../platform/route-docs.js';
import type { PaymentsService } from './service.js';

const { security, failures } = routeDocs({ auth: 'bearer', answers: [403, 404, 409, 422] });
const tags = ['admin'];
const params = z.object({ id: z.uuid() });
const dispute = okResponse(paymentDisputeSchema.extend({ id: z.string() }));

/** Chargebacks the bank reports outside the gateway (Redsys, the sandbox): recorded and closed by an admin. */
export const adminDisputeRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (app, { payments }) => {
  app.addHook('onRequest', app.authenticate('admin'));

  app.post(
    '/admin/payments/:id/disputes',
    {
      schema: {
        tags,
        summary:
          'Record the bank’s chargeback of a payment whose provider reports no disputes (the admins told, the seller’s webhooks called); the same reference again updates the open chargeback and tells nobody again',
        security,
        params,
        body: adminRecordDisputeSchema,
        response: { 200: dispute, ...failures },
      },
    },
    async (request) => ({
      ok: 1 as const,
      data: await payments.recordDispute(actorOf(request), request.params.id, request.body, originOf(request)),
    }),
  );

  app.post(
    '/admin/disputes/:id/close',
    {
      schema: {
        tags,
        summary: 'The bank’s decision on a recorded chargeback: lost (a credit note for its amount, the service undone) or won, once',
        security,
        params,
        body: adminCloseDisputeSchema,
        response: { 200: dispute, ...failures },
      },
    },
    async (request) => ({
      ok: 1 as const,
      data: await payments.closeDispute(actorOf(request), request.params.id, request.body, originOf(request)),
    }),
  );
};
