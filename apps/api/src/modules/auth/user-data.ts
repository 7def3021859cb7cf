import { and, count, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { UserDataProvider } from '../../platform/user-data-registry.js';
import { knownSignInAddresses, signInChallenges, twoFactorRecoveryCodes, twoFactorSecrets } from './schema.js';

/**
 * Two-factor sign-in's part of "export my data" (whether it is on, the recovery codes left, how many
 * addresses are known: the secret and the hashes are no use to anyone outside the server) and of
 * deleting the account (every row of the four tables).
 */
export function createSignInUserData(db: Database): UserDataProvider<'signIn'> {
  return {
    section: 'signIn',
    async export(userId) {
      const [secret] = await db
        .select({ enabledAt: twoFactorSecrets.enabledAt })
        .from(twoFactorSecrets)
        .where(eq(twoFactorSecrets.userId, userId));
      const [codes] = await db
        .select({ n: count() })
        .from(twoFactorRecoveryCodes)
        .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
      const [addresses] = await db.select({ n: count() }).from(knownSignInAddresses).where(eq(knownSignInAddresses.userId, userId));
      return {
        twoFactorSince: secret?.enabledAt?.toISOString() ?? null,
        recoveryCodesLeft: codes?.n ?? 0,
        knownAddresses: addresses?.n ?? 0,
      };
    },
    async erase(userId, tx) {
      await tx.delete(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
      await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
      await tx.delete(signInChallenges).where(eq(signInChallenges.userId, userId));
      await tx.delete(knownSignInAddresses).where(eq(knownSignInAddresses.userId, userId));
    },
  };
}
