import {
  API_TOKEN_PREFIX,
  API_TOKENS_PER_USER,
  type ApiToken,
  type ApiTokenScope,
  type CreateApiTokenBody,
  type CreatedApiToken,
} from '@enlaza/contracts';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import type { AuthenticatedUser } from '../../lib/auth.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import type { RequestOrigin } from '../../lib/request-context.js';
import type { RequireAccess } from '../../platform/access.js';
import type { EventBus } from '../../platform/events.js';
import type { ApiTokensRepository } from '../account/index.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A token's "last used" is as precise as this (a script may call many times a second). */
const TOKEN_TOUCH_INTERVAL_MS = 60_000;

type CachedToken = AuthenticatedUser & { userId: string; lastUsedAt: number; expiresAt: number | null };
/** What this file uses of the auth service's session cache (lib/session-cache.ts). */
type TokenCache = {
  get(key: string, now?: number): CachedToken | undefined;
  stamp(): number;
  set(key: string, value: CachedToken, stamp: number, now?: number): void;
  forgetUser(userId: string): void;
};

export const isApiToken = (token: string) => token.startsWith(API_TOKEN_PREFIX);

const toApiToken = (row: Awaited<ReturnType<ApiTokensRepository['listTokensOfUser']>>[number]): ApiToken => ({
  id: row.id,
  name: row.name,
  scopes: row.scopes,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt?.toISOString() ?? null,
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/**
 * Opciones' personal access tokens: created with a name, scopes and a lifetime, the secret shown
 * once (only its SHA-256 kept, as for sessions), listed, revoked; and resolved for `authenticate`.
 * A revoked token leaves this process's session cache at once (other processes hear it from the
 * database trigger).
 */
export function createApiTokens(deps: {
  repo: ApiTokensRepository;
  limiter: RateLimiter;
  requireAccess: RequireAccess;
  events: Pick<EventBus, 'publish'>;
  ratePerMinute: number;
  cache: TokenCache;
}) {
  const { repo, cache } = deps;
  return {
    /**
     * The owner and scopes of a token (by its hash), or null when unknown, revoked, expired or the
     * owner is not active; cached with the sessions, its expiry checked on every hit.
     */
    async authenticate(tokenHash: string, now: number): Promise<AuthenticatedUser | null> {
      const cached = cache.get(tokenHash, now);
      if (cached && now - cached.lastUsedAt <= TOKEN_TOUCH_INTERVAL_MS && (cached.expiresAt === null || cached.expiresAt > now))
        return cached;
      const stamp = cache.stamp();
      const found = await repo.findToken(tokenHash);
      if (!found || (found.expiresAt && found.expiresAt.getTime() <= now)) return null;
      if (found.user.status === 'suspended') throw new AppError('auth.suspended');
      if (found.user.status !== 'active') return null;
      let lastUsedAt = found.lastUsedAt?.getTime() ?? 0;
      if (now - lastUsedAt > TOKEN_TOUCH_INTERVAL_MS) {
        await repo.touchToken(found.tokenId);
        lastUsedAt = now;
      }
      const session = { sessionId: found.tokenId, user: found.user, token: { id: found.tokenId, scopes: found.scopes } };
      const expiresAt = found.expiresAt?.getTime() ?? null;
      cache.set(tokenHash, { ...session, userId: found.user.id, lastUsedAt, expiresAt }, stamp, now);
      return session;
    },

    /** Creating and revoking are recorded in the owner's history (Historial), with the token's name and scopes. */
    async create(userId: string, input: CreateApiTokenBody, origin: RequestOrigin, now = Date.now()): Promise<CreatedApiToken> {
      const secret = `${API_TOKEN_PREFIX}${randomToken()}`;
      const expiresAt = input.expiresIn === 'never' ? null : new Date(now + Number(input.expiresIn) * DAY_MS);
      const row = await repo.insertToken(
        userId,
        { name: input.name, tokenHash: sha256(secret), scopes: input.scopes, expiresAt },
        API_TOKENS_PER_USER,
      );
      if (!row) throw new AppError('auth.token_limit', { max: API_TOKENS_PER_USER });
      await deps.events.publish('token.created', {
        userId,
        actorId: userId,
        origin,
        target: { type: 'api_token', id: row.id },
        after: { name: row.name, scopes: row.scopes, expiresAt: row.expiresAt?.toISOString() ?? null },
      });
      return { token: toApiToken(row), secret };
    },

    async list(userId: string): Promise<ApiToken[]> {
      return (await repo.listTokensOfUser(userId)).map(toApiToken);
    },

    /** Another user's token, or one already revoked, is unknown: 404 from the access check. */
    async revoke(userId: string, tokenId: string, origin: RequestOrigin): Promise<void> {
      await deps.requireAccess({ id: userId }, 'api_token', tokenId);
      const revoked = await repo.deleteTokenOfUser(userId, tokenId);
      cache.forgetUser(userId);
      // A concurrent revocation that ended it first has already been recorded.
      if (revoked)
        await deps.events.publish('token.revoked', {
          userId,
          actorId: userId,
          origin,
          target: { type: 'api_token', id: tokenId },
          before: { name: revoked.name },
        });
    },

    /** Revokes every token of a user at once (a password reset with "revoke all access tokens" ticked). */
    async revokeAll(userId: string): Promise<number> {
      const revoked = await repo.deleteTokensOfUser(userId);
      cache.forgetUser(userId);
      return revoked;
    },

    /**
     * Every request made with a token counts against its own limit (across processes: the limiter
     * is the database's), whatever it asks for; over it: 429 with Retry-After.
     */
    async throttle(tokenId: string): Promise<void> {
      await deps.limiter.hit([{ key: `api-token:${tokenId}`, max: deps.ratePerMinute, windowMs: 60_000 }], 'request.throttled');
    },

    /** The one scope decision: `required` null means no scope covers the operation, so no token may call it. */
    authorize(scopes: readonly ApiTokenScope[], required: ApiTokenScope | null): void {
      if (!required) throw new AppError('auth.token_not_allowed');
      if (!scopes.includes(required))
        throw new AppError('auth.token_scope_missing', { scope: required }, undefined, undefined, { scope: required });
    },
  };
}

export type ApiTokens = ReturnType<typeof createApiTokens>;
