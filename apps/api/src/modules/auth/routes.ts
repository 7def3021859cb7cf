import {
  activeSessionSchema,
  challengeBodySchema,
  enrolledSignInSchema,
  secondFactorBodySchema,
  loginAnswerSchema,
  twoFactorSetupSchema,
  currentUserSchema,
  loginBodySchema,
  loginResponseSchema,
  logoutResponseSchema,
  okResponse,
  sessionIdParamsSchema,
  signedOutSessionsSchema,
} from '@enlaza/contracts';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../lib/auth.js';
import { originOf } from '../../lib/request-context.js';
import { routeDocs } from '../../platform/route-docs.js';
import { toCurrentUser } from './current-user.js';
import type { AuthService } from './service.js';

const { failures } = routeDocs({ auth: 'public', answers: [401, 403, 422, 429] });
const secondStep = routeDocs({ auth: 'public', answers: [401, 403, 409, 422] });
const session = routeDocs({ auth: 'bearer', answers: [] });
const ownSession = routeDocs({ auth: 'bearer', answers: [404, 422] });

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password (with two-factor on: a challenge for the second step instead of a session)',
        body: loginBodySchema,
        response: { 200: loginAnswerSchema, ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await auth.login(request.body, originOf(request)) }),
  );

  app.post(
    '/login/second-factor',
    {
      schema: {
        tags: ['auth'],
        summary: 'Second step of a sign-in: the challenge with a code from the authenticator app or a recovery code',
        body: secondFactorBodySchema,
        response: { 200: loginResponseSchema, ...secondStep.failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await auth.loginSecondFactor(request.body, originOf(request)) }),
  );

  app.post(
    '/login/second-factor/setup',
    {
      schema: {
        tags: ['auth'],
        summary: 'An admin required to use two-factor: the authenticator setup, with the enrol challenge',
        body: challengeBodySchema,
        response: { 200: okResponse(twoFactorSetupSchema), ...secondStep.failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await auth.enrolmentSetup(request.body.challenge) }),
  );

  app.post(
    '/login/second-factor/enrol',
    {
      schema: {
        tags: ['auth'],
        summary: 'An admin required to use two-factor: confirm the first code, get signed in and the recovery codes',
        body: secondFactorBodySchema,
        response: { 200: okResponse(enrolledSignInSchema), ...secondStep.failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await auth.enrolmentConfirm(request.body, originOf(request)) }),
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
    '/sessions',
    {
      onRequest: app.authenticate(),
      schema: {
        tags: ['auth'],
        summary: 'My active sessions: device and browser, started, last seen (refreshed every few minutes), and which is this one',
        security: session.security,
        response: { 200: okResponse(z.array(activeSessionSchema)), ...session.failures },
      },
    },
    async (request) => {
      const { user, sessionId } = requireAuth(request);
      return { ok: 1 as const, data: await auth.listSessions(user.id, sessionId) };
    },
  );

  app.delete(
    '/sessions/:id',
    {
      onRequest: app.authenticate(),
      schema: {
        tags: ['auth'],
        summary: 'Sign out one of my sessions at once (another user’s session: 404)',
        security: ownSession.security,
        params: sessionIdParamsSchema,
        response: { 200: okResponse(z.object({})), ...ownSession.failures },
      },
    },
    async (request) => {
      await auth.revokeSession(requireAuth(request).user.id, request.params.id);
      return { ok: 1 as const, data: {} };
    },
  );

  app.post(
    '/sessions/sign-out-others',
    {
      onRequest: app.authenticate(),
      schema: {
        tags: ['auth'],
        summary: 'Sign out every session of mine but this one',
        security: session.security,
        response: { 200: okResponse(signedOutSessionsSchema), ...session.failures },
      },
    },
    async (request) => {
      const { user, sessionId } = requireAuth(request);
      return { ok: 1 as const, data: { signedOut: await auth.revokeOtherSessions(user.id, sessionId) } };
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
