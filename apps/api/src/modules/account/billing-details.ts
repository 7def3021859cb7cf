import type { BillingAddress, BillingDetailField } from '@enlaza/contracts';
import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { findAccountType } from '../catalogue/index.js';
import { users } from './schema.js';

type Given = { requiresTaxId: boolean; taxId: string | null; billingAddress: BillingAddress | null };

/**
 * What a purchase's invoice needs that the buyer has not given. A full invoice names the buyer's tax
 * id and address (Real Decreto 1619/2012, article 6): an account type that asks for a tax id
 * (Business) buys with a full invoice, and so does anyone past the simplified invoice's limit
 * (`fullInvoice`).
 */
export function missingBillingDetails(given: Given, fullInvoice = false): BillingDetailField[] {
  if (!given.requiresTaxId && !fullInvoice) return [];
  const missing: BillingDetailField[] = [];
  if (!given.taxId) missing.push('taxId');
  if (!given.billingAddress) missing.push('billingAddress');
  return missing;
}

/** `missingBillingDetails` for a user as stored now, read with `tx`. */
export async function billingGaps(tx: Database | Transaction, userId: string, fullInvoice: boolean): Promise<BillingDetailField[]> {
  const [user] = await tx
    .select({ taxId: users.taxId, billingAddress: users.billingAddress, accountTypeId: users.accountTypeId })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return [];
  const type = user.accountTypeId ? await findAccountType(tx, user.accountTypeId) : undefined;
  return missingBillingDetails(
    { requiresTaxId: type?.requiresTaxId === true, taxId: user.taxId, billingAddress: user.billingAddress },
    fullInvoice,
  );
}
