import {
  loginResponseSchema,
  okResponse,
  ssoDomainBodySchema,
  ssoDomainIdParamsSchema,
  ssoDomainSchema,
  ssoEnforceBodySchema,
  ssoExchangeBodySchema,
  ssoRedirectSchema,
  ssoSettingsBodySchema,
  ssoSettingsSchema,
  ssoStartQuerySchema,
  ssoTestIdParamsSchema,
  ssoTestResultSchema,
} from '@enlaza/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readCookie } from '../../lib/csrf.js';
import { localeFromHeader } from '../../lib/i18n.js';
import { originOf } from '../../lib/request-context.js';
import { actorOf } from '../../platform/actor.js';
import { routeDocs } from '../../platform/route-docs.js';
import type { SsoFlow } from './flow.js';
import type { SsoSettingsService } from './settings.js';

const tags = ['teams'];
const owner = routeDocs({ auth: 'bearer', answers: [400, 403, 404, 409, 422] });
const open = routeDocs({ auth: 'public', answers: [400, 401, 403, 404, 422] });
const sensitive = { sensitive: { change: 'sso_changed' as const } };

/** The cookie that binds a sign-in to the browser that started it (the one-time code is exchanged only there). */
export const SSO_COOKIE = 'enlaza_sso';
function bindBrowser(request: FastifyRequest, reply: FastifyReply, browser: string) {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  void reply.header('set-cookie', `${SSO_COOKIE}=${browser}; Path=/api/sso; Max-Age=600; HttpOnly; SameSite=Lax${secure}`);
}

