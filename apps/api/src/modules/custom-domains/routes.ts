import {
  createCustomDomainBodySchema,
  customDomainIdParamsSchema,
  customDomainListSchema,
  customDomainSchema,
  okResponse,
} from '@enlaza/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/actor.js';
import { AppError } from '../../lib/errors.js';
import { routeDocs } from '../../platform/route-docs.js';
import type { CustomDomainsService } from './service.js';

const { security, failures } = routeDocs({ auth: 'bearer', answers: [400, 403, 404, 409, 422] });
const publicDocs = routeDocs({ auth: 'public', answers: [400, 404] });
const tags = ['profiles'];

/** The owner's custom domains (docs/custom-domains.md). Another user's domain is 404. */
export const customDomainRoutes: FastifyPluginAsyncZod<{ domains: CustomDomainsService }> = async (app, { domains }) => {
  app.addHook('onRequest', app.authenticate('user'));
  const params = customDomainIdParamsSchema;

  app.get(
    '/custom-domains',
    {
      schema: {
        tags,
        summary: 'My custom domains and how many my plan allows',
        security,
        response: { 200: okResponse(customDomainListSchema), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await domains.list(actorOf(request)) }),
  );

  app.post(
    '/custom-domains',
    {
      schema: {
        tags,
        summary: 'Add a domain for one of my cards or tags, or for the team I own: the two DNS records to publish are in the answer',
        security,
        body: createCustomDomainBodySchema,
        response: { 200: okResponse(customDomainSchema), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await domains.create(actorOf(request), request.body) }),
  );

  app.post(
    '/custom-domains/:id/check',
    {
      schema: {
        tags,
        summary: 'Read the domain’s records now: verified (and served) when both are found',
        security,
        params,
        response: { 200: okResponse(customDomainSchema), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await domains.check(actorOf(request), request.params.id) }),
  );

  app.delete(
    '/custom-domains/:id',
    {
      schema: {
        tags,
        summary: 'Remove a domain (it stops serving at once)',
        security,
        params,
        response: { 200: okResponse(z.object({})), ...failures },
      },
    },
    async (request) => {
      await domains.remove(actorOf(request), request.params.id);
      return { ok: 1 as const, data: {} };
    },
  );
};

/**
 * Caddy's on-demand TLS "ask" (docs/custom-domains.md): 200 for a verified custom domain, 404 for
 * any other name, so Caddy asks a certificate authority only for hosts an owner proved. No session.
 */
export const customDomainAskRoute: FastifyPluginAsyncZod<{ domains: CustomDomainsService }> = async (app, { domains }) => {
  app.get(
    '/custom-domains/allowed',
    {
      schema: {
        tags: ['profiles'],
        summary: 'Whether a TLS certificate may be obtained for this host (Caddy on_demand_tls ask)',
        security: publicDocs.security,
        querystring: z.object({ domain: z.string().max(253) }),
        response: { 200: okResponse(z.object({})), ...publicDocs.failures },
      },
    },
    async (request) => {
      const target = await domains.targetOf(request.query.domain.trim().toLowerCase());
      if (!target) throw new AppError('request.not_found');
      return { ok: 1 as const, data: {} };
    },
  );
};
