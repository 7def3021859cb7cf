import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { RECOVERY_CODE_COUNT, type TwoFactorSetup, type TwoFactorStatus } from '@enlaza/contracts';
import type { Database } from '../../db/client.js';
import { randomToken, sha256, verifyPassword } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { secretBox } from '../../lib/secret-box.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import type { UserRow } from '../account/index.js';
import { knownSignInAddresses, signInChallenges, twoFactorRecoveryCodes, twoFactorSecrets } from './schema.js';

/** A challenge (password proven, second step due) lasts this long and takes this many wrong codes. */
export const CHALLENGE_MS = 5 * 60_000;
export const CHALLENGE_ATTEMPTS = 5;
const PERIOD_S = 30;
const ISSUER = 'Enlaza';

type Deps = { db: Database; appSecret: string; adminRequired: boolean; limiter: Pick<RateLimiter, 'consume'>; now?: () => number };

/**
 * What a signed-in session proves with a password or a code (turning it off, new recovery codes):
 * the same per-account budget as the account pages' password checks, so a stolen session is not an
 * unlimited guesser of either.
 */
const proofLimit = (userId: string) => [{ key: `password-check:${userId}`, max: 10, windowMs: 15 * 60_000 }];

const totpFor = (secretBase32: string, label: string) =>
  new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD_S, secret: Secret.fromBase32(secretBase32) });

/** "abcde-12345": 50 random bits in an alphabet without look-alikes, easy to type from paper. */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}
const recoveryHash = (code: string) => sha256(`recovery:${code.replace(/[^a-z0-9]/g, '')}`);
const isTotpCode = (code: string) => /^\d{6}$/.test(code);

