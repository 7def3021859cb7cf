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
import type { ApiTokensRepository, SessionsRepository, UserRow } from '../account/index.js';
import { createApiTokens, isApiToken } from './api-tokens.js';
import type { Mailer } from '../../platform/mailer.js';
import type { KnownAddresses, TwoFactor } from './two-factor.js';
import type { SecondFactorRequired } from '@enlaza/contracts';
import { createFreshProof, type FreshProofSettings } from './fresh-proof.js';
import { failureNotice, loginLimits, LOGIN_LIMITS } from './sign-in-limits.js';
import { createSsoGate, type SsoRule } from './sso-gate.js';

const MINUTE = 60_000;
export const SESSION_IDLE_DAYS = 30;

/**
 * last_used_at is refreshed at most this often, so a busy session does not write on every request;
 * the "last seen" of Opciones' session list is as precise as this.
 */
const TOUCH_INTERVAL_MS = 5 * MINUTE;
const DAY = 24 * 60 * MINUTE;
/**
 * A session ends after SESSION_IDLE_DAYS unused, and SESSION_MAX_AGE_DAYS after its sign-in however
 * busy: a stolen token that is kept in use does not live for ever.
 */
const liveWindow = (now: number, maxAgeDays: number) => ({
  usedAfter: new Date(now - SESSION_IDLE_DAYS * DAY),
  createdAfter: new Date(now - maxAgeDays * DAY),
});

const challengeExpired = (): never => {
  throw new AppError('auth.second_factor_expired');
};

export type { AuthenticatedUser };
export type { SsoRule };
export { LOGIN_LIMITS };
/** `expiresAt`: a personal access token's expiry, or the end of a session's lifetime (sessions also end by idleness). */
type CachedSession = AuthenticatedUser & { userId: string; lastUsedAt: number; expiresAt: number | null };

