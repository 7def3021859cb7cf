import { Readable } from 'node:stream';
import {
  contactMessageBodySchema,
  contactMessageResultSchema,
  messageBulkBodySchema,
  messageListQuerySchema,
  messageListSchema,
  messageReplyBodySchema,
  messageSchema,
  messageUpdateBodySchema,
  okResponse,
  unreadCountsSchema,
} from '@enlaza/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/actor.js';
import { localeFromHeader } from '../../lib/i18n.js';
import { errorResponses, routeDocs } from '../../platform/route-docs.js';
import type { MailboxService } from './service.js';

const { security, failures } = routeDocs({ auth: 'bearer', answers: [403, 404, 422] });
const tags = ['mailbox'];
const profileParams = z.object({ profileId: z.uuid() });
const messageParams = z.object({ id: z.uuid() });
const messageAnswer = okResponse(messageSchema);

/** The contact form of the public page: anonymous, CSRF-protected (lib/csrf.ts: Fetch Metadata `same-origin`, or the token), rate-limited. */
export const contactFormRoutes: FastifyPluginAsyncZod<{ mailbox: MailboxService }> = async (app, { mailbox }) => {
  app.post(
    '/public/link/:alias/:profileId/messages',
    {
      config: { csrf: 'same-origin' },
      schema: {
        tags: ['public'],
        summary: 'Write to the owner of a card or tag (contact form). A filled honeypot answers the same and stores nothing.',
        params: z.object({ alias: z.string().min(1).max(60), profileId: z.uuid() }),
        body: contactMessageBodySchema,
        response: { 201: okResponse(contactMessageResultSchema), ...errorResponses(403, 404, 422, 429) },
      },
    },
    async (request, reply) => {
      const { confirmation } = await mailbox.submit(request.params.alias, request.params.profileId, request.body, {
        address: request.ip || null,
        locale: localeFromHeader(request.headers['accept-language']),
        acceptLanguage: request.headers['accept-language'],
      });
      return reply.status(201).send({ ok: 1 as const, data: { received: true as const, confirmation } });
    },
  );
};

type App = Parameters<FastifyPluginAsyncZod>[0];

/** The badge's counts and a profile's messages: listed, exported as CSV, changed several at once. */
function registerProfileMessages(app: App, mailbox: MailboxService): void {
  app.get(
    '/mailbox/unread',
    {
      schema: {
        tags,
        summary: 'Unread messages per profile, for the navigation badge',
        security,
        response: { 200: okResponse(unreadCountsSchema), ...failures },
      },
    },
    async (request) => ({
      ok: 1 as const,
      data: await mailbox.unreadCounts(actorOf(request).id),
    }),
  );

  app.get(
    '/mailbox/:profileId/messages',
    {
      schema: {
        tags,
        summary: 'Messages of one profile: folder, unread filter, search; keyset pages newest first',
        security,
        params: profileParams,
        querystring: messageListQuerySchema,
        response: { 200: messageListSchema, ...failures },
      },
    },
    async (request) => {
      const { data, nextCursor, counts } = await mailbox.list(actorOf(request), request.params.profileId, request.query);
      return { ok: 1 as const, data, meta: counts ? { nextCursor, counts } : { nextCursor } };
    },
  );

  app.get(
    '/mailbox/:profileId/messages.csv',
    {
      schema: {
        tags,
        summary: 'Every message of the profile not in the trash, as CSV',
        security,
        params: profileParams,
        response: { 200: z.string(), ...failures },
      },
    },
    async (request, reply) => {
      const lines = await mailbox.csv(actorOf(request), request.params.profileId);
      const file = `enlaza-messages-${new Date().toISOString().slice(0, 10)}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(lines) as unknown as string); // streamed; the schema only documents it
    },
  );

  app.post(
    '/mailbox/:profileId/messages/bulk',
    {
      schema: {
        tags,
        summary: 'Mark read or unread, star, archive, trash or restore several messages',
        security,
        params: profileParams,
        body: messageBulkBodySchema,
        response: { 200: okResponse(z.object({ affected: z.number() })), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await mailbox.bulk(actorOf(request), request.params.profileId, request.body) }),
  );
}

/** One message: read, marked, trashed and restored, answered by email. */
function registerMessage(app: App, mailbox: MailboxService): void {
  app.get(
    '/mailbox/messages/:id',
    { schema: { tags, summary: 'One message', security, params: messageParams, response: { 200: messageAnswer, ...failures } } },
    async (request) => ({
      ok: 1 as const,
      data: await mailbox.get(actorOf(request), request.params.id),
    }),
  );

  app.patch(
    '/mailbox/messages/:id',
    {
      schema: {
        tags,
        summary: 'Mark read or unread, star, archive',
        security,
        params: messageParams,
        body: messageUpdateBodySchema,
        response: { 200: messageAnswer, ...failures },
      },
    },
    async (request) => ({
      ok: 1 as const,
      data: await mailbox.update(actorOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/mailbox/messages/:id',
    {
      schema: {
        tags,
        summary: 'Move a message to the trash (restorable)',
        security,
        params: messageParams,
        response: { 200: messageAnswer, ...failures },
      },
    },
    async (request) => ({
      ok: 1 as const,
      data: await mailbox.remove(actorOf(request), request.params.id),
    }),
  );

  app.post(
    '/mailbox/messages/:id/restore',
    {
      schema: {
        tags,
        summary: 'Take a message out of the trash',
        security,
        params: messageParams,
        response: { 200: messageAnswer, ...failures },
      },
    },
    async (request) => ({
      ok: 1 as const,
      data: await mailbox.restore(actorOf(request), request.params.id),
    }),
  );

  app.post(
    '/mailbox/messages/:id/reply',
    {
      schema: {
        tags,
        summary: 'Reply to the sender by email (Reply-To: you); counts against the monthly sends',
        security,
        params: messageParams,
        body: messageReplyBodySchema,
        response: { 200: messageAnswer, ...failures, ...errorResponses(502) },
      },
    },
    async (request) => ({ ok: 1 as const, data: await mailbox.reply(actorOf(request), request.params.id, request.body) }),
  );
}

/** The owner's mailbox (buzón). Every route resolves ownership in the service: another user's profile or message is 404. */
export const mailboxRoutes: FastifyPluginAsyncZod<{ mailbox: MailboxService }> = async (app, { mailbox }) => {
  app.addHook('onRequest', app.authenticate('user'));
  registerProfileMessages(app, mailbox);
  registerMessage(app, mailbox);
};
