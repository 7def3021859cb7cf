import { apiTokenIdParamsSchema, apiTokenSchema, createApiTokenBodySchema, createdApiTokenSchema, okResponse } from '@enlaza/contracts';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../lib/auth.js';
import { originOf } from '../../lib/request-context.js';
import { routeDocs } from '../../platform/route-docs.js';
import type { AuthService } from './service.js';

// Tokens are managed only from a signed-in session: a token asking is refused (403, no scope covers these).
const tokens = routeDocs({ auth: 'bearer', answers: [403, 404, 409, 422, 429] });

/** Opciones' personal access tokens: list, create (the secret answered once), revoke. */
export const apiTokenRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.get(
    '/tokens',
    {
      onRequest: app.authenticate(),
      schema: {
        tags: ['auth'],
        summary: 'My personal access tokens, newest first (never their secrets)',
        security: tokens.security,
        response: { 200: okResponse(z.array(apiTokenSchema)), ...tokens.failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await auth.apiTokens.list(requireAuth(request).user.id) }),
  );

  app.post(
    '/tokens',
    {
      onRequest: app.authenticate(),
      config: { sensitive: { change: 'api_token_created' } },
      schema: {
        tags: ['auth'],
        summary: 'Create a personal access token: the answer holds its secret, shown this once',
        security: tokens.security,
        body: createApiTokenBodySchema,
        response: { 201: okResponse(createdApiTokenSchema), ...tokens.failures },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ ok: 1 as const, data: await auth.apiTokens.create(requireAuth(request).user.id, request.body, originOf(request)) }),
  );

  app.delete(
    '/tokens/:id',
    {
      onRequest: app.authenticate(),
      config: { sensitive: { change: 'api_token_revoked' } },
      schema: {
        tags: ['auth'],
        summary: 'Revoke one of my personal access tokens at once (another user’s: 404)',
        security: tokens.security,
        params: apiTokenIdParamsSchema,
        response: { 200: okResponse(z.object({})), ...tokens.failures },
      },
    },
    async (request) => {
      await auth.apiTokens.revoke(requireAuth(request).user.id, request.params.id, originOf(request));
      return { ok: 1 as const, data: {} };
    },
  );
};
