import { currentUserSchema, errorResponseSchema, loginBodySchema, loginResponseSchema, logoutResponseSchema } from '@enlaza/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../lib/auth.js';
import { originOf } from '../../lib/request-context.js';
import { toCurrentUser } from './current-user.js';
import type { AuthService } from './service.js';

const failures = { 401: errorResponseSchema, 403: errorResponseSchema, 422: errorResponseSchema, 429: errorResponseSchema };

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.post(
    '/login',
    { schema: { tags: ['auth'], summary: 'Sign in with email and password', body: loginBodySchema, response: { 200: loginResponseSchema, ...failures } } },
    async (request) => ({ ok: 1 as const, data: await auth.login(request.body, originOf(request)) }),
  );

  app.get(
    '/logout',
    { onRequest: app.authenticate(), schema: { tags: ['auth'], summary: 'Revoke the current token', security: [{ bearer: [] }], response: { 200: logoutResponseSchema, 401: errorResponseSchema } } },
    async (request) => {
      const { user, sessionId } = requireAuth(request);
      await auth.logout(user, sessionId);
      return { ok: 1 as const };
    },
  );

  app.get(
    '/user',
    { onRequest: app.authenticate(), schema: { tags: ['auth'], summary: 'The signed-in user', security: [{ bearer: [] }], response: { 200: currentUserSchema, 401: errorResponseSchema } } },
    async (request) => toCurrentUser(requireAuth(request).user),
  );
};
