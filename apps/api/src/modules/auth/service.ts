import type { CurrentUser, LoginBody } from '@enlaza/contracts';
import { randomToken, sha256, timingDummyHash, verifyPassword } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { toCurrentUser } from './current-user.js';
import type { AuthRepository, UserRow } from './repository.js';

const MINUTE = 60_000;
export const SESSION_IDLE_DAYS = 30;
/** Failures allowed per minute for one email from one address, and for one address over all emails. */
export const LOGIN_LIMITS = { perEmailAndAddress: 5, perAddress: 30, windowMs: MINUTE } as const;
/** last_used_at is refreshed at most this often, so a busy session does not write on every request. */
const TOUCH_INTERVAL_MS = 5 * MINUTE;

export type AuthenticatedUser = { sessionId: string; user: UserRow };

export function createAuthService(repo: AuthRepository) {
  const throttleKeys = (email: string, address: string) => ({
    pair: sha256(`login:${email}|${address}`),
    address: sha256(`login-ip:${address}`),
  });

  async function assertNotThrottled(keys: { pair: string; address: string }, now: number) {
    const since = new Date(now - LOGIN_LIMITS.windowMs);
    const checks = [
      [keys.pair, LOGIN_LIMITS.perEmailAndAddress],
      [keys.address, LOGIN_LIMITS.perAddress],
    ] as const;
    for (const [key, limit] of checks) {
      const { count, oldest } = await repo.countFailuresSince(key, since);
      if (count >= limit) {
        const seconds = Math.max(1, Math.ceil(((oldest?.getTime() ?? now) + LOGIN_LIMITS.windowMs - now) / 1000));
        throw new AppError('auth.throttled', { seconds }, undefined, { 'Retry-After': String(seconds) });
      }
    }
  }

  return {
    async login(input: LoginBody, address: string, userAgent: string | null): Promise<{ token: string; user: CurrentUser }> {
      const email = input.email.trim().toLowerCase();
      const keys = throttleKeys(email, address);
      const now = Date.now();
      await assertNotThrottled(keys, now);

      const user = await repo.findUserByEmail(email);
      // Verify against a dummy hash for unknown emails so the answer takes as long either way.
      const valid = await verifyPassword(user?.passwordHash ?? (await timingDummyHash()), input.password);
      if (!user || !valid) {
        await repo.recordFailures([keys.pair, keys.address], new Date(now - 60 * MINUTE));
        throw new AppError('auth.invalid_credentials');
      }
      // Only someone who knows the password learns the account's state.
      if (user.status === 'suspended') throw new AppError('auth.suspended');
      if (user.status === 'pending' || !user.emailVerifiedAt) throw new AppError('auth.unverified');

      await repo.clearFailures(keys.pair);
      const token = randomToken();
      await repo.insertSession(user.id, sha256(token), userAgent);
      return { token, user: toCurrentUser(user) };
    },

    /** Resolves a bearer token to its session and user, or null when unknown, revoked, idle too long or the user is not active. */
    async authenticate(token: string): Promise<AuthenticatedUser | null> {
      const now = Date.now();
      const found = await repo.findLiveSession(sha256(token), new Date(now - SESSION_IDLE_DAYS * 24 * 60 * MINUTE));
      if (!found || found.user.status !== 'active') return null;
      if (now - found.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) await repo.touchSession(found.sessionId);
      return { sessionId: found.sessionId, user: found.user };
    },

    logout: (sessionId: string) => repo.deleteSession(sessionId),

    /** Ends every session of a user at once (suspension, password reset or change). */
    revokeAllSessions: (userId: string) => repo.deleteSessionsOfUser(userId),

  };
}

export type AuthService = ReturnType<typeof createAuthService>;
