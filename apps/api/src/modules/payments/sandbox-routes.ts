import { okResponse, sandboxAuthenticateSchema, sandboxConfirmSetupSchema } from '@enlaza/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.js';
import { actorOf } from '../../platform/actor.js';
import { routeDocs } from '../../platform/route-docs.js';
import type { SandboxProvider } from './provider.js';

const { security, failures } = routeDocs({ auth: 'bearer', answers: [403, 404, 422] });
const tags = ['payments'];

/**
 * The sandbox provider's own pages, standing for a real provider's component and the card issuer's
 * 3-D Secure page: registered only when the sandbox is the provider. They take a test method's id,
 * never a number, and act only on the signed-in customer's own setup or payment (another's: 404).
 */
export const sandboxRoutes: FastifyPluginAsyncZod<{ sandbox: SandboxProvider }> = async (app, { sandbox }) => {
  app.addHook('onRequest', app.authenticate('user'));

  app.post(
    '/payments/sandbox/setups/:setupId/confirm',
    {
      schema: {
        tags,
        summary: "The sandbox's method picker completes a setup with a test method (never a card number)",
        security,
        params: z.object({ setupId: z.string().min(1).max(200) }),
        body: sandboxConfirmSetupSchema,
        response: { 200: okResponse(z.object({ status: z.enum(['succeeded', 'requires_action', 'failed']) })), ...failures },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      if (actor.role !== 'user') throw new AppError('auth.forbidden');
      const outcome = await sandbox.confirmSetup(actor.id, request.params.setupId, request.body);
      return { ok: 1 as const, data: { status: outcome.status } };
    },
  );

  app.post(
    '/payments/sandbox/payments/:ref/authenticate',
    {
      schema: {
        tags,
        summary: "The sandbox's 3-D Secure challenge for a payment waiting for the customer: passed or failed",
        security,
        params: z.object({ ref: z.string().min(1).max(200) }),
        body: sandboxAuthenticateSchema,
        response: { 200: okResponse(z.object({ status: z.enum(['succeeded', 'failed', 'requires_action', 'processing']) })), ...failures },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      if (actor.role !== 'user') throw new AppError('auth.forbidden');
      const outcome = await sandbox.authenticate(actor.id, request.params.ref, request.body.result);
      return { ok: 1 as const, data: { status: outcome.status } };
    },
  );
};
