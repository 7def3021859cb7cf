import {
  createdScimTokenSchema,
  createScimTokenBodySchema,
  okResponse,
  scimOverviewSchema,
  scimSettingsBodySchema,
  scimTokenIdParamsSchema,
} from '@enlaza/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/actor.js';
import { routeDocs } from '../../platform/route-docs.js';
import type { ScimManagement } from './management.js';

const { security, failures } = routeDocs({ auth: 'bearer', answers: [400, 403, 404, 409] });
const tags = ['teams'];

/** The team's SCIM settings (docs/teams.md, "Provisioning with SCIM"): owner and admins read; the owner makes and revokes tokens. */
export const scimSettingsRoutes: FastifyPluginAsyncZod<{ management: ScimManagement }> = async (app, { management }) => {
  app.addHook('onRequest', app.authenticate('user'));

  app.get(
    '/team/scim',
    {
      schema: {
        tags,
        summary: 'The team’s SCIM provisioning: base URL, tokens, what deactivation does with a card, the last calls',
        security,
        response: { 200: okResponse(scimOverviewSchema), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await management.overview(actorOf(request)) }),
  );

  app.post(
    '/team/scim/tokens',
    {
      config: { sensitive: { change: 'scim_token_created' } },
      schema: {
        tags,
        summary: 'Create a SCIM token for the team’s identity provider (owner; fresh proof): the answer holds it, shown this once',
        security,
        body: createScimTokenBodySchema,
        response: { 201: okResponse(createdScimTokenSchema), ...failures },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ ok: 1 as const, data: await management.createToken(actorOf(request), request.body.name) }),
  );

  app.delete(
    '/team/scim/tokens/:id',
    {
      schema: {
        tags,
        summary: 'Revoke a SCIM token of the team at once (owner; another team’s: 404)',
        security,
        params: scimTokenIdParamsSchema,
        response: { 200: okResponse(z.object({})), ...failures },
      },
    },
    async (request) => {
      await management.revokeToken(actorOf(request), request.params.id);
      return { ok: 1 as const, data: {} };
    },
  );

  app.put(
    '/team/scim/settings',
    {
      schema: {
        tags,
        summary: 'What deactivating a member through SCIM does with their card: keep it at its link (unassigned) or retire it (owner)',
        security,
        body: scimSettingsBodySchema,
        response: { 200: okResponse(z.object({})), ...failures },
      },
    },
    async (request) => {
      await management.setCardOnDeactivation(actorOf(request), request.body.cardOnDeactivation);
      return { ok: 1 as const, data: {} };
    },
  );
};
