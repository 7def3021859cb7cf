import {
  okResponse,
  templateInputSchema,
  templateListQuerySchema,
  templateListSchema,
  templatePreviewBodySchema,
  templatePreviewSchema,
  templateSchema,
  templateTestSendSchema,
} from '@enlaza/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../lib/auth.js';
import { actorOf } from '../../platform/actor.js';
import { routeDocs } from '../../platform/route-docs.js';
import type { TemplatesService } from './service.js';

const { security, failures } = routeDocs({ auth: 'bearer', answers: [403, 404, 422] });
const tags = ['templates'];
const params = z.object({ id: z.uuid() });
const one = okResponse(templateSchema);

/** The signed-in account's address, name and alias. */
function me(request: Parameters<typeof actorOf>[0]) {
  const { user } = requireAuth(request);
  return { email: user.email, name: user.name, alias: user.alias };
}

/** Plantillas: the owner's email templates, their preview and a test send to oneself. Another user's template is 404. */
export const templateRoutes: FastifyPluginAsyncZod<{ templates: TemplatesService }> = async (app, { templates }) => {
  app.addHook('onRequest', app.authenticate('user'));

  app.get(
    '/templates',
    {
      schema: {
        tags,
        summary: 'My templates, most recently edited first; search in name and subject; keyset pages (pass meta.nextCursor as before)',
        security,
        querystring: templateListQuerySchema,
        response: { 200: templateListSchema, ...failures },
      },
    },
    async (request) => {
      const { data, nextCursor } = await templates.list(actorOf(request), request.query);
      return { ok: 1 as const, data, meta: { nextCursor } };
    },
  );

  app.post(
    '/templates',
    {
      schema: {
        tags,
        summary:
          'Create a template; the body is sanitised, its text part generated, and an unknown merge field refused (template.unknown_field)',
        security,
        body: templateInputSchema,
        response: { 201: one, ...failures },
      },
    },
    async (request, reply) => reply.code(201).send({ ok: 1 as const, data: await templates.create(actorOf(request), request.body) }),
  );

  app.post(
    '/templates/preview',
    {
      schema: {
        tags,
        summary:
          'Render a subject and body (saved or not) with sample values, as the email would be sent: the HTML document and its plain-text part',
        security,
        body: templatePreviewBodySchema,
        response: { 200: okResponse(templatePreviewSchema), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await templates.preview(actorOf(request), me(request), request.body) }),
  );

  app.get(
    '/templates/:id',
    { schema: { tags, summary: 'One of my templates', security, params, response: { 200: one, ...failures } } },
    async (request) => ({
      ok: 1 as const,
      data: await templates.get(actorOf(request), request.params.id),
    }),
  );

  app.put(
    '/templates/:id',
    {
      schema: {
        tags,
        summary: 'Replace a template’s name, subject and body',
        security,
        params,
        body: templateInputSchema,
        response: { 200: one, ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await templates.update(actorOf(request), request.params.id, request.body) }),
  );

  app.delete(
    '/templates/:id',
    {
      schema: {
        tags,
        summary: 'Move a template to the trash (restore it from the trash)',
        security,
        params,
        response: { 200: one, ...failures },
      },
    },
    async (request) => ({
      ok: 1 as const,
      data: await templates.trash(actorOf(request), request.params.id),
    }),
  );

  app.post(
    '/templates/:id/test',
    {
      schema: {
        tags,
        summary:
          'Send the saved template to my own address with sample values (a test delivery, counted in the monthly sends; 403 quota.sends when none are left)',
        security,
        params,
        response: { 200: okResponse(templateTestSendSchema), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await templates.sendTest(actorOf(request), me(request), request.params.id) }),
  );
};
