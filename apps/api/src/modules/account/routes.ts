import { errorResponseSchema, okResponse, personalInfoSchema, personalInfoUpdateSchema } from '@enlaza/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../lib/auth.js';
import type { AccountService } from './service.js';

export const accountRoutes: FastifyPluginAsyncZod<{ account: AccountService }> = async (app, { account }) => {
  const response = { 200: okResponse(personalInfoSchema), 401: errorResponseSchema, 422: errorResponseSchema };

  app.get(
    '/account/personal',
    { preHandler: app.authenticate(), schema: { tags: ['account'], summary: 'Personal information of the signed-in user', security: [{ bearer: [] }], response } },
    async (request) => ({ ok: 1 as const, data: account.personalInfo(requireAuth(request).user) }),
  );

  app.put(
    '/account/personal',
    { preHandler: app.authenticate(), schema: { tags: ['account'], summary: 'Update name, phone and country', security: [{ bearer: [] }], body: personalInfoUpdateSchema, response } },
    async (request) => ({ ok: 1 as const, data: await account.updatePersonalInfo(requireAuth(request).user, request.body) }),
  );
};
