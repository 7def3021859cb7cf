import { okResponse, paymentDetailSchema, paymentSchema } from '@enlaza/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerLocale } from '../../lib/catalogue-names.js';
import { actorOf } from '../../platform/actor.js';
import { routeDocs } from '../../platform/route-docs.js';
import type { PaymentsService } from './service.js';

const { security, failures } = routeDocs({ auth: 'bearer', answers: [402, 403, 404, 409, 422] });
const tags = ['payments'];
type App = Parameters<FastifyPluginAsyncZod>[0];
const idParams = z.object({ id: z.uuid() });

/** The payments made: the list, one payment, and completing one that waits for me (authenticated, or paid by Bizum). */
export function registerMyPaymentRoutes(app: App, payments: PaymentsService): void {
  app.get(
    '/user/pagos',
    {
      schema: {
        tags,
        summary: 'My payments, newest first, with the invoice of each successful one',
        security,
        response: { 200: okResponse(z.array(paymentSchema)), ...failures },
      },
    },
    async (request) => ({
      ok: 1 as const,
      data: await payments.listPayments(actorOf(request), viewerLocale(request)),
    }),
  );

  app.get(
    '/user/payments/:id',
    {
      schema: {
        tags,
        summary: 'One of my payments and, while it waits for me to authenticate, what completes it',
        security,
        params: idParams,
        response: { 200: okResponse(paymentDetailSchema), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await payments.paymentDetail(actorOf(request), request.params.id, viewerLocale(request)) }),
  );

  app.post(
    '/user/payments/:id/bizum',
    {
      schema: {
        tags,
        summary:
          "Pay one of my payments that waits for me (a renewal's, from its emailed link) by Bizum instead: the provider's page to pay it on, once (422 where Bizum is not offered)",
        security,
        params: idParams,
        response: { 200: okResponse(paymentDetailSchema), ...failures },
      },
    },
    async (request) => ({
      ok: 1 as const,
      data: await payments.payByBizum(actorOf(request), request.params.id, viewerLocale(request)),
    }),
  );

  app.post(
    '/user/payments/:id/authenticate',
    {
      schema: {
        tags,
        summary:
          "Before authenticating, on the payment's page: the provider makes a payment waiting for me ready for my authentication now (Stripe confirms again, on session, an off-session charge my bank wanted authenticated); answers the payment and what completes it",
        security,
        params: idParams,
        response: { 200: okResponse(paymentDetailSchema), ...failures },
      },
    },
    async (request) => ({
      ok: 1 as const,
      data: await payments.readyForAuthentication(actorOf(request), request.params.id, viewerLocale(request)),
    }),
  );

  app.post(
    '/user/payments/:id/confirm',
    {
      schema: {
        tags,
        summary:
          'After authenticating: the provider is asked again and the payment completed (what it pays for delivered once); repeated, nothing more',
        security,
        params: idParams,
        response: { 200: okResponse(paymentDetailSchema), ...failures },
      },
    },
    async (request) => ({
      ok: 1 as const,
      data: await payments.confirmPayment(actorOf(request), request.params.id, viewerLocale(request)),
    }),
  );
}