/** The team owner's single sign-on settings (docs/teams.md, "Single sign-on"): owner only; each change needs a fresh proof and is emailed. */
export const ssoSettingsRoutes: FastifyPluginAsyncZod<{ settings: SsoSettingsService; flow: SsoFlow }> = async (
  app,
  { settings, flow },
) => {
  app.addHook('onRequest', app.authenticate('user'));
  const { security, failures } = owner;
  const answer = { 200: okResponse(ssoSettingsSchema), ...failures };

  app.get(
    '/team/sso',
    {
      schema: {
        tags,
        summary: 'My team’s single sign-on: the identity provider, domains, enforcement and the values to paste',
        security,
        response: answer,
      },
    },
    async (request) => ({ ok: 1 as const, data: await settings.get(actorOf(request)) }),
  );
  app.put(
    '/team/sso',
    {
      config: sensitive,
      schema: {
        tags,
        summary: 'Set the identity provider (OIDC or SAML) and the attribute mapping',
        security,
        body: ssoSettingsBodySchema,
        response: answer,
      },
    },
    async (request) => ({ ok: 1 as const, data: await settings.save(actorOf(request), request.body) }),
  );
  app.delete(
    '/team/sso',
    { config: sensitive, schema: { tags, summary: 'Remove the identity provider (and its enforcement)', security, response: answer } },
    async (request) => ({ ok: 1 as const, data: await settings.remove(actorOf(request)) }),
  );
  app.put(
    '/team/sso/enforce',
    {
      config: sensitive,
      schema: {
        tags,
        summary: 'Members of the proven domains sign in only through SSO (the owner excepted)',
        security,
        body: ssoEnforceBodySchema,
        response: answer,
      },
    },
    async (request) => ({ ok: 1 as const, data: await settings.enforce(actorOf(request), request.body.enforced) }),
  );
  app.post(
    '/team/sso/domains',
    {
      config: sensitive,
      schema: {
        tags,
        summary: 'Add an email domain: the TXT record that proves it is in the answer',
        security,
        body: ssoDomainBodySchema,
        response: { 200: okResponse(ssoDomainSchema), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await settings.addDomain(actorOf(request), request.body.domain) }),
  );
  app.post(
    '/team/sso/domains/:id/check',
    {
      schema: {
        tags,
        summary: 'Read the domain’s TXT record now: proven when it holds the team’s token',
        security,
        params: ssoDomainIdParamsSchema,
        response: { 200: okResponse(ssoDomainSchema), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await settings.checkDomain(actorOf(request), request.params.id) }),
  );
  app.delete(
    '/team/sso/domains/:id',
    {
      config: sensitive,
      schema: {
        tags,
        summary: 'Remove an email domain',
        security,
        params: ssoDomainIdParamsSchema,
        response: { 200: okResponse(z.object({})), ...failures },
      },
    },
    async (request) => {
      await settings.removeDomain(actorOf(request), request.params.id);
      return { ok: 1 as const, data: {} };
    },
  );
  app.post(
    '/team/sso/test',
    {
      schema: {
        tags,
        summary: 'Start a test sign-in: open `url`; what the provider sends back is at /team/sso/test/{id}, nobody is signed in',
        security,
        response: { 200: okResponse(ssoRedirectSchema.extend({ id: z.string() })), ...failures },
      },
    },
    async (request, reply) => {
      const { url, browser, id } = await flow.startTest(actorOf(request));
      bindBrowser(request, reply, browser);
      return { ok: 1 as const, data: { url, id } };
    },
  );
  app.get(
    '/team/sso/test/:id',
    {
      schema: {
        tags,
        summary: 'What a test sign-in brought back (claims or attributes, as mapped)',
        security,
        params: ssoTestIdParamsSchema,
        response: { 200: okResponse(ssoTestResultSchema), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await flow.testResult(actorOf(request), request.params.id) }),
  );
};

/** Signing in through a team's identity provider: start, the provider's return (OIDC redirect, SAML POST), the page's exchange, the SP metadata. */
export const ssoSignInRoutes: FastifyPluginAsyncZod<{ flow: SsoFlow }> = async (app, { flow }) => {
  const { security, failures } = open;
  // The SAML response comes as an HTML form's POST.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  const land = (reply: FastifyReply, path: string, status: 302 | 303) => reply.header('cache-control', 'no-store').redirect(path, status);
  const locale = (request: FastifyRequest) => localeFromHeader(request.headers['accept-language']);

  app.get(
    '/sso/start',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with SSO: the identity provider to open for this address (its domain proven by a team)',
        security,
        querystring: ssoStartQuerySchema,
        response: { 200: okResponse(ssoRedirectSchema), ...failures },
      },
    },
    async (request, reply) => {
      const { url, browser } = await flow.start(request.query.email, originOf(request));
      bindBrowser(request, reply, browser);
      return { ok: 1 as const, data: { url } };
    },
  );

  app.get(
    '/sso/oidc/callback',
    {
      schema: {
        // A browser's stop (a redirect), not an API call: out of the OpenAPI document, in docs/api-access.md.
        hide: true,
        tags: ['auth'],
        summary: 'The OpenID provider’s return (redirect URI): on to the sign-in page with a one-time code, or an error',
        security,
        querystring: z.object({
          code: z.string().max(4000).optional(),
          state: z.string().max(200).optional(),
          iss: z.string().max(500).optional(),
          error: z.string().max(200).optional(),
          error_description: z.string().max(1000).optional(),
        }),
        response: { ...failures },
      },
    },
    async (request, reply) => land(reply, (await flow.oidcCallback(request.query, originOf(request), locale(request))).path, 302),
  );

  app.post(
    '/sso/saml/acs',
    {
      config: { csrf: 'identity-provider-post' },
      schema: {
        // A browser's stop (a redirect), not an API call: out of the OpenAPI document, in docs/api-access.md.
        hide: true,
        tags: ['auth'],
        summary: 'The SAML assertion consumer service (HTTP-POST binding): on to the sign-in page with a one-time code, or an error',
        security,
        body: z.object({ SAMLResponse: z.string().max(1_000_000).optional(), RelayState: z.string().max(200).optional() }),
        response: { ...failures },
      },
    },
    async (request, reply) => land(reply, (await flow.samlAcs(request.body, originOf(request), locale(request))).path, 303),
  );

  app.post(
    '/sso/exchange',
    {
      schema: {
        tags: ['auth'],
        summary: 'Exchange the one-time code of an SSO sign-in for a session, in the browser that started it',
        security,
        body: ssoExchangeBodySchema,
        response: { 200: loginResponseSchema, ...failures },
      },
    },
    async (request) => ({
      ok: 1 as const,
      data: await flow.exchange(request.body.code, readCookie(request, SSO_COOKIE), originOf(request)),
    }),
  );

  app.get(
    '/sso/saml/metadata/:teamId',
    {
      schema: {
        // A browser's stop (a redirect), not an API call: out of the OpenAPI document, in docs/api-access.md.
        hide: true,
        tags: ['auth'],
        summary: 'A team’s SAML service provider metadata (its entity id is this address)',
        security,
        params: z.object({ teamId: z.uuid() }),
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .type('application/samlmetadata+xml')
        .send(await flow.samlMetadata(request.params.teamId)),
  );
};
