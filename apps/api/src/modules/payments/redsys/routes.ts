import { okResponse } from '@enlaza/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../lib/errors.js';
import { actorOf } from '../../../platform/actor.js';
import { errorResponses, routeDocs } from '../../../platform/route-docs.js';
import type { RedsysProvider } from '../providers/redsys.js';
import type { RedsysNotifications } from './notifications.js';

const signedFields = z.object({
  Ds_SignatureVersion: z.string().max(40).optional(),
  Ds_MerchantParameters: z.string().max(20_000).optional(),
  Ds_Signature: z.string().max(200).optional(),
});

/**
 * Redsys' two ways of telling a result, both signed with the terminal's key:
 *
 * - `POST /api/payments/redsys/notification`: Redsys' asynchronous notification (its "URL de
 *   notificación", DS_MERCHANT_MERCHANTURL), a form post with no session: the signature is the
 *   credential. A bad or missing signature is 400 and changes nothing; the same notification again is
 *   200 and changes nothing.
 * - `POST /api/payments/redsys/return`: the browser back on our URLOK/URLKO page passes on the signed
 *   parameters Redsys appended to it (the same result, often before the notification arrives). The
 *   signed-in customer's own operation only (another's: 404).
 */
export const redsysRoutes: FastifyPluginAsyncZod<{ notifications: RedsysNotifications; provider: RedsysProvider }> = async (
  app,
  { notifications, provider },
) => {
  // Redsys posts its notification as a form.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8')))),
  );

  app.post(
    '/payments/redsys/notification',
    {
      schema: {
        tags: ['public'],
        summary: 'Redsys posts the result of an operation (signed HMAC_SHA256_V1; the endpoint exists with PAYMENT_PROVIDER=redsys)',
        body: signedFields,
        response: { 200: okResponse(z.object({ received: z.literal(true), duplicate: z.boolean() })), ...errorResponses(400, 415) },
      },
    },
    async (request) => {
      const { duplicate } = await notifications.receive(request.body);
      return { ok: 1 as const, data: { received: true as const, duplicate } };
    },
  );

  const { security, failures } = routeDocs({ auth: 'bearer', answers: [400, 403, 404] });
  const own: FastifyPluginAsyncZod = async (own) => {
    own.addHook('onRequest', own.authenticate('user'));
    own.post(
      '/payments/redsys/return',
      {
        schema: {
          tags: ['payments'],
          summary: 'The browser back from Redsys’ page passes on the signed result Redsys appended to URLOK/URLKO',
          security,
          body: signedFields,
          response: {
            200: okResponse(
              z.object({
                kind: z.enum(['setup', 'payment']),
                ref: z.string(),
                status: z.enum(['pending', 'requires_action', 'succeeded', 'failed']),
              }),
            ),
            ...failures,
          },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        const result = notifications.verify(request.body);
        const rows = (await provider.rowsOfOrder(result.Ds_Order)).filter((r) => r.kind !== 'refund');
        const row = rows[rows.length - 1];
        if (!row || row.userId !== actor.id) throw new AppError('record.not_found');
        await notifications.receive(request.body);
        const now = (await provider.operation(row.id))!;
        return { ok: 1 as const, data: { kind: now.kind as 'setup' | 'payment', ref: now.id, status: now.status } };
      },
    );
  };
  await app.register(own);
};
