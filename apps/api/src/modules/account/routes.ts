import {
  billingDetailsSchema,
  billingDetailsUpdateSchema,
  emailChangeBodySchema,
  okResponse,
  passwordChangeBodySchema,
  personalInfoSchema,
  personalInfoUpdateSchema,
  preferencesSchema,
} from '@enlaza/contracts';
import { actorOf } from '../../platform/actor.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../lib/auth.js';
import { viewerLocale } from '../../lib/catalogue-names.js';
import { localeFromHeader } from '../../lib/i18n.js';
import { originOf } from '../../lib/request-context.js';
import { routeDocs } from '../../platform/route-docs.js';
import type { AccountService } from './service.js';

const { security, failures } = routeDocs({ auth: 'bearer', answers: [409, 422] });

export const accountRoutes: FastifyPluginAsyncZod<{ account: AccountService }> = async (app, { account }) => {
  app.addHook('onRequest', app.authenticate());

  app.get(
    '/account/personal',
    {
      schema: {
        tags: ['account'],
        summary: 'Personal information',
        security,
        response: { 200: okResponse(personalInfoSchema), ...failures },
      },
    },
    async (request) => ({
      ok: 1 as const,
      data: await account.personalInfo(actorOf(request), viewerLocale(request)),
    }),
  );

  app.put(
    '/account/personal',
    {
      schema: {
        tags: ['account'],
        summary: 'Update name, phone, country, billing address and tax id',
        security,
        body: personalInfoUpdateSchema,
        response: { 200: okResponse(personalInfoSchema), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await account.updatePersonalInfo(actorOf(request), request.body, originOf(request)) }),
  );

  app.get(
    '/account/billing',
    {
      schema: {
        tags: ['account'],
        summary: 'Billing details: tax id and address, and what a purchase still needs of them',
        security,
        response: { 200: okResponse(billingDetailsSchema), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await account.billingDetails(actorOf(request)) }),
  );

  app.put(
    '/account/billing',
    {
      schema: {
        tags: ['account'],
        summary: 'Save the tax id and billing address (asked in the pay dialog)',
        security,
        body: billingDetailsUpdateSchema,
        response: { 200: okResponse(billingDetailsSchema), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await account.updateBillingDetails(actorOf(request), request.body, originOf(request)) }),
  );

  app.get(
    '/account/preferences',
    {
      schema: {
        tags: ['account'],
        summary: 'Language, time zone and theme',
        security,
        response: { 200: okResponse(preferencesSchema), ...failures },
      },
    },
    async (request) => ({
      ok: 1 as const,
      data: await account.preferences(actorOf(request), localeFromHeader(request.headers['accept-language'])),
    }),
  );

  app.put(
    '/account/preferences',
    {
      schema: {
        tags: ['account'],
        summary: 'Store language, time zone and theme on the server',
        security,
        body: preferencesSchema,
        response: { 200: okResponse(preferencesSchema), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await account.updatePreferences(actorOf(request), request.body, originOf(request)) }),
  );

  app.post(
    '/account/email',
    {
      // The current password in the body is the proof; the owner's current (old) address is told.
      config: { sensitive: { proof: 'body', change: 'email_change_requested' } },
      schema: {
        tags: ['account'],
        summary: 'Ask to change the email; a link goes to the new address',
        security,
        body: emailChangeBodySchema,
        response: { 200: okResponse(z.object({ pendingEmail: z.string() })), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await account.requestEmailChange(actorOf(request), request.body, originOf(request)) }),
  );

  app.put(
    '/account/password',
    {
      // The current password in the body is the proof; the route sends its own "password changed" email.
      config: { sensitive: { proof: 'body', change: 'password_changed', email: false } },
      schema: {
        tags: ['account'],
        summary: 'Change the password; ends every other session',
        security,
        body: passwordChangeBodySchema,
        response: { 200: okResponse(z.object({})), ...failures },
      },
    },
    async (request) => {
      const { sessionId } = requireAuth(request);
      await account.changePassword(actorOf(request), sessionId, request.body, originOf(request));
      return { ok: 1 as const, data: {} };
    },
  );
};
