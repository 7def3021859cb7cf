import { okResponse } from '@enlaza/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../platform/route-docs.js';
import type { StripeWebhookEvents } from './webhook-events.js';

const answer = okResponse(z.object({ received: z.literal(true), duplicate: z.boolean() }));

/**
 * `POST /api/payments/stripe/webhook`: Stripe's events (no session; the Stripe-Signature header is
 * the credential). The body is kept as received, since the signature covers its exact bytes. A bad
 * or missing signature is 400 and changes nothing; an event already received is 200 again (Stripe
 * stops resending it) and changes nothing.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<{ events: Pick<StripeWebhookEvents, 'receive'> }> = async (app, { events }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.post(
    '/payments/stripe/webhook',
    {
      schema: {
        tags: ['public'],
        summary: 'Stripe posts its events (Stripe-Signature; the endpoint exists with PAYMENT_PROVIDER=stripe)',
        response: { 200: answer, ...errorResponses(400, 415) },
      },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      const rawBody = typeof request.body === 'string' ? request.body : '';
      return {
        ok: 1 as const,
        data: { received: true as const, ...(await events.receive(rawBody, typeof signature === 'string' ? signature : undefined)) },
      };
    },
  );
};
