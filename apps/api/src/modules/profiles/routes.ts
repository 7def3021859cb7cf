import {
  bulkProfilesBodySchema,
  okResponse,
  profileInputSchema,
  profileKindSchema,
  profileListQuerySchema,
  profileListSchema,
  profileSchema,
} from '@enlaza/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/actor.js';
import { routeDocs } from '../../platform/route-docs.js';
import type { ProfilesService } from './service.js';

const { security, failures } = routeDocs({ auth: 'bearer', answers: [403, 404, 409, 422] });
const tags = ['profiles'];
const params = z.object({ id: z.uuid() });

export const profileRoutes: FastifyPluginAsyncZod<{ profiles: ProfilesService }> = async (app, { profiles }) => {
  app.addHook('onRequest', app.authenticate('user'));

  app.get(
    '/profiles',
    {
      schema: {
        tags,
        summary: 'My cards or tags: search, folder and label filters, sorting, pages',
        security,
        querystring: profileListQuerySchema,
        response: { 200: profileListSchema, ...failures },
      },
    },
    async (request) => ({
      ok: 1 as const,
      ...(await profiles.list(actorOf(request), request.query)),
    }),
  );

  app.get(
    '/profiles/:id',
    { schema: { tags, summary: 'One of my cards or tags', security, params, response: { 200: okResponse(profileSchema), ...failures } } },
    async (request) => ({
      ok: 1 as const,
      data: await profiles.get(actorOf(request), request.params.id),
    }),
  );

  app.post(
    '/profiles',
    {
      schema: {
        tags,
        summary: 'Create a card or a tag (within the plan quota)',
        security,
        body: profileInputSchema,
        response: { 201: okResponse(profileSchema), ...failures },
      },
    },
    async (request, reply) => reply.status(201).send({ ok: 1 as const, data: await profiles.create(actorOf(request), request.body) }),
  );

  app.put(
    '/profiles/:id',
    {
      schema: {
        tags,
        summary: 'Replace a card or a tag',
        security,
        params,
        body: profileInputSchema,
        response: { 200: okResponse(profileSchema), ...failures },
      },
    },
    async (request) => ({
      ok: 1 as const,
      data: await profiles.update(actorOf(request), request.params.id, request.body),
    }),
  );

  app.post(
    '/profiles/bulk',
    {
      schema: {
        tags,
        summary: 'Move to a folder, add or remove a label, or send to the trash, several at once',
        security,
        querystring: z.object({ kind: profileKindSchema }),
        body: bulkProfilesBodySchema,
        response: { 200: okResponse(z.object({ affected: z.number() })), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await profiles.bulk(actorOf(request), request.query.kind, request.body) }),
  );
};
