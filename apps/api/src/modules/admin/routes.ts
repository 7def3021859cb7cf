import { adminUserDetailSchema, adminUsersPageSchema, adminUsersQuerySchema, createAdminBodySchema, okResponse } from '@enlaza/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/actor.js';
import { viewerLocale } from '../../lib/catalogue-names.js';
import { originOf } from '../../lib/request-context.js';
import { routeDocs } from '../../platform/route-docs.js';
import type { AdminService } from './service.js';

const { security, failures } = routeDocs({ auth: 'bearer', answers: [403, 404, 409, 422] });
const idParams = z.object({ id: z.uuid() });
const detail = okResponse(adminUserDetailSchema);

export const adminRoutes: FastifyPluginAsyncZod<{ admin: AdminService }> = async (app, { admin }) => {
  app.addHook('onRequest', app.authenticate('admin'));
  const tags = ['admin'];

  for (const [path, role] of [
    ['/admin/users', 'user'],
    ['/admin/admins', 'admin'],
  ] as const) {
    app.get(
      path,
      {
        schema: {
          tags,
          summary: `List ${role}s: search, filters, sorting, bounded pages`,
          security,
          querystring: adminUsersQuerySchema,
          response: { 200: adminUsersPageSchema, ...failures },
        },
      },
      async (request) => ({
        ok: 1 as const,
        ...(await admin.listUsers(role, request.query, viewerLocale(request))),
      }),
    );
  }

  app.get(
    '/admin/users/:id',
    { schema: { tags, summary: 'A customer: profiles, subscription', security, params: idParams, response: { 200: detail, ...failures } } },
    async (request) => ({
      ok: 1 as const,
      data: await admin.userDetail(request.params.id, viewerLocale(request)),
    }),
  );

  const actions = [
    ['suspend', 'Suspend (ends their sessions at once)'],
    ['reactivate', 'Reactivate a suspended customer'],
    ['verify', 'Verify the email by hand'],
  ] as const;
  for (const [action, summary] of actions) {
    app.post(
      `/admin/users/:id/${action}`,
      { schema: { tags, summary, security, params: idParams, response: { 200: detail, ...failures } } },
      async (request) => ({
        ok: 1 as const,
        data: await admin[action](actorOf(request), request.params.id, originOf(request), viewerLocale(request)),
      }),
    );
  }

  app.post(
    '/admin/users/:id/send-reset',
    {
      schema: {
        tags,
        summary: 'Email the customer a password reset link',
        security,
        params: idParams,
        response: { 200: okResponse(z.object({})), ...failures },
      },
    },
    async (request) => {
      await admin.sendReset(actorOf(request), request.params.id, originOf(request));
      return { ok: 1 as const, data: {} };
    },
  );

  app.post(
    '/admin/admins',
    {
      schema: {
        tags,
        summary: 'Create an admin; they choose a password from the emailed link',
        security,
        body: createAdminBodySchema,
        response: { 201: detail, ...failures },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ ok: 1 as const, data: await admin.createAdmin(actorOf(request), request.body, originOf(request)) }),
  );

  app.post(
    '/admin/admins/:id/disable',
    {
      schema: {
        tags,
        summary: 'Disable an admin (never oneself, never the last one)',
        security,
        params: idParams,
        response: { 200: detail, ...failures },
      },
    },
    async (request) => ({
      ok: 1 as const,
      data: await admin.disableAdmin(actorOf(request), request.params.id, originOf(request)),
    }),
  );

  app.post(
    '/admin/admins/:id/enable',
    { schema: { tags, summary: 'Enable a disabled admin', security, params: idParams, response: { 200: detail, ...failures } } },
    async (request) => ({
      ok: 1 as const,
      data: await admin.enableAdmin(actorOf(request), request.params.id, originOf(request)),
    }),
  );
};
