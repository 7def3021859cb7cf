import { Readable } from 'node:stream';
import { deliveryDetailSchema, deliveryFilterSchema, deliveryListQuerySchema, deliveryPageSchema, okResponse } from '@enlaza/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/actor.js';
import { routeDocs } from '../../platform/route-docs.js';
import type { CommunicationsService } from './service.js';

const { security, failures } = routeDocs({ auth: 'bearer', answers: [403, 404, 422] });
const tags = ['comunicaciones'];

/** Comunicaciones: the log of my outbound messages, filtered, paged, exported; one message as sent. */
export const communicationsRoutes: FastifyPluginAsyncZod<{ communications: CommunicationsService }> = async (app, { communications }) => {
  app.addHook('onRequest', app.authenticate('user'));

  app.get(
    '/comunicaciones',
    {
      schema: {
        tags,
        summary:
          'My outbound messages, newest first: filter by kind, status, date range (from inclusive, to exclusive) and recipient; keyset pages (pass meta.nextCursor as cursor)',
        security,
        querystring: deliveryListQuerySchema,
        response: { 200: deliveryPageSchema, ...failures },
      },
    },
    async (request) => {
      const { data, nextCursor } = await communications.list(actorOf(request), request.query);
      return { ok: 1 as const, data, meta: { nextCursor } };
    },
  );

  app.get(
    '/comunicaciones.csv',
    {
      schema: {
        tags,
        summary: 'The same filtered messages as CSV (streamed; UTF-8 with BOM)',
        security,
        querystring: deliveryFilterSchema,
        response: { 200: z.string(), ...failures },
      },
    },
    async (request, reply) => {
      const lines = communications.csv(actorOf(request), request.query);
      const file = `enlaza-comunicaciones-${new Date().toISOString().slice(0, 10)}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(lines) as unknown as string); // streamed; the schema only documents it
    },
  );

  app.get(
    '/comunicaciones/:id',
    {
      schema: {
        tags,
        summary: 'One outbound message with its body as sent (not for system emails, which carry secret links)',
        security,
        params: z.object({ id: z.uuid() }),
        response: { 200: okResponse(deliveryDetailSchema), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await communications.get(actorOf(request), request.params.id) }),
  );
};
