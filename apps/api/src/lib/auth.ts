import type { ApiTokenScope, Locale, Role } from '@enlaza/contracts';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors.js';
import { requireRole } from '../platform/access.js';
import { tokenScopeOf } from '../platform/token-scopes.js';

/**
 * The user a session belongs to, as a signed-in request carries it. The auth module makes it the
 * account's users row by declaration merging (modules/auth/module.ts), so this file names no module;
 * the fields here are the ones lib/ and platform/ read.
 */
export interface SignedInUser {
  id: string;
  role: Role;
  locale: Locale | null;
}

/**
 * The session and user of an authenticated request. A personal access token's request carries
 * `token` (its id is then also the `sessionId`), which only the routes its scopes cover accept.
 */
export type AuthenticatedUser = { sessionId: string; user: SignedInUser; token?: { id: string; scopes: readonly ApiTokenScope[] } };

/** What the plugin asks of the auth service: the session and user a token belongs to, if it is live; a personal access token's limit and scope check. */
export type SessionAuthenticator = {
  authenticate(token: string): Promise<AuthenticatedUser | null>;
  apiTokens: {
    throttle(tokenId: string): Promise<void>;
    authorize(scopes: readonly ApiTokenScope[], required: ApiTokenScope | null): void;
  };
};

export function bearerToken(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

/**
 * `app.authenticate()` / `app.authenticate('admin')`: the one access check of every signed-in
 * route. 401 without a live session, 403 when the role differs. A personal access token is also
 * counted against its rate limit and must hold the scope platform/token-scopes.ts gives the route
 * (403 naming the missing scope; 403 on a route no scope covers).
 */
export const authPlugin = fp(
  (app: FastifyInstance, opts: { auth: SessionAuthenticator }) => {
    app.decorateRequest('auth', null);
    // What a signed-in request gets back is that user's: no cache (browser or shared) keeps it.
    app.addHook('onSend', async (request, reply, payload) => {
      if ((request.auth || bearerToken(request)) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      return payload;
    });
    app.decorate('authenticate', (role?: Role): onRequestAsyncHookHandler => {
      return async (request) => {
        const token = bearerToken(request);
        const found = token ? await opts.auth.authenticate(token) : null;
        if (!found) throw new AppError('auth.unauthenticated');
        if (found.token) {
          await opts.auth.apiTokens.throttle(found.token.id);
          opts.auth.apiTokens.authorize(found.token.scopes, tokenScopeOf(request.method, request.routeOptions.url));
        }
        if (role) requireRole(found.user, role);
        request.auth = found;
      };
    });
  },
  { name: 'auth' },
);

/** The session and user of an authenticated request (set by `app.authenticate`). */
export function requireAuth(request: FastifyRequest): AuthenticatedUser {
  if (!request.auth) throw new AppError('auth.unauthenticated');
  return request.auth;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthenticatedUser | null;
  }
  interface FastifyInstance {
    authenticate(role?: Role): onRequestAsyncHookHandler;
  }
}
