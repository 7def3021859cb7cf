import type { Locale, Role } from '@enlaza/contracts';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors.js';
import { requireRole } from '../platform/access.js';

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

/** The session and user of an authenticated request. */
export type AuthenticatedUser = { sessionId: string; user: SignedInUser };

/** What the plugin asks of the auth service: the session and user a token belongs to, if it is live. */
export type SessionAuthenticator = { authenticate(token: string): Promise<AuthenticatedUser | null> };

export function bearerToken(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

/**
 * `app.authenticate()` / `app.authenticate('admin')`: the one access check of every signed-in
 * route. 401 without a live session, 403 when the role differs.
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
