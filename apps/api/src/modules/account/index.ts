import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { users, type BillingAddress } from './schema.js';

/** What an invoice prints about its buyer, read at issue time. */
export type BillingIdentity = {
  name: string;
  email: string;
  code: string;
  taxId: string | null;
  country: string | null;
  billingAddress: BillingAddress | null;
  locale: 'en' | 'es' | 'jp' | null;
};

/** A billing address on one line, without its country: "Calle Mayor 1, 28013 Madrid, Madrid". */
export function formatAddress(address: BillingAddress | null): string | null {
  if (!address) return null;
  const cityLine = [address.postalCode, address.city].filter(Boolean).join(' ');
  return [address.line1, address.line2, cityLine, address.region].filter((part) => part && part.trim()).join(', ') || null;
}

/** The accounts module's public surface for other modules: a user's billing identity, read in the caller's transaction (or outside one). */
export async function billingIdentity(tx: Database | Transaction, userId: string): Promise<BillingIdentity | null> {
  const [row] = await tx
    .select({
      name: users.name,
      email: users.email,
      code: users.codigo,
      taxId: users.taxId,
      country: users.country,
      billingAddress: users.billingAddress,
      locale: users.locale,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

export { lockUser, namesOf, notificationRecipient, publicIdentity } from './repository.js';
export { billingGaps } from './billing-details.js';
export type { AccountDirectory } from './directory.js';
export { createSessionsRepository, sessionAccess, type SessionsRepository } from './sessions-repository.js';
export { apiTokenAccess, createApiTokensRepository, type ApiTokensRepository } from './api-tokens-repository.js';
export {
  claimPendingAccount,
  createRegistrationRepository,
  insertPendingUser,
  nextCustomerCode,
  setMainProfile,
  type RegistrationRepository,
  type TokenPurpose,
} from './registration-repository.js';
export type { BillingAddress, UserRow } from './schema.js';

export {
  activeAdminIds,
  aliasMainCard,
  disableAdminUnlessLast,
  emailInUse,
  erasedAccounts,
  hasAccounts,
  insertAdmin,
  isOldAlias,
  lastSeenSql,
  mainCardPiece,
  revokeAllSessions,
  setUserStatus,
  taxPositionPiece,
  userNameSql,
  userPiece,
} from './query-pieces.js';
