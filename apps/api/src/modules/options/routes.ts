import {
  aliasChangeBodySchema,
  deleteAccountBodySchema,
  notificationEmailsBodySchema,
  okResponse,
  userDataExportSchema,
  userOptionsSchema,
} from '@enlaza/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/actor.js';
import { originOf } from '../../lib/request-context.js';
import { routeDocs } from '../../platform/route-docs.js';
import type { OptionsService } from './service.js';

const { security, failures } = routeDocs({ auth: 'bearer', answers: [403, 409, 422] });
const optionsAnswer = okResponse(userOptionsSchema);

export const optionsRoutes: FastifyPluginAsyncZod<{ options: OptionsService }> = async (app, { options }) => {
  app.addHook('onRequest', app.authenticate('user'));

  app.get(
    '/options',
    { schema: { tags: ['options'], summary: 'Alias and notification emails', security, response: { 200: optionsAnswer, ...failures } } },
    async (request) => ({
      ok: 1 as const,
      data: await options.options(actorOf(request)),
    }),
  );

  app.put(
    '/options/alias',
    {
      schema: {
        tags: ['options'],
        summary: 'Change the public alias; the old one keeps redirecting',
        security,
        body: aliasChangeBodySchema,
        response: { 200: optionsAnswer, ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await options.changeAlias(actorOf(request), request.body.alias, originOf(request)) }),
  );

  app.put(
    '/options/notifications',
    {
      schema: {
        tags: ['options'],
        summary: 'Which notifications also come by email',
        security,
        body: notificationEmailsBodySchema,
        response: { 200: optionsAnswer, ...failures },
      },
    },
    async (request) => ({
      ok: 1 as const,
      data: await options.setNotificationEmails(actorOf(request), request.body.notificationEmails, originOf(request)),
    }),
  );

  app.get(
    '/options/export',
    {
      schema: {
        tags: ['options'],
        summary: 'Download all my data as JSON: one section per module (no password hash, secret or token)',
        security,
        response: { 200: userDataExportSchema, ...failures },
      },
    },
    async (request, reply) => {
      const data = await options.exportData(actorOf(request), originOf(request));
      void reply.header('content-disposition', `attachment; filename="enlaza-export-${new Date().toISOString().slice(0, 10)}.json"`);
      return data;
    },
  );

  app.post(
    '/options/delete-account',
    {
      schema: {
        tags: ['options'],
        summary: 'Delete my account (password required); signs out everywhere',
        security,
        body: deleteAccountBodySchema,
        response: { 200: okResponse(z.object({})), ...failures },
      },
    },
    async (request) => {
      await options.deleteAccount(actorOf(request), request.body.password, originOf(request));
      return { ok: 1 as const, data: {} };
    },
  );
};