export function createAuthService(
  repo: SessionsRepository,
  limiter: RateLimiter,
  events: Pick<EventBus, 'publish'>,
  requireAccess: RequireAccess,
  tokenSettings: { repo: ApiTokensRepository; ratePerMinute: number },
  signIn: {
    twoFactor: TwoFactor;
    knownAddresses: KnownAddresses;
    mailer: Pick<Mailer, 'send' | 'defer'>;
    sessionMaxAgeDays: number;
    ssoRule: () => SsoRule;
  },
  reauth: FreshProofSettings,
) {
  const { twoFactor, knownAddresses, mailer, sessionMaxAgeDays, ssoRule } = signIn;
  const cache = createSessionCache<CachedSession>({ ttlMs: 10_000, maxEntries: 50_000 });
  const apiTokens = createApiTokens({ ...tokenSettings, limiter, requireAccess, events, cache });

  const noticeFailures = failureNotice(limiter, mailer);
  const gate = createSsoGate({ repo, knownAddresses, ssoRule, startSession });
  const challengeUser = async (userId: string) => (await repo.findUserById(userId)) ?? challengeExpired();

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
    /**
     * The password step. With two-factor on (or required of an admin who has not set it up) the answer
     * is a short-lived challenge instead of a session: see docs/sign-in-security.md.
     */
    async login(input: LoginBody, origin: RequestOrigin): Promise<{ token: string; user: CurrentUser } | SecondFactorRequired> {
      const email = input.email.trim().toLowerCase();
      const address = addressKey(origin.address ?? '');
      const user = await repo.findUserByEmail(email);
      const knownAddress = user ? await knownAddresses.has(user.id, address) : false;
      // Counted before the password is checked, so parallel guesses are throttled too; a successful
      // sign-in releases its own count, so only failures add up.
      // A refused attempt is not counted: a stranger trying on past a limit does not keep it closed.
      const attempt = await limiter.hit(loginLimits(email, address, knownAddress), 'auth.throttled', { countRefused: false });

      // Verify against a dummy hash for unknown emails so the answer takes as long either way.
      const valid = await verifyPassword(user?.passwordHash ?? (await timingDummyHash()), input.password);
      if (!user || !valid) {
        await events.publish('auth.sign_in_failed', { userId: user?.id ?? null, origin, after: { email } });
        if (user) noticeFailures(user, email, Date.now());
        throw new AppError('auth.invalid_credentials');
      }
      // Only someone who knows the password learns the account's state.
      if (user.status === 'suspended') throw new AppError('auth.suspended');
      if (user.status === 'pending' || !user.emailVerifiedAt) throw new AppError('auth.unverified');

      await limiter.release(attempt);
      await gate.refuseWithoutSso(email);
      if (await twoFactor.enabled(user.id)) return { secondFactor: 'totp', ...(await twoFactor.createChallenge(user.id, 'verify')) };
      if (twoFactor.requiredFor(user)) return { secondFactor: 'enrol', ...(await twoFactor.createChallenge(user.id, 'enrol')) };
      // An address becomes the owner's only once a session starts there (after any second factor).
      await knownAddresses.remember(user.id, address);
      return startSession(user, origin);
    },

    /**
     * The second step: the challenge of the password step with a code from the app or a recovery
     * code. A wrong code uses up one of the challenge's few attempts.
     */
    async loginSecondFactor(
      input: { challenge: string; code: string },
      origin: RequestOrigin,
    ): Promise<{ token: string; user: CurrentUser }> {
      const found = await twoFactor.attemptChallenge(input.challenge, 'verify');
      const user = await challengeUser(found.userId);
      if (!(await twoFactor.verifyCode(user, input.code))) {
        // A wrong code counts as a failed sign-in: a new challenge (the password again) cannot renew guesses faster.
        const email = user.email.toLowerCase();
        await limiter.record(loginLimits(email, addressKey(origin.address ?? ''), false).map((limit) => limit.key));
        await events.publish('auth.sign_in_failed', { userId: user.id, origin, after: { email } });
        noticeFailures(user, email, Date.now());
        throw new AppError('auth.second_factor_invalid');
      }
      if (!(await twoFactor.spendChallenge(found.id))) throw new AppError('auth.second_factor_expired');
      await knownAddresses.remember(user.id, addressKey(origin.address ?? ''));
      return this.signInVerified(user, origin);
    },

    /** An admin who must have two-factor: the setup, reached with the password step's challenge. */
    async enrolmentSetup(challenge: string) {
      const found = await twoFactor.attemptChallenge(challenge, 'enrol');
      return twoFactor.setup(await challengeUser(found.userId));
    },

    /** …and its confirmation with the first code: two-factor on, signed in, recovery codes shown once. */
    async enrolmentConfirm(input: { challenge: string; code: string }, origin: RequestOrigin) {
      const found = await twoFactor.attemptChallenge(input.challenge, 'enrol');
      const user = await challengeUser(found.userId);
      const recoveryCodes = await twoFactor.confirm(user, input.code);
      if (!(await twoFactor.spendChallenge(found.id))) throw new AppError('auth.second_factor_expired');
      await knownAddresses.remember(user.id, addressKey(origin.address ?? ''));
      return { ...(await this.signInVerified(user, origin)), recoveryCodes };
    },

    /**
     * Signs in an account whose identity was proven another way (the one-time code a verification
     * answers): the same checks of its state, and the same session, as a sign-in with the password.
     */
    async signInVerified(user: UserRow, origin: RequestOrigin): Promise<{ token: string; user: CurrentUser }> {
      if (user.status === 'suspended') throw new AppError('auth.suspended');
      if (user.status !== 'active' || !user.emailVerifiedAt) throw new AppError('auth.unverified');
      await gate.refuseWithoutSso(user.email);
      return startSession(user, origin);
    },

    /** Single sign-on's side (sso-gate.ts): a session for who the identity provider vouched for; the enforcement check resets use. */
    ...gate,

    /**
     * As `signInVerified`, for a one-time code that stands for the email link alone (a verification):
     * never for an account with a second factor on or required, which signs in with the form.
     */
    async signInWithoutPassword(user: UserRow, origin: RequestOrigin): Promise<{ token: string; user: CurrentUser }> {
      if ((await twoFactor.enabled(user.id)) || twoFactor.requiredFor(user)) throw new AppError('auth.sign_in_code_invalid');
      return this.signInVerified(user, origin);
    },

    /** As `signInVerified`, for an account known by its id (a passkey's owner): a user gone since answers as a failed passkey. */
    async signInVerifiedById(userId: string, origin: RequestOrigin): Promise<{ token: string; user: CurrentUser }> {
      const user = await repo.findUserById(userId);
      if (!user) throw new AppError('auth.passkey_failed');
      return this.signInVerified(user, origin);
    },

    /** Resolves a bearer token (a session's, or a personal access token with its scopes) to its user, or null when unknown, revoked, expired or the user is not active. */
    async authenticate(token: string): Promise<AuthenticatedUser | null> {
      const now = Date.now();
      const tokenHash = sha256(token);
      if (isApiToken(token)) return apiTokens.authenticate(tokenHash, now);
      const cached = cache.get(tokenHash, now);
      if (cached && now - cached.lastUsedAt <= TOUCH_INTERVAL_MS && (cached.expiresAt === null || cached.expiresAt > now)) return cached;

      const stamp = cache.stamp();
      const found = await repo.findLiveSession(tokenHash, liveWindow(now, sessionMaxAgeDays));
      if (found?.user.status === 'suspended') throw new AppError('auth.suspended'); // the signed-in app tells the user why
      if (!found || found.user.status !== 'active') return null;
      let lastUsedAt = found.lastUsedAt.getTime();
      if (now - lastUsedAt > TOUCH_INTERVAL_MS) {
        await repo.touchSession(found.sessionId);
        lastUsedAt = now;
      }
      const session = { sessionId: found.sessionId, user: found.user };
      const expiresAt = found.createdAt.getTime() + sessionMaxAgeDays * DAY;
      cache.set(tokenHash, { ...session, userId: found.user.id, lastUsedAt, expiresAt }, stamp, now);
      return session;
    },

    async logout(userId: string, sessionId: string): Promise<void> {
      await repo.deleteSession(sessionId);
      cache.forgetUser(userId);
    },

    /** The user's live sessions for Opciones: device and browser, started, last seen, which one is this. */
    async listSessions(userId: string, currentSessionId: string): Promise<ActiveSession[]> {
      const rows = await repo.listSessionsOfUser(userId, liveWindow(Date.now(), sessionMaxAgeDays));
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

    /** Personal access tokens: created, listed and revoked in Opciones; throttled and scope-checked per request. */
    apiTokens,

    /** The fresh proof sensitive changes need, and the owner's email after one (fresh-proof.ts). */
    ...createFreshProof({ repo, limiter, events, knownAddresses, mailer, noticeFailures, ...reauth }),

    /** Call after changing a user or their sessions, so this process stops serving the old row. */
    forgetUser: (userId: string) => cache.forgetUser(userId),

    /** The session cache is used only while invalidations from the database arrive (see session-cache.ts). */
    sessionCache: cache,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
