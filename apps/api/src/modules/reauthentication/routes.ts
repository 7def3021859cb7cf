import {
  okResponse,
  passkeyCeremonySchema,
  reauthenticateBodySchema,
  reauthenticationMethodsSchema,
  reauthenticationSchema,
} from '@enlaza/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../lib/auth.js';
import { verifyPassword } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { originOf } from '../../lib/request-context.js';
import { routeDocs } from '../../platform/route-docs.js';
import type { Services } from '../../platform/modules.js';

const proof = routeDocs({ auth: 'bearer', answers: [401, 403, 422, 429] });
const tags = ['auth'];

/**
 * The fresh proof sensitive changes ask for ("sudo mode", docs/security.md): the password, a current
 * authenticator code or a passkey stamps the session that gives it, for REAUTH_WINDOW_MINUTES.
 */
export const reauthenticationRoutes: FastifyPluginAsyncZod<Pick<Services, 'auth' | 'twoFactor' | 'passkeys'>> = async (
  app,
  { auth, twoFactor, passkeys },
) => {
  app.addHook('onRequest', app.authenticate());
  // A personal access token never proves anything: only a signed-in session can be stamped.
  app.addHook('preHandler', async (request) => {
    if (requireAuth(request).token) throw new AppError('auth.token_not_allowed');
  });

  app.get(
    '/user/reauthenticate',
    {
      schema: {
        tags,
        summary: 'How I can prove it is me (password, authenticator code, passkey) and until when this session’s proof lasts',
        security: proof.security,
        response: { 200: okResponse(reauthenticationMethodsSchema), ...proof.failures },
      },
    },
    async (request) => {
      const { user, sessionId } = requireAuth(request);
      return {
        ok: 1 as const,
        data: {
          password: true,
          code: await twoFactor.enabled(user.id),
          passkey: await passkeys.has(user.id),
          reauthenticatedUntil: await auth.reauthenticatedUntil(sessionId),
        },
      };
    },
  );

  app.post(
    '/user/reauthenticate/passkey-options',
    {
      schema: {
        tags,
        summary: 'Start proving it is me with a passkey: the options for navigator.credentials.get() (valid 5 minutes, once)',
        security: proof.security,
        response: { 200: okResponse(passkeyCeremonySchema), ...proof.failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await passkeys.reauthenticationOptions(requireAuth(request).user) }),
  );

  app.post(
    '/user/reauthenticate',
    {
      schema: {
        tags,
        summary:
          'Prove it is me (password, current authenticator code or passkey): this session may make sensitive changes for a few minutes',
        security: proof.security,
        body: reauthenticateBodySchema,
        response: { 200: okResponse(reauthenticationSchema), ...proof.failures },
      },
    },
    async (request) => {
      const signedIn = requireAuth(request);
      const { user } = signedIn;
      const body = request.body;
      const check = async (): Promise<boolean> => {
        if ('password' in body) return verifyPassword(user.passwordHash, body.password);
        // Only a code of the app, never a recovery code (which would be spent for a few minutes' proof).
        if ('code' in body) return (await twoFactor.enabled(user.id)) && twoFactor.verifyAppCode(user, body.code.replace(/\s+/g, ''));
        return passkeys.provesOwner(user.id, body.passkey);
      };
      return { ok: 1 as const, data: await auth.reauthenticate(signedIn, originOf(request), check) };
    },
  );
};
