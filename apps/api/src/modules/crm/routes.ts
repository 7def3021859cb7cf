import {
  crmCallbackBodySchema,
  crmConnectAnswerSchema,
  crmConnectBodySchema,
  crmConnectionParamsSchema,
  crmConnectionSchema,
  crmOverviewSchema,
  crmSyncSchema,
  okResponse,
} from '@enlaza/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../lib/auth.js';
import { actorOf } from '../../platform/actor.js';
import { routeDocs } from '../../platform/route-docs.js';
import type { CrmService } from './service.js';

const { security, failures } = routeDocs({ auth: 'bearer', answers: [400, 403, 404, 409, 422] });
const tags = ['crm'];

/** CRM connections and their sync log (docs/teams.md, "Leads into your CRM"). Another user's connection is 404. */
export const crmRoutes: FastifyPluginAsyncZod<{ crm: CrmService }> = async (app, { crm }) => {
  app.addHook('onRequest', app.authenticate('user'));
  const params = crmConnectionParamsSchema;

  app.get(
    '/crm',
    {
      schema: {
        tags,
        summary: 'The CRMs this server can connect, and my connections (my own and, as its owner, my team’s)',
        security,
        response: { 200: okResponse(crmOverviewSchema), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await crm.overview(actorOf(request)) }),
  );

  app.post(
    '/crm/connect',
    {
      // The proof is asked here, before the round trip to the vendor; the owner is emailed when it is connected.
      config: { sensitive: { change: null } },
      schema: {
        tags,
        summary: 'Start connecting HubSpot or Salesforce, for my cards or my team’s: the vendor’s consent page to open',
        security,
        body: crmConnectBodySchema,
        response: { 200: okResponse(crmConnectAnswerSchema), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await crm.connect(actorOf(request), requireAuth(request).sessionId, request.body) }),
  );

  app.post(
    '/crm/callback',
    {
      config: { sensitive: { change: 'crm_connected' } },
      schema: {
        tags,
        summary: 'Finish connecting with the code and state the vendor sent back (the session that started must finish)',
        security,
        body: crmCallbackBodySchema,
        response: { 200: okResponse(crmConnectionSchema), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await crm.finish(actorOf(request), requireAuth(request).sessionId, request.body) }),
  );

  app.delete(
    '/crm/connections/:id',
    {
      config: { sensitive: { change: 'crm_disconnected' } },
      schema: {
        tags,
        summary: 'Disconnect a CRM: its token is revoked at the vendor and its sync log removed',
        security,
        params,
        response: { 200: okResponse(z.object({})), ...failures },
      },
    },
    async (request) => {
      await crm.disconnect(actorOf(request), request.params.id);
      return { ok: 1 as const, data: {} };
    },
  );

  app.get(
    '/crm/connections/:id/syncs',
    {
      schema: {
        tags,
        summary: 'A connection’s sync log: its latest 50 leads, with their status, attempts, errors and CRM links',
        security,
        params,
        response: { 200: okResponse(z.array(crmSyncSchema)), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await crm.syncs(actorOf(request), request.params.id) }),
  );
};
