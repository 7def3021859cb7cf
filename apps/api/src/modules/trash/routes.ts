import {
  okResponse,
  trashCountSchema,
  trashEmptyQuerySchema,
  trashItemParamsSchema,
  trashListQuerySchema,
  trashListSchema,
} from '@enlaza/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { originOf } from '../../lib/request-context.js';
import { actorOf } from '../../platform/actor.js';
import { routeDocs } from '../../platform/route-docs.js';
import type { TrashService } from './service.js';

const { security, failures } = routeDocs({ auth: 'bearer', answers: [403, 404, 422] });
const tags = ['trash'];

export const trashRoutes: FastifyPluginAsyncZod<{ trash: TrashService }> = async (app, { trash }) => {
  app.addHook('onRequest', app.authenticate('user'));

  app.get(
    '/trash',
    {
      schema: {
        tags,
        summary: 'My soft-deleted cards, tags, messages and files, newest deletion first (keyset pages)',
        security,
        querystring: trashListQuerySchema,
        response: { 200: trashListSchema, ...failures },
      },
    },
    async (request) => ({
      ok: 1 as const,
      ...(await trash.list(actorOf(request), request.query)),
    }),
  );

  app.post(
    '/trash/:kind/:id/restore',
    {
      schema: {
        tags,
        summary: 'Bring an item back (refused when it would exceed the plan quota)',
        security,
        params: trashItemParamsSchema,
        response: { 200: okResponse(z.object({ kind: z.string(), id: z.string() })), ...failures },
      },
    },
    async (request) => {
      await trash.restore(actorOf(request), request.params.kind, request.params.id, originOf(request));
      return { ok: 1 as const, data: { kind: request.params.kind, id: request.params.id } };
    },
  );

  app.delete(
    '/trash/:kind/:id',
    {
      schema: {
        tags,
        summary: 'Delete an item for good (a file’s bytes too)',
        security,
        params: trashItemParamsSchema,
        response: { 200: okResponse(trashCountSchema), ...failures },
      },
    },
    async (request) => ({
      ok: 1 as const,
      data: await trash.deleteForever(actorOf(request), request.params.kind, request.params.id),
    }),
  );

  app.delete(
    '/trash',
    {
      schema: {
        tags,
        summary: 'Empty the trash (or only one kind of it)',
        security,
        querystring: trashEmptyQuerySchema,
        response: { 200: okResponse(trashCountSchema), ...failures },
      },
    },
    async (request) => ({
      ok: 1 as const,
      data: await trash.empty(actorOf(request), request.query.kind),
    }),
  );
};
