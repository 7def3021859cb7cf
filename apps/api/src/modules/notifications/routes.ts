import {
  notificationIdSchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationSchema,
  okResponse,
  unreadNotificationsSchema,
} from '@enlaza/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerToken } from '../../lib/auth.js';
import { AppError } from '../../lib/errors.js';
import { routeDocs } from '../../platform/route-docs.js';
import type { AuthService } from '../auth/index.js';
import { actorOf } from '../../platform/actor.js';
import type { NotificationsService } from './service.js';
import type { NotificationStreams } from './stream.js';

const { security, failures } = routeDocs({ auth: 'bearer', answers: [403, 404, 422] });
const tags = ['notifications'];

type Options = { notifications: NotificationsService; streams: NotificationStreams; auth: AuthService };

/** Notificaciones: list, unread count, mark read, and the live stream. Only the owner sees a notification (another user's is 404). */
export const notificationRoutes: FastifyPluginAsyncZod<Options> = async (app, { notifications, streams, auth }) => {
  app.addHook('onRequest', app.authenticate('user'));

  app.get(
    '/notifications',
    {
      schema: {
        tags,
        summary: 'My notifications, newest first, in keyset pages (pass meta.nextCursor as before)',
        security,
        querystring: notificationListQuerySchema,
        response: { 200: notificationListSchema, ...failures },
      },
    },
    async (request) => {
      const { data, nextCursor, unread } = await notifications.list(actorOf(request), request.query);
      return { ok: 1 as const, data, meta: { nextCursor, unread } };
    },
  );

  app.get(
    '/notifications/unread',
    {
      schema: {
        tags,
        summary: 'How many notifications are unread (the bell)',
        security,
        response: { 200: okResponse(unreadNotificationsSchema), ...failures },
      },
    },
    async (request) => ({
      ok: 1 as const,
      data: { unread: await notifications.unread(actorOf(request)) },
    }),
  );

  app.post(
    '/notifications/read-all',
    {
      schema: {
        tags,
        summary: 'Mark every notification read',
        security,
        response: { 200: okResponse(z.object({ affected: z.number() })), ...failures },
      },
    },
    async (request) => ({
      ok: 1 as const,
      data: await notifications.markAllRead(actorOf(request)),
    }),
  );

  app.post(
    '/notifications/:id/read',
    {
      schema: {
        tags,
        summary: 'Mark one notification read',
        security,
        params: z.object({ id: z.string().max(20) }),
        response: { 200: okResponse(notificationSchema), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await notifications.markRead(actorOf(request), request.params.id) }),
  );

  app.get(
    '/notifications/stream',
    {
      schema: {
        tags,
        summary:
          'Live notifications as server-sent events (text/event-stream). Send the bearer header (fetch-based; no token in the URL) and Last-Event-ID to resume: everything after that id comes first. Events: notification (id = notification id), unread.',
        security,
        headers: z.object({ 'last-event-id': notificationIdSchema.optional() }).loose(),
        // Written straight to the socket as text/event-stream (see platform/openapi.ts for its media type).
        response: { 200: z.string(), ...failures },
      },
    },
    async (request, reply) => {
      const header = request.headers['last-event-id'];
      const lastEventId = typeof header === 'string' && header !== '' ? Number(header) : null;
      if (lastEventId !== null && !Number.isSafeInteger(lastEventId)) throw new AppError('validation.failed');
      const actor = actorOf(request);
      const token = bearerToken(request) ?? '';
      reply.hijack();
      // Hijacked: an error here can no longer become a JSON answer, so the socket is closed (the browser retries).
      await streams
        .open(
          reply.raw,
          { userId: actor.id, locale: actor.locale, stillSignedIn: async () => (await auth.authenticate(token))?.user.id === actor.id },
          lastEventId,
        )
        .catch((error: unknown) => {
          request.log.error({ err: error }, 'notification stream could not open');
          reply.raw.destroy();
        });
    },
  );
};
