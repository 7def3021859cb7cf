import { currentUserSchema, loginBodySchema, loginResponseSchema, logoutResponseSchema } from '@enlaza/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../lib/auth.js';
import { originOf } from '../../lib/request-context.js';
import { routeDocs } from '../../platform/route-docs.js';
import { toCurrentUser } from './current-user.js';
import type { AuthService } from './service.js';

const { failures } = routeDocs({ auth: 'public', answers: [401, 403, 422, 429] });
const session = routeDocs({ auth: 'bearer', answers: [] });

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        body: loginBodySchema,
        response: { 200: loginResponseSchema, ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await auth.login(request.body, originOf(request)) }),
  );

  app.get(
    '/logout',
    {
      onRequest: app.authenticate(),
      schema: {
        tags: ['auth'],
        summary: 'Revoke the current token',
        security: session.security,
        response: { 200: logoutResponseSchema, ...session.failures },
      },
    },
    async (request) => {
      const { user, sessionId } = requireAuth(request);
      await auth.logout(user.id, sessionId);
      return { ok: 1 as const };
    },
  );

  app.get(
    '/user',
    {
      onRequest: app.authenticate(),
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        security: session.security,
        response: { 200: currentUserSchema, ...session.failures },
      },
    },
    async (request) => toCurrentUser(requireAuth(request).user),
  );
};