export function createTwoFactor(deps: Deps) {
  const { db } = deps;
  const now = deps.now ?? (() => Date.now());
  // The TOTP secret is kept encrypted (lib/secret-box.ts), so a copy of the table does not hand out second factors.
  const box = secretBox(deps.appSecret, 'two-factor-secret');

  async function row(userId: string) {
    const [found] = await db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
    return found ?? null;
  }

  /**
   * A TOTP code checked at ±1 step; the step it matched is stored, and a code for that step or an
   * earlier one is refused (RFC 6238 §5.2: one use per code). The update is conditional, so two
   * requests with the same code cannot both pass.
   */
  async function useTotp(userId: string, code: string, label: string): Promise<boolean> {
    const found = await row(userId);
    if (!found || !isTotpCode(code)) return false;
    const at = now();
    const delta = totpFor(box.open(found.secretEncrypted), label).validate({ token: code, timestamp: at, window: 1 });
    if (delta === null) return false;
    const step = Math.floor(at / 1000 / PERIOD_S) + delta;
    const updated = await db
      .update(twoFactorSecrets)
      .set({ lastUsedStep: step })
      .where(
        and(
          eq(twoFactorSecrets.userId, userId),
          sql`(${twoFactorSecrets.lastUsedStep} is null or ${twoFactorSecrets.lastUsedStep} < ${step})`,
        ),
      )
      .returning({ userId: twoFactorSecrets.userId });
    return updated.length === 1;
  }

  /** A recovery code, spent at once (a conditional update: used once even under concurrent requests). */
  async function useRecoveryCode(userId: string, code: string): Promise<boolean> {
    if (isTotpCode(code)) return false;
    const spent = await db
      .update(twoFactorRecoveryCodes)
      .set({ usedAt: new Date(now()) })
      .where(
        and(
          eq(twoFactorRecoveryCodes.userId, userId),
          eq(twoFactorRecoveryCodes.codeHash, recoveryHash(code)),
          isNull(twoFactorRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: twoFactorRecoveryCodes.id });
    return spent.length === 1;
  }

  async function replaceRecoveryCodes(userId: string): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await db.transaction(async (tx) => {
      await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
      await tx.insert(twoFactorRecoveryCodes).values(codes.map((code) => ({ userId, codeHash: recoveryHash(code) })));
    });
    return codes;
  }

  const requiredFor = (user: Pick<UserRow, 'role'>) => deps.adminRequired && user.role === 'admin';

  const service = {
    requiredFor,

    async enabled(userId: string): Promise<boolean> {
      return Boolean((await row(userId))?.enabledAt);
    },

    async status(user: UserRow): Promise<TwoFactorStatus> {
      const found = await row(user.id);
      const [left] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(twoFactorRecoveryCodes)
        .where(and(eq(twoFactorRecoveryCodes.userId, user.id), isNull(twoFactorRecoveryCodes.usedAt)));
      return { enabled: Boolean(found?.enabledAt), recoveryCodesLeft: found?.enabledAt ? (left?.n ?? 0) : 0, required: requiredFor(user) };
    },

    /** A new secret, not yet in force: the owner proves their app has it with `confirm`. */
    async setup(user: UserRow): Promise<TwoFactorSetup> {
      const found = await row(user.id);
      if (found?.enabledAt) throw new AppError('two_factor.already_enabled');
      const secret = new Secret({ size: 20 }).base32;
      const sealed = box.seal(secret);
      await db
        .insert(twoFactorSecrets)
        .values({ userId: user.id, secretEncrypted: sealed })
        .onConflictDoUpdate({ target: twoFactorSecrets.userId, set: { secretEncrypted: sealed, lastUsedStep: null, enabledAt: null } });
      const otpauthUri = totpFor(secret, user.email).toString();
      const svg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      return { secret, otpauthUri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
    },

    /** The first code turns it on and makes the recovery codes, shown this once. */
    async confirm(user: UserRow, code: string): Promise<string[]> {
      const found = await row(user.id);
      if (!found) throw new AppError('two_factor.setup_missing');
      if (found.enabledAt) throw new AppError('two_factor.already_enabled');
      if (!(await useTotp(user.id, code, user.email))) throw new AppError('two_factor.code_invalid');
      await db
        .update(twoFactorSecrets)
        .set({ enabledAt: new Date(now()) })
        .where(eq(twoFactorSecrets.userId, user.id));
      return replaceRecoveryCodes(user.id);
    },

    /** Off, with the password or a current code (an admin who must have it cannot turn it off). */
    async disable(user: UserRow, proof: { password?: string; code?: string }): Promise<void> {
      if (!(await row(user.id))?.enabledAt) throw new AppError('two_factor.not_enabled');
      if (requiredFor(user)) throw new AppError('auth.forbidden');
      await deps.limiter.consume(proofLimit(user.id));
      const proven = proof.password
        ? await verifyPassword(user.passwordHash ?? '', proof.password)
        : proof.code !== undefined && (await service.verifyCode(user, proof.code));
      if (!proven) throw new AppError('two_factor.code_invalid');
      await db.transaction(async (tx) => {
        await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user.id));
        await tx.delete(twoFactorSecrets).where(eq(twoFactorSecrets.userId, user.id));
      });
    },

    async regenerateRecoveryCodes(user: UserRow, code: string): Promise<string[]> {
      if (!(await row(user.id))?.enabledAt) throw new AppError('two_factor.not_enabled');
      await deps.limiter.consume(proofLimit(user.id));
      if (!(await useTotp(user.id, code, user.email))) throw new AppError('two_factor.code_invalid');
      return replaceRecoveryCodes(user.id);
    },

    /** A current code from the app only (a fresh proof before a sensitive change: recovery codes are kept for a lost phone). */
    verifyAppCode: (user: UserRow, code: string): Promise<boolean> => useTotp(user.id, code, user.email),

    /** A code from the app, or else an unused recovery code (spent by this). */
    async verifyCode(user: UserRow, code: string): Promise<boolean> {
      return (await useTotp(user.id, code, user.email)) || (await useRecoveryCode(user.id, code));
    },

    /** The opaque token of a second step; only its hash is kept. */
    async createChallenge(userId: string, purpose: 'verify' | 'enrol'): Promise<{ challenge: string; expiresAt: string }> {
      const at = now();
      // Expired challenges go as new ones come: the table holds only the last few minutes'.
      await db.delete(signInChallenges).where(lt(signInChallenges.expiresAt, new Date(at)));
      const challenge = randomToken();
      const expiresAt = new Date(at + CHALLENGE_MS);
      await db.insert(signInChallenges).values({ tokenHash: sha256(challenge), userId, purpose, expiresAt });
      return { challenge, expiresAt: expiresAt.toISOString() };
    },

    /**
     * Counts one attempt on a live challenge and returns whose it is; unknown, expired, spent or out of
     * attempts: 401 second_factor_expired (sign in with the password again).
     */
    async attemptChallenge(challenge: string, purpose: 'verify' | 'enrol'): Promise<{ id: string; userId: string }> {
      const [found] = await db
        .update(signInChallenges)
        .set({ attempts: sql`${signInChallenges.attempts} + 1` })
        .where(
          and(
            eq(signInChallenges.tokenHash, sha256(challenge)),
            eq(signInChallenges.purpose, purpose),
            gt(signInChallenges.expiresAt, new Date(now())),
            lt(signInChallenges.attempts, CHALLENGE_ATTEMPTS),
          ),
        )
        .returning({ id: signInChallenges.id, userId: signInChallenges.userId });
      if (!found) throw new AppError('auth.second_factor_expired');
      return found;
    },

    /** Used once: the challenge is gone when the session starts. */
    async spendChallenge(id: string): Promise<boolean> {
      const gone = await db.delete(signInChallenges).where(eq(signInChallenges.id, id)).returning({ id: signInChallenges.id });
      return gone.length === 1;
    },
  };
  return service;
}

export type TwoFactor = ReturnType<typeof createTwoFactor>;

/** Addresses an account has signed in from before (hashed with the user id, never shown). */
export function createKnownAddresses(db: Database) {
  const hashOf = (userId: string, address: string) => sha256(`sign-in-address:${userId}|${address}`);
  return {
    async has(userId: string, address: string): Promise<boolean> {
      const [found] = await db
        .select({ userId: knownSignInAddresses.userId })
        .from(knownSignInAddresses)
        .where(and(eq(knownSignInAddresses.userId, userId), eq(knownSignInAddresses.addressHash, hashOf(userId, address))));
      return Boolean(found);
    },
    async remember(userId: string, address: string): Promise<void> {
      await db
        .insert(knownSignInAddresses)
        .values({ userId, addressHash: hashOf(userId, address) })
        .onConflictDoUpdate({
          target: [knownSignInAddresses.userId, knownSignInAddresses.addressHash],
          set: { lastSignInAt: sql`now()` },
        });
    },
  };
}
export type KnownAddresses = ReturnType<typeof createKnownAddresses>;
