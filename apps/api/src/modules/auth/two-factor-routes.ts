import {
  disableTwoFactorBodySchema,
  okResponse,
  recoveryCodesSchema,
  twoFactorCodeBodySchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '@enlaza/contracts';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../lib/auth.js';
import { routeDocs } from '../../platform/route-docs.js';
import type { TwoFactor } from './two-factor.js';

const ownTwoFactor = routeDocs({ auth: 'bearer', answers: [403, 409, 422] });

/** Opciones' two-factor sign-in: set up, confirm, new recovery codes, turn off (docs/sign-in-security.md). */
export const twoFactorRoutes: FastifyPluginAsyncZod<{ twoFactor: TwoFactor }> = async (app, { twoFactor }) => {
  const signedIn = { onRequest: app.authenticate(), schema: { tags: ['auth'], security: ownTwoFactor.security } };
  app.get(
    '/two-factor',
    {
      ...signedIn,
      schema: {
        ...signedIn.schema,
        summary: 'My two-factor sign-in: on or off, recovery codes left',
        response: { 200: okResponse(twoFactorStatusSchema), ...ownTwoFactor.failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await twoFactor.status(requireAuth(request).user) }),
  );

  app.post(
    '/two-factor/setup',
    {
      ...signedIn,
      config: { sensitive: { change: null } },
      schema: {
        ...signedIn.schema,
        summary: 'Start setting up two-factor: a new secret as a QR code and text (not on until confirmed)',
        response: { 200: okResponse(twoFactorSetupSchema), ...ownTwoFactor.failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await twoFactor.setup(requireAuth(request).user) }),
  );

  app.post(
    '/two-factor/confirm',
    {
      ...signedIn,
      config: { sensitive: { change: 'two_factor_enabled' } },
      schema: {
        ...signedIn.schema,
        summary: 'Turn two-factor on with a current code; answers the recovery codes, shown this once',
        body: twoFactorCodeBodySchema,
        response: { 200: okResponse(recoveryCodesSchema), ...ownTwoFactor.failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: { recoveryCodes: await twoFactor.confirm(requireAuth(request).user, request.body.code) } }),
  );

  app.post(
    '/two-factor/recovery-codes',
    {
      ...signedIn,
      // A current authenticator code in the body is the proof.
      config: { sensitive: { proof: 'body', change: 'recovery_codes_replaced' } },
      schema: {
        ...signedIn.schema,
        summary: 'New recovery codes (the old ones stop working), with a current code',
        body: twoFactorCodeBodySchema,
        response: { 200: okResponse(recoveryCodesSchema), ...ownTwoFactor.failures },
      },
    },
    async (request) => ({
      ok: 1 as const,
      data: { recoveryCodes: await twoFactor.regenerateRecoveryCodes(requireAuth(request).user, request.body.code) },
    }),
  );

  app.post(
    '/two-factor/disable',
    {
      ...signedIn,
      // The password or a current code in the body is the proof.
      config: { sensitive: { proof: 'body', change: 'two_factor_disabled' } },
      schema: {
        ...signedIn.schema,
        summary: 'Turn two-factor off, with the password or a current code',
        body: disableTwoFactorBodySchema,
        response: { 200: okResponse(z.object({})), ...ownTwoFactor.failures },
      },
    },
    async (request) => {
      await twoFactor.disable(requireAuth(request).user, request.body);
      return { ok: 1 as const, data: {} };
    },
  );
};
