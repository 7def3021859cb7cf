import { and, count, desc, eq, gt, lt } from 'drizzle-orm';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import {
  PASSKEYS_PER_USER,
  type AddPasskeyBody,
  type CurrentUser,
  type Passkey,
  type PasskeyCeremony,
  type PasskeySignInBody,
} from '@enlaza/contracts';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { RequestOrigin } from '../../lib/request-context.js';
import { addressKey, type RateLimiter } from '../../lib/rate-limit.js';
import type { RequireAccess } from '../../platform/access.js';
import type { UserRow } from '../account/index.js';
import { passkeys, webauthnChallenges } from './schema.js';

/** A ceremony has this long from its options to its answer (WebAuthn's own timeout is the same). */
const CEREMONY_MS = 5 * 60_000;
/** Sign-in ceremonies one address may start in 10 minutes: each is a row until it is used or expires. */
const SIGN_INS_PER_ADDRESS = 30;

type Deps = {
  db: Database;
  site: { origin: string; rpId: string };
  rpName: string;
  limiter: RateLimiter;
  requireAccess: RequireAccess;
  /** The auth module's one way to start a session for an account proven another way (same checks as the password). */
  signIn: (userId: string, origin: RequestOrigin) => Promise<{ token: string; user: CurrentUser }>;
  now?: () => Date;
};

type Purpose = (typeof webauthnChallenges.$inferSelect)['purpose'];

/** Verifies a passkey's answer to a challenge and moves its counter on: the passkey's owner. */
async function verifyAssertion(
  db: Database,
  expected: { expectedOrigin: string; expectedRPID: string; requireUserVerification: boolean },
  at: Date,
  body: PasskeySignInBody,
  challenge: string,
): Promise<string> {
  const [found] = await db.select({ passkey: passkeys }).from(passkeys).where(eq(passkeys.credentialId, body.credential.id));
  if (!found) throw new AppError('auth.passkey_failed');
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      ...expected,
      response: body.credential as unknown as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      credential: {
        id: found.passkey.credentialId,
        publicKey: isoBase64URL.toBuffer(found.passkey.publicKey),
        counter: found.passkey.counter,
        transports: found.passkey.transports as AuthenticatorTransportFuture[],
      },
    });
  } catch {
    // A wrong origin or site, a bad signature, a counter that went back (a cloned key).
    throw new AppError('auth.passkey_failed');
  }
  if (!verification.verified) throw new AppError('auth.passkey_failed');
  await db
    .update(passkeys)
    .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: at })
    .where(eq(passkeys.id, found.passkey.id));
  return found.passkey.userId;
}

const toPasskey = (row: typeof passkeys.$inferSelect): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  backedUp: row.backedUp,
});

/**
 * Passkeys with @simplewebauthn/server: registration by a signed-in owner, and sign-in without a
 * password, user verification required (the device's PIN or biometrics: a passkey is then two
 * factors on its own, so a passkey sign-in is not asked for a second one). Discoverable
 * credentials: the sign-in asks for no email, the passkey says whose it is.
 */
