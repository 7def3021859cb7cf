import {
  contactFieldCreateBodySchema,
  contactFieldSchema,
  contactFieldUpdateBodySchema,
  okResponse,
  personFieldsBodySchema,
  personFieldsQuerySchema,
  personFieldsSchema,
  segmentBodySchema,
  segmentCountBodySchema,
  segmentCountSchema,
  segmentSchema,
  segmentUpdateBodySchema,
} from '@enlaza/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/actor.js';
import { routeDocs } from '../../platform/route-docs.js';
import type { ContactFields } from './fields.js';
import type { Segments } from './segments.js';

const { security, failures } = routeDocs({ auth: 'bearer', answers: [403, 404, 409, 422] });
const tags = ['audience'];
const idParams = z.object({ id: z.uuid() });
const done = okResponse(z.object({ deleted: z.literal(true) }));

/** Contact fields and their values, and segments (under Audiencia). Another user's field or segment is 404. */
export const segmentRoutes: FastifyPluginAsyncZod<{ fields: ContactFields; segments: Segments }> = async (app, { fields, segments }) => {
  app.addHook('onRequest', app.authenticate('user'));
  registerFieldRoutes(app, fields);
  registerSegmentRoutes(app, segments);
};

/** The app as a route plugin gets it (typed by the contracts' zod schemas). */
type App = Parameters<FastifyPluginAsyncZod>[0];

function registerFieldRoutes(app: App, fields: ContactFields): void {
  app.get(
    '/audience/fields',
    {
      schema: {
        tags,
        summary: 'My contact fields in their order, with how many addresses have a value',
        security,
        response: { 200: okResponse(z.array(contactFieldSchema)), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await fields.list(actorOf(request)) }),
  );
  app.post(
    '/audience/fields',
    {
      schema: {
        tags,
        summary: 'Add a contact field (text, number, date or choice; its type cannot change later)',
        security,
        body: contactFieldCreateBodySchema,
        response: { 201: okResponse(contactFieldSchema), ...failures },
      },
    },
    async (request, reply) => reply.code(201).send({ ok: 1 as const, data: await fields.create(actorOf(request), request.body) }),
  );
  app.patch(
    '/audience/fields/:id',
    {
      schema: {
        tags,
        summary: 'Rename a contact field, change its choices, or show it on my contact forms',
        security,
        params: idParams,
        body: contactFieldUpdateBodySchema,
        response: { 200: okResponse(contactFieldSchema), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await fields.update(actorOf(request), request.params.id, request.body) }),
  );
  app.delete(
    '/audience/fields/:id',
    {
      schema: {
        tags,
        summary: 'Delete a contact field and its values (refused while a segment uses it)',
        security,
        params: idParams,
        response: { 200: done, ...failures },
      },
    },
    async (request) => {
      await fields.remove(actorOf(request), request.params.id);
      return { ok: 1 as const, data: { deleted: true as const } };
    },
  );
  app.get(
    '/audience/fields/values',
    {
      schema: {
        tags,
        summary: "An address's contact field values, by field id",
        security,
        querystring: personFieldsQuerySchema,
        response: { 200: okResponse(personFieldsSchema), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await fields.values(actorOf(request), request.query.email) }),
  );
  app.put(
    '/audience/fields/values',
    {
      schema: {
        tags,
        summary:
          "Set an address's contact field values (null clears one; fields not named keep theirs); the address must be a visitor who consented or a contact of my lists",
        security,
        body: personFieldsBodySchema,
        response: { 200: okResponse(personFieldsSchema), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await fields.setValues(actorOf(request), request.body.email, request.body.values) }),
  );
}

function registerSegmentRoutes(app: App, segments: Segments): void {
  app.get(
    '/audience/segments',
    {
      schema: { tags, summary: 'My segments, by name', security, response: { 200: okResponse(z.array(segmentSchema)), ...failures } },
    },
    async (request) => ({ ok: 1 as const, data: await segments.list(actorOf(request)) }),
  );
  app.post(
    '/audience/segments',
    {
      schema: {
        tags,
        summary: 'Save a segment: groups of conditions on fields, engagement, lists, cards and tags, and the consent date',
        security,
        body: segmentBodySchema,
        response: { 201: okResponse(segmentSchema), ...failures },
      },
    },
    async (request, reply) => reply.code(201).send({ ok: 1 as const, data: await segments.create(actorOf(request), request.body) }),
  );
  app.post(
    '/audience/segments/count',
    {
      schema: {
        tags,
        summary: 'How many people a rule selects now (the live count while building a segment; suppressed addresses left out)',
        security,
        body: segmentCountBodySchema,
        response: { 200: okResponse(segmentCountSchema), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await segments.count(actorOf(request), request.body.rule) }),
  );
  app.get(
    '/audience/segments/:id',
    {
      schema: {
        tags,
        summary: 'One of my segments',
        security,
        params: idParams,
        response: { 200: okResponse(segmentSchema), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await segments.get(actorOf(request), request.params.id) }),
  );
  app.get(
    '/audience/segments/:id/count',
    {
      schema: {
        tags,
        summary: 'How many people a saved segment selects now',
        security,
        params: idParams,
        response: { 200: okResponse(segmentCountSchema), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await segments.countOf(actorOf(request), request.params.id) }),
  );
  app.patch(
    '/audience/segments/:id',
    {
      schema: {
        tags,
        summary: 'Rename a segment or change its rule (campaigns and steps that send to it use the new rule from then on)',
        security,
        params: idParams,
        body: segmentUpdateBodySchema,
        response: { 200: okResponse(segmentSchema), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await segments.update(actorOf(request), request.params.id, request.body) }),
  );
  app.delete(
    '/audience/segments/:id',
    {
      schema: {
        tags,
        summary: 'Delete a segment (refused while an automation step sends to it)',
        security,
        params: idParams,
        response: { 200: done, ...failures },
      },
    },
    async (request) => {
      await segments.remove(actorOf(request), request.params.id);
      return { ok: 1 as const, data: { deleted: true as const } };
    },
  );
}
