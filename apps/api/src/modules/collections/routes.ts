import { collectionBodySchema, collectionSchema, okResponse, profileKindSchema } from '@enlaza/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/actor.js';
import { routeDocs } from '../../platform/route-docs.js';
import type { CollectionsService, CollectionType } from './service.js';

export const collectionRoutes: FastifyPluginAsyncZod<{ type: CollectionType; service: CollectionsService }> = async (
  app,
  { type, service },
) => {
  app.addHook('onRequest', app.authenticate('user'));
  const tags = ['profiles'];
  const { security, failures } = routeDocs({ auth: 'bearer', answers: [403, 404, 409, 422] });
  const one = okResponse(collectionSchema);
  const params = z.object({ id: z.uuid() });
  const what = type === 'folders' ? 'folder' : 'label';

  app.get(
    `/${type}`,
    {
      schema: {
        tags,
        summary: `My ${type} for cards or tags, with how many profiles each holds`,
        security,
        querystring: z.object({ kind: profileKindSchema }),
        response: { 200: okResponse(z.array(collectionSchema)), ...failures },
      },
    },
    async (request) => ({
      ok: 1 as const,
      data: await service.list(actorOf(request).id, request.query.kind),
    }),
  );
  app.post(
    `/${type}`,
    { schema: { tags, summary: `Create a ${what}`, security, body: collectionBodySchema, response: { 201: one, ...failures } } },
    async (request, reply) => reply.status(201).send({ ok: 1 as const, data: await service.create(actorOf(request).id, request.body) }),
  );
  app.put(
    `/${type}/:id`,
    {
      schema: {
        tags,
        summary: `Rename or recolour a ${what}`,
        security,
        params,
        body: collectionBodySchema,
        response: { 200: one, ...failures },
      },
    },
    async (request) => ({
      ok: 1 as const,
      data: await service.update(actorOf(request).id, request.params.id, request.body),
    }),
  );
  app.delete(
    `/${type}/:id`,
    {
      schema: {
        tags,
        summary: `Delete a ${what} (its profiles stay)`,
        security,
        params,
        response: { 200: okResponse(z.object({})), ...failures },
      },
    },
    async (request) => {
      await service.remove(actorOf(request).id, request.params.id);
      return { ok: 1 as const, data: {} };
    },
  );
};