export function createPasskeysService(deps: Deps) {
  const { db, site } = deps;
  const now = deps.now ?? (() => new Date());

  async function startCeremony(purpose: Purpose, userId: string | null, challenge: string): Promise<string> {
    const at = now();
    // Expired ceremonies go as new ones start: the table holds only the last few minutes'.
    await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, at));
    const [row] = await db
      .insert(webauthnChallenges)
      .values({ purpose, userId, challenge, expiresAt: new Date(at.getTime() + CEREMONY_MS) })
      .returning({ id: webauthnChallenges.id });
    return row!.id;
  }

  /** The ceremony's challenge, used once: a second answer with the same id finds nothing. */
  async function takeChallenge(id: string, purpose: Purpose, userId: string | null): Promise<string> {
    const [row] = await db
      .delete(webauthnChallenges)
      .where(and(eq(webauthnChallenges.id, id), eq(webauthnChallenges.purpose, purpose), gt(webauthnChallenges.expiresAt, now())))
      .returning();
    if (!row || row.userId !== userId) throw new AppError('auth.passkey_expired');
    return row.challenge;
  }

  const expected = { expectedOrigin: site.origin, expectedRPID: site.rpId, requireUserVerification: true };

  const service = {
    async list(userId: string): Promise<Passkey[]> {
      const rows = await db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(desc(passkeys.createdAt));
      return rows.map(toPasskey);
    },

    /** The options for the browser's `create()`: the owner's passkeys excluded, so one device registers once. */
    async registrationOptions(user: UserRow): Promise<PasskeyCeremony> {
      const own = await db
        .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
        .from(passkeys)
        .where(eq(passkeys.userId, user.id));
      if (own.length >= PASSKEYS_PER_USER) throw new AppError('auth.passkey_limit', { max: PASSKEYS_PER_USER });
      const options = await generateRegistrationOptions({
        rpName: deps.rpName,
        rpID: site.rpId,
        // The same handle for every passkey of the account: a device asked again replaces its own.
        userID: new TextEncoder().encode(user.id),
        userName: user.email,
        userDisplayName: user.name,
        attestationType: 'none',
        timeout: CEREMONY_MS,
        excludeCredentials: own.map((p) => ({ id: p.credentialId, transports: p.transports as AuthenticatorTransportFuture[] })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      const challengeId = await startCeremony('register', user.id, options.challenge);
      return { challengeId, options: options as unknown as Record<string, unknown> };
    },

    async add(user: UserRow, body: AddPasskeyBody): Promise<Passkey> {
      const challenge = await takeChallenge(body.challengeId, 'register', user.id);
      let verification;
      try {
        verification = await verifyRegistrationResponse({
          ...expected,
          response: body.credential as unknown as RegistrationResponseJSON,
          expectedChallenge: challenge,
        });
      } catch {
        throw new AppError('auth.passkey_failed');
      }
      if (!verification.verified || !verification.registrationInfo) throw new AppError('auth.passkey_failed');
      const { credential, credentialBackedUp } = verification.registrationInfo;
      return db.transaction(async (tx) => {
        const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, user.id));
        if (n >= PASSKEYS_PER_USER) throw new AppError('auth.passkey_limit', { max: PASSKEYS_PER_USER });
        const [row] = await tx
          .insert(passkeys)
          .values({
            userId: user.id,
            name: body.name,
            credentialId: credential.id,
            publicKey: isoBase64URL.fromBuffer(credential.publicKey),
            counter: credential.counter,
            transports: credential.transports ?? [],
            backedUp: credentialBackedUp,
          })
          .onConflictDoNothing({ target: passkeys.credentialId })
          .returning();
        if (!row) throw new AppError('auth.passkey_registered');
        return toPasskey(row);
      });
    },

    async rename(userId: string, id: string, name: string): Promise<Passkey> {
      await deps.requireAccess({ id: userId }, 'passkey', id);
      const [row] = await db.update(passkeys).set({ name }).where(eq(passkeys.id, id)).returning();
      return toPasskey(row!);
    },

    /** Removes every passkey of a user (a password reset that asks for it): how many went. */
    async removeAll(userId: string): Promise<number> {
      return (await db.delete(passkeys).where(eq(passkeys.userId, userId)).returning({ id: passkeys.id })).length;
    },

    async has(userId: string): Promise<boolean> {
      const [row] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1);
      return Boolean(row);
    },

    async remove(userId: string, id: string): Promise<void> {
      await deps.requireAccess({ id: userId }, 'passkey', id);
      await db.delete(passkeys).where(eq(passkeys.id, id));
    },

    /** The options for the browser's `get()`: no credentials listed, the device offers its passkeys for this site. */
    async signInOptions(origin: RequestOrigin): Promise<PasskeyCeremony> {
      await deps.limiter.hit([
        { key: `passkey-options:${addressKey(origin.address ?? '')}`, max: SIGN_INS_PER_ADDRESS, windowMs: 10 * 60_000 },
      ]);
      const options = await generateAuthenticationOptions({ rpID: site.rpId, userVerification: 'required', timeout: CEREMONY_MS });
      const challengeId = await startCeremony('sign_in', null, options.challenge);
      return { challengeId, options: options as unknown as Record<string, unknown> };
    },

    /** Signs in with a passkey: the same session, and the same account checks, as the password. */
    async signIn(body: PasskeySignInBody, origin: RequestOrigin): Promise<{ token: string; user: CurrentUser }> {
      const challenge = await takeChallenge(body.challengeId, 'sign_in', null);
      const userId = await verifyAssertion(db, expected, now(), body, challenge);
      return deps.signIn(userId, origin);
    },

    /** The options for a fresh proof with a passkey: only the signed-in owner's own passkeys are offered. */
    async reauthenticationOptions(user: UserRow): Promise<PasskeyCeremony> {
      const own = await db
        .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
        .from(passkeys)
        .where(eq(passkeys.userId, user.id));
      if (own.length === 0) throw new AppError('auth.passkey_failed');
      const options = await generateAuthenticationOptions({
        rpID: site.rpId,
        userVerification: 'required',
        timeout: CEREMONY_MS,
        allowCredentials: own.map((p) => ({ id: p.credentialId, transports: p.transports as AuthenticatorTransportFuture[] })),
      });
      const challengeId = await startCeremony('reauthenticate', user.id, options.challenge);
      return { challengeId, options: options as unknown as Record<string, unknown> };
    },

    /**
     * Whether a passkey answer proves the signed-in owner (the ceremony theirs, the passkey theirs,
     * user verification done): false, never an error, for anything else, so the caller counts it as
     * a failed proof. An expired or unknown ceremony is still `auth.passkey_expired`.
     */
    async provesOwner(userId: string, body: PasskeySignInBody): Promise<boolean> {
      const challenge = await takeChallenge(body.challengeId, 'reauthenticate', userId);
      try {
        return (await verifyAssertion(db, expected, now(), body, challenge)) === userId;
      } catch (error) {
        if (error instanceof AppError && error.code === 'auth.passkey_failed') return false;
        throw error;
      }
    },
  };
  return service;
}

export type PasskeysService = ReturnType<typeof createPasskeysService>;
