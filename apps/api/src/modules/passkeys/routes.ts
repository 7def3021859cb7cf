import {
  addPasskeyBodySchema,
  loginResponseSchema,
  okResponse,
  passkeyCeremonySchema,
  passkeyIdParamsSchema,
  passkeySchema,
  passkeySignInBodySchema,
  renamePasskeyBodySchema,
} from '@enlaza/contracts';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../lib/auth.js';
import { originOf } from '../../lib/request-context.js';
import { routeDocs } from '../../platform/route-docs.js';
import type { PasskeysService } from './service.js';

const own = routeDocs({ auth: 'bearer', answers: [401, 403, 409, 422] });
const ownOne = routeDocs({ auth: 'bearer', answers: [403, 404, 422] });
const signIn = routeDocs({ auth: 'public', answers: [401, 403, 422, 429] });

export const passkeyRoutes: FastifyPluginAsyncZod<{ passkeys: PasskeysService }> = async (app, { passkeys }) => {
  app.get(
    '/passkeys',
    {
      onRequest: app.authenticate('user'),
      schema: {
        tags: ['auth'],
        summary: 'My passkeys, newest first',
        security: own.security,
        response: { 200: okResponse(z.array(passkeySchema)), ...own.failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await passkeys.list(requireAuth(request).user.id) }),
  );

  app.post(
    '/passkeys/options',
    {
      onRequest: app.authenticate('user'),
      config: { sensitive: { change: null } },
      schema: {
        tags: ['auth'],
        summary: 'Start adding a passkey: the options for navigator.credentials.create() (valid 5 minutes, once)',
        security: own.security,
        response: { 200: okResponse(passkeyCeremonySchema), ...own.failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await passkeys.registrationOptions(requireAuth(request).user) }),
  );

  app.post(
    '/passkeys',
    {
      onRequest: app.authenticate('user'),
      config: { sensitive: { change: 'passkey_added' } },
      schema: {
        tags: ['auth'],
        summary: 'Finish adding a passkey: the browser’s answer, verified, and its name',
        security: own.security,
        body: addPasskeyBodySchema,
        response: { 200: okResponse(passkeySchema), ...own.failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await passkeys.add(requireAuth(request).user, request.body) }),
  );

  app.patch(
    '/passkeys/:id',
    {
      onRequest: app.authenticate('user'),
      schema: {
        tags: ['auth'],
        summary: 'Rename one of my passkeys (another user’s: 404)',
        security: ownOne.security,
        params: passkeyIdParamsSchema,
        body: renamePasskeyBodySchema,
        response: { 200: okResponse(passkeySchema), ...ownOne.failures },
      },
    },
    async (request) => ({
      ok: 1 as const,
      data: await passkeys.rename(requireAuth(request).user.id, request.params.id, request.body.name),
    }),
  );

  app.delete(
    '/passkeys/:id',
    {
      onRequest: app.authenticate('user'),
      config: { sensitive: { change: 'passkey_removed' } },
      schema: {
        tags: ['auth'],
        summary: 'Remove one of my passkeys (another user’s: 404); it no longer signs in',
        security: ownOne.security,
        params: passkeyIdParamsSchema,
        response: { 200: okResponse(z.object({})), ...ownOne.failures },
      },
    },
    async (request) => {
      await passkeys.remove(requireAuth(request).user.id, request.params.id);
      return { ok: 1 as const, data: {} };
    },
  );

  app.post(
    '/passkeys/sign-in/options',
    {
      schema: {
        tags: ['auth'],
        summary: 'Start signing in with a passkey: the options for navigator.credentials.get() (valid 5 minutes, once)',
        response: { 200: okResponse(passkeyCeremonySchema), ...signIn.failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await passkeys.signInOptions(originOf(request)) }),
  );

  app.post(
    '/passkeys/sign-in',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a passkey: the same answer as POST /api/login',
        body: passkeySignInBodySchema,
        response: { 200: loginResponseSchema, ...signIn.failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await passkeys.signIn(request.body, originOf(request)) }),
  );
};
