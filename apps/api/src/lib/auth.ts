import type { ApiTokenScope, Locale, Role } from '@enlaza/contracts';
import type {
  FastifyInstance,
  FastifyRequest,
  onRequestAsyncHookHandler,
  preHandlerAsyncHookHandler,
  onResponseAsyncHookHandler,
} from 'fastify';
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

/**
 * The changes that need a fresh proof of the owner and are then emailed to them (docs/security.md).
 * Each is also the key of its sentence in the owner's email (`email.account_changed.changes.*`).
 */
export const SENSITIVE_CHANGES = [
  'passkey_added',
  'passkey_removed',
  'two_factor_enabled',
  'two_factor_disabled',
  'recovery_codes_replaced',
  'api_token_created',
  'api_token_revoked',
  'webhook_created',
  'webhook_url_changed',
  'webhook_deleted',
  'webhook_secret_rolled',
  'crm_connected',
  'crm_disconnected',
  'smtp_relay_added',
  'smtp_relay_changed',
  'smtp_relay_deleted',
  'scim_token_created',
  'email_change_requested',
  'password_changed',
  'sso_changed',
] as const;
export type SensitiveChange = (typeof SENSITIVE_CHANGES)[number];

/**
 * A sensitive route's declaration (`config: { sensitive: {...} }`), read by the one guard below:
 * - `proof: 'session'` (the default): the session must have given a fresh proof within
 *   REAUTH_WINDOW_MINUTES (`POST /api/user/reauthenticate`), else 403 `auth.reauth_required`;
 * - `proof: 'body'`: the route checks a proof in its own body (the current password, a current
 *   authenticator code), so it is not asked twice;
 * - `when`: only requests it answers true for are sensitive (a webhook's PATCH that changes the URL);
 * - `change`: what the owner is emailed after a success (none for a step that changes nothing yet;
 *   `email: false` where the route sends its own, dedicated email).
 * Either way a personal access token is refused (403 `auth.token_not_allowed`).
 */
export type SensitiveRoute = {
  proof?: 'session' | 'body';
  change: SensitiveChange | null;
  email?: boolean;
  when?: (request: FastifyRequest) => boolean;
};

/** What the plugin asks of the auth service: the session and user a token belongs to, if it is live; a personal access token's limit and scope check. */
export type SessionAuthenticator = {
  authenticate(token: string): Promise<AuthenticatedUser | null>;
  apiTokens: {
    throttle(tokenId: string): Promise<void>;
    authorize(scopes: readonly ApiTokenScope[], required: ApiTokenScope | null): void;
  };
  sensitive: {
    /** Whether this session gave a fresh proof within the window (on the product clock). */
    isFresh(sessionId: string): Promise<boolean>;
    /** Tells the owner, by email in their language, what changed, when and from where. */
    notifyOwner(user: SignedInUser, change: SensitiveChange, request: FastifyRequest): void;
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
    app.decorate('sensitiveRoutes', new Map<string, SensitiveRoute>());
    // The one guard of sensitive changes: every route declaring `config.sensitive` gets it, added here.
    app.addHook('onRoute', (route) => {
      const sensitive = route.config?.sensitive;
      if (!sensitive) return;
      for (const method of [route.method].flat()) if (method !== 'HEAD') app.sensitiveRoutes.set(`${method} ${route.url}`, sensitive);
      const applies = (request: FastifyRequest) => !sensitive.when || sensitive.when(request);
      const guard: preHandlerAsyncHookHandler = async (request) => {
        if (!applies(request)) return;
        const { sessionId, token } = requireAuth(request);
        if (token) throw new AppError('auth.token_not_allowed');
        if ((sensitive.proof ?? 'session') === 'session' && !(await opts.auth.sensitive.isFresh(sessionId)))
          throw new AppError('auth.reauth_required');
      };
      const notify: onResponseAsyncHookHandler = async (request, reply) => {
        if (!sensitive.change || sensitive.email === false || reply.statusCode >= 300 || !request.auth || !applies(request)) return;
        opts.auth.sensitive.notifyOwner(request.auth.user, sensitive.change, request);
      };
      route.preHandler = [guard, ...[route.preHandler ?? []].flat()];
      route.onResponse = [...[route.onResponse ?? []].flat(), notify];
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
    /** Every sensitive route (`METHOD /url`) with its declaration: the route-list test reads it. */
    sensitiveRoutes: Map<string, SensitiveRoute>;
  }
  interface FastifyContextConfig {
    /** This route makes a sensitive change: see SensitiveRoute. */
    sensitive?: SensitiveRoute;
  }
}
