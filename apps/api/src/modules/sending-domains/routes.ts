import {
  createSendingDomainBodySchema,
  okResponse,
  sendingDomainIdParamsSchema,
  sendingDomainSchema,
  updateSendingDomainBodySchema,
} from '@enlaza/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/actor.js';
import { routeDocs } from '../../platform/route-docs.js';
import type { SendingDomainsService } from './service.js';

const { security, failures } = routeDocs({ auth: 'bearer', answers: [400, 403, 404, 409, 422] });
const tags = ['campaigns'];

/** The owner's own sending domains (docs/sending.md, "Your own sending domain"). Another user's domain is 404. */
export const sendingDomainRoutes: FastifyPluginAsyncZod<{ domains: SendingDomainsService }> = async (app, { domains }) => {
  app.addHook('onRequest', app.authenticate('user'));
  const idParams = sendingDomainIdParamsSchema;

  app.get(
    '/sending-domains',
    {
      schema: {
        tags,
        summary: 'My sending domains, oldest first',
        security,
        response: { 200: okResponse(z.array(sendingDomainSchema)), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await domains.list(actorOf(request)) }),
  );

  app.post(
    '/sending-domains',
    {
      schema: {
        tags,
        summary: 'Add a domain (at most 5): its DKIM key is made, and the DNS records to publish are in the answer',
        security,
        body: createSendingDomainBodySchema,
        response: { 200: okResponse(sendingDomainSchema), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await domains.create(actorOf(request), request.body) }),
  );

  app.patch(
    '/sending-domains/:id',
    {
      schema: {
        tags,
        summary: 'Change the address before the @, or choose the domain campaigns come from (verified domains only)',
        security,
        params: idParams,
        body: updateSendingDomainBodySchema,
        response: { 200: okResponse(sendingDomainSchema), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await domains.update(actorOf(request), request.params.id, request.body) }),
  );

  app.post(
    '/sending-domains/:id/check',
    {
      schema: {
        tags,
        summary: 'Read the domain’s DNS records now: verified when the DKIM and DMARC records are found',
        security,
        params: idParams,
        response: { 200: okResponse(sendingDomainSchema), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await domains.check(actorOf(request), request.params.id) }),
  );

  app.delete(
    '/sending-domains/:id',
    {
      schema: {
        tags,
        summary: 'Delete a domain and its key (campaigns go out “via Enlaza” again)',
        security,
        params: idParams,
        response: { 200: okResponse(z.object({})), ...failures },
      },
    },
    async (request) => {
      await domains.remove(actorOf(request), request.params.id);
      return { ok: 1 as const, data: {} };
    },
  );
};
