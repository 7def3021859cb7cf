import {
  accountTypeSchema,
  aliasCheckQuerySchema,
  aliasCheckSchema,
  emailOnlyBodySchema,
  loginResponseSchema,
  okResponse,
  registerBodySchema,
  registerResultSchema,
  resetPasswordBodySchema,
  signInCodeBodySchema,
  verifyBodySchema,
  verifyResultSchema,
} from '@enlaza/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerLocale } from '../../lib/catalogue-names.js';
import { matchLocale } from '../../lib/i18n.js';
import { originOf } from '../../lib/request-context.js';
import { errorResponses, routeDocs } from '../../platform/route-docs.js';
import type { RegistrationService } from './service.js';

const { failures } = routeDocs({ auth: 'public', answers: [409, 422, 429] });
const done = okResponse(z.object({}));

export const registrationRoutes: FastifyPluginAsyncZod<{ registration: RegistrationService }> = async (app, { registration }) => {
  app.get(
    '/account-types',
    {
      schema: {
        tags: ['registration'],
        summary: 'Account types a visitor can register with',
        response: { 200: okResponse(z.array(accountTypeSchema)) },
      },
    },
    async (request) => ({ ok: 1 as const, data: await registration.accountTypes(viewerLocale(request)) }),
  );

  app.get(
    '/register/alias',
    {
      schema: {
        tags: ['registration'],
        summary: 'Is an alias valid and free? With a suggestion',
        querystring: aliasCheckQuerySchema,
        response: { 200: okResponse(aliasCheckSchema), ...errorResponses(422) },
      },
    },
    async (request) => ({ ok: 1 as const, data: await registration.checkAlias(request.query) }),
  );

  app.post(
    '/register',
    {
      schema: {
        tags: ['registration'],
        summary:
          'Create an account; sends the verification email. An address that already has an account gets the same answer, and its owner an email instead',
        body: registerBodySchema,
        response: { 201: okResponse(registerResultSchema), ...failures },
      },
    },
    async (request, reply) => {
      const data = await registration.register(request.body, matchLocale(request.headers['accept-language']), originOf(request));
      return reply.status(201).send({ ok: 1 as const, data });
    },
  );

  app.post(
    '/register/verify',
    {
      schema: {
        tags: ['registration'],
        summary: 'Open an emailed code: activates the account or confirms a new email address',
        body: verifyBodySchema,
        response: { 200: okResponse(verifyResultSchema), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await registration.verify(request.body.code, originOf(request)) }),
  );

  app.post(
    '/register/sign-in',
    {
      schema: {
        tags: ['registration'],
        summary: 'Exchange the one-time sign-in code of a verification for a session (answers as POST /api/login)',
        body: signInCodeBodySchema,
        response: { 200: loginResponseSchema, ...errorResponses(401, 403, 422, 429) },
      },
    },
    async (request) => ({ ok: 1 as const, data: await registration.signInWithCode(request.body.code, originOf(request)) }),
  );

  app.post(
    '/register/resend',
    {
      schema: {
        tags: ['registration'],
        summary: 'Send the verification email again',
        body: emailOnlyBodySchema,
        response: { 200: done, ...failures },
      },
    },
    async (request) => {
      await registration.resend(request.body.email, originOf(request));
      return { ok: 1 as const, data: {} };
    },
  );

  app.post(
    '/password/forgot',
    {
      schema: {
        tags: ['registration'],
        summary: 'Email a reset link (same answer whether or not the account exists)',
        body: emailOnlyBodySchema,
        response: { 200: done, ...failures },
      },
    },
    async (request) => {
      await registration.forgotPassword(request.body.email, originOf(request));
      return { ok: 1 as const, data: {} };
    },
  );

  app.post(
    '/password/reset',
    {
      schema: {
        tags: ['registration'],
        summary:
          'Set a new password with the emailed token; ends every session, and (unless sent false) revokes every access token and removes every passkey',
        body: resetPasswordBodySchema,
        response: { 200: done, ...failures },
      },
    },
    async (request) => {
      await registration.resetPassword(request.body, originOf(request));
      return { ok: 1 as const, data: {} };
    },
  );
};
