import {
  okResponse,
  SMTP_RELAYS_MAX,
  smtpRelayBodySchema,
  smtpRelayIdParamsSchema,
  smtpRelaySchema,
  smtpRelayTestSchema,
  updateSmtpRelayBodySchema,
} from '@enlaza/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { originOf } from '../../lib/request-context.js';
import { actorOf } from '../../platform/actor.js';
import { routeDocs } from '../../platform/route-docs.js';
import type { SmtpRelaysService } from './service.js';

const { security, failures } = routeDocs({ auth: 'bearer', answers: [403, 404, 409, 422] });
const tags = ['admin'];
const params = smtpRelayIdParamsSchema;

/** A change of where campaign mail goes or how we sign in there (not a name, a rate, or on/off). */
const CONNECTION_FIELDS = ['host', 'port', 'secure', 'user', 'password'] as const;
/** Who changes the servers and from where, for the admin history. */
const by = (request: FastifyRequest) => ({ actor: actorOf(request), origin: originOf(request) });
const changesConnection = (request: FastifyRequest) => {
  const body = request.body as Record<string, unknown> | undefined;
  return CONNECTION_FIELDS.some((field) => body?.[field] !== undefined);
};

/**
 * The admin's SMTP servers for campaigns and automations. Adding one, changing where one is or how
 * we sign in there, and deleting one are sensitive (a fresh proof, the admin told by email): a
 * stolen admin session must not be enough to route every campaign email through another server.
 */
export const smtpRelayRoutes: FastifyPluginAsyncZod<{ relays: SmtpRelaysService }> = async (app, { relays }) => {
  app.addHook('onRequest', app.authenticate('admin'));

  app.get(
    '/admin/smtp-relays',
    {
      schema: {
        tags,
        summary: 'The SMTP servers campaigns go out through, oldest first (passwords never shown: `hasPassword`)',
        security,
        response: { 200: okResponse(z.array(smtpRelaySchema)), ...failures },
      },
    },
    async () => ({ ok: 1 as const, data: await relays.list() }),
  );

  app.post(
    '/admin/smtp-relays',
    {
      config: { sensitive: { change: 'smtp_relay_added' } },
      schema: {
        tags,
        summary: `Add an SMTP server (at most ${SMTP_RELAYS_MAX}), with its own rate limit`,
        security,
        body: smtpRelayBodySchema,
        response: { 201: okResponse(smtpRelaySchema), ...failures },
      },
    },
    async (request, reply) => reply.status(201).send({ ok: 1 as const, data: await relays.create(by(request), request.body) }),
  );

  app.patch(
    '/admin/smtp-relays/:id',
    {
      config: { sensitive: { change: 'smtp_relay_changed', when: changesConnection } },
      schema: {
        tags,
        summary: 'Change an SMTP server: only the fields sent (no password: the saved one stays; an empty one removes it)',
        security,
        params,
        body: updateSmtpRelayBodySchema,
        response: { 200: okResponse(smtpRelaySchema), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await relays.update(by(request), request.params.id, request.body) }),
  );

  app.delete(
    '/admin/smtp-relays/:id',
    {
      config: { sensitive: { change: 'smtp_relay_deleted' } },
      schema: { tags, summary: 'Delete an SMTP server', security, params, response: { 200: okResponse(z.object({})), ...failures } },
    },
    async (request) => {
      await relays.remove(by(request), request.params.id);
      return { ok: 1 as const, data: {} };
    },
  );

  app.post(
    '/admin/smtp-relays/:id/test',
    {
      schema: {
        tags,
        summary: 'Connect to the SMTP server and sign in (10 s at most): whether it worked, in the server’s own words',
        security,
        params,
        response: { 200: okResponse(smtpRelayTestSchema), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await relays.test(request.params.id) }),
  );
};
