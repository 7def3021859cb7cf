import type { ActiveSession, CurrentUser, LoginBody } from '@enlaza/contracts';
import { randomToken, sha256, timingDummyHash, verifyPassword } from '../../lib/crypto.js';
import type { AuthenticatedUser } from '../../lib/auth.js';
import { AppError } from '../../lib/errors.js';
import { addressKey, type RateLimiter } from '../../lib/rate-limit.js';
import { createSessionCache } from '../../lib/session-cache.js';
import type { RequestOrigin } from '../../lib/request-context.js';
import type { RequireAccess } from '../../platform/access.js';
import type { EventBus } from '../../platform/events.js';
import { toCurrentUser } from './current-user.js';
import { deviceOf } from './device.js';
import type { SessionsRepository, UserRow } from '../account/index.js';

const MINUTE = 60_000;
export const SESSION_IDLE_DAYS = 30;
/**
 * Failed sign-ins allowed per minute: for one email from one address; for one address over all
 * emails; for one email over all addresses (guessing spread over many addresses).
 */
export const LOGIN_LIMITS = { perEmailAndAddress: 5, perAddress: 30, perEmail: 20, windowMs: MINUTE } as const;

/**
 * last_used_at is refreshed at most this often, so a busy session does not write on every request;
 * the "last seen" of Opciones' session list is as precise as this.
 */
const TOUCH_INTERVAL_MS = 5 * MINUTE;
const idleSince = (now: number) => new Date(now - SESSION_IDLE_DAYS * 24 * 60 * MINUTE);

export type { AuthenticatedUser };
type CachedSession = AuthenticatedUser & { userId: string; lastUsedAt: number };

export function createAuthService(
  repo: SessionsRepository,
  limiter: RateLimiter,
  events: Pick<EventBus, 'publish'>,
  requireAccess: RequireAccess,
) {
  const cache = createSessionCache<CachedSession>({ ttlMs: 10_000, maxEntries: 50_000 });

  const loginLimits = (email: string, address: string) => [
    { key: `login:${email}|${address}`, max: LOGIN_LIMITS.perEmailAndAddress, windowMs: LOGIN_LIMITS.windowMs },
    { key: `login-address:${address}`, max: LOGIN_LIMITS.perAddress, windowMs: LOGIN_LIMITS.windowMs },
    { key: `login-email:${email}`, max: LOGIN_LIMITS.perEmail, windowMs: LOGIN_LIMITS.windowMs },
  ];

  /** The one way a session starts: a random token (only its hash stored), the device, the sign-in recorded. */
  async function startSession(user: UserRow, origin: RequestOrigin): Promise<{ token: string; user: CurrentUser }> {
    const token = randomToken();
    await repo.transaction(async (tx) => {
      await repo.insertSession(user.id, sha256(token), origin.device, tx);
      await events.publish('auth.sign_in', { userId: user.id, actorId: user.id, origin }, tx);
    });
    return { token, user: toCurrentUser(user) };
  }

  return {
    async login(input: LoginBody, origin: RequestOrigin): Promise<{ token: string; user: CurrentUser }> {
      const email = input.email.trim().toLowerCase();
      // Counted before the password is checked, so parallel guesses are throttled too; a successful
      // sign-in releases its own count, so only failures add up.
      const attempt = await limiter.hit(loginLimits(email, addressKey(origin.address ?? '')), 'auth.throttled');

      const user = await repo.findUserByEmail(email);
      // Verify against a dummy hash for unknown emails so the answer takes as long either way.
      const valid = await verifyPassword(user?.passwordHash ?? (await timingDummyHash()), input.password);
      if (!user || !valid) {
        await events.publish('auth.sign_in_failed', { userId: user?.id ?? null, origin, after: { email } });
        throw new AppError('auth.invalid_credentials');
      }
      // Only someone who knows the password learns the account's state.
      if (user.status === 'suspended') throw new AppError('auth.suspended');
      if (user.status === 'pending' || !user.emailVerifiedAt) throw new AppError('auth.unverified');

      await limiter.release(attempt);
      return startSession(user, origin);
    },

    /**
     * Signs in an account whose identity was proven another way (the one-time code a verification
     * answers): the same checks of its state, and the same session, as a sign-in with the password.
     */
    async signInVerified(user: UserRow, origin: RequestOrigin): Promise<{ token: string; user: CurrentUser }> {
      if (user.status === 'suspended') throw new AppError('auth.suspended');
      if (user.status !== 'active' || !user.emailVerifiedAt) throw new AppError('auth.unverified');
      return startSession(user, origin);
    },

    /** Resolves a bearer token to its session and user, or null when unknown, revoked, idle too long or the user is not active. */
    async authenticate(token: string): Promise<AuthenticatedUser | null> {
      const now = Date.now();
      const tokenHash = sha256(token);
      const cached = cache.get(tokenHash, now);
      if (cached && now - cached.lastUsedAt <= TOUCH_INTERVAL_MS) return cached;

      const stamp = cache.stamp();
      const found = await repo.findLiveSession(tokenHash, idleSince(now));
      if (found?.user.status === 'suspended') throw new AppError('auth.suspended'); // the signed-in app tells the user why
      if (!found || found.user.status !== 'active') return null;
      let lastUsedAt = found.lastUsedAt.getTime();
      if (now - lastUsedAt > TOUCH_INTERVAL_MS) {
        await repo.touchSession(found.sessionId);
        lastUsedAt = now;
      }
      const session = { sessionId: found.sessionId, user: found.user };
      cache.set(tokenHash, { ...session, userId: found.user.id, lastUsedAt }, stamp, now);
      return session;
    },

    async logout(userId: string, sessionId: string): Promise<void> {
      await repo.deleteSession(sessionId);
      cache.forgetUser(userId);
    },

    /** The user's live sessions for Opciones: device and browser, started, last seen, which one is this. */
    async listSessions(userId: string, currentSessionId: string): Promise<ActiveSession[]> {
      const rows = await repo.listSessionsOfUser(userId, idleSince(Date.now()));
      return rows.map((row) => ({
        id: row.id,
        device: deviceOf(row.userAgent),
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastUsedAt.toISOString(),
        current: row.id === currentSessionId,
      }));
    },

    /**
     * "Sign out this one": ends one of the user's own sessions (another user's or an ended one is
     * unknown: 404, from the access check). The process's cache forgets the user at once; other
     * processes hear it from the database.
     */
    async revokeSession(userId: string, sessionId: string): Promise<void> {
      await requireAccess({ id: userId }, 'session', sessionId);
      // Still scoped to the user; a concurrent sign-out that ended it first leaves nothing to do.
      await repo.deleteSessionOfUser(userId, sessionId);
      cache.forgetUser(userId);
    },

    /** "Sign out everywhere else": every session of the user but the one making the request. */
    async revokeOtherSessions(userId: string, currentSessionId: string): Promise<number> {
      const ended = await repo.deleteOtherSessions(userId, currentSessionId);
      cache.forgetUser(userId);
      return ended;
    },

    /** Ends every session of a user at once (suspension, password reset or change). */
    async revokeAllSessions(userId: string): Promise<void> {
      await repo.deleteSessionsOfUser(userId);
      cache.forgetUser(userId);
    },

    /** Call after changing a user or their sessions, so this process stops serving the old row. */
    forgetUser: (userId: string) => cache.forgetUser(userId),

    /** The session cache is used only while invalidations from the database arrive (see session-cache.ts). */
    sessionCache: cache,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
