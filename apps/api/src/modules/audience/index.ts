/**
 * The audience module's public surface: who a campaign goes to, and the suppression list.
 * Campaigns call `resolveAudience` when they start (and `countAudience` to show the number before
 * sending); unsubscribes and bounces call `suppress`. `audienceModule` (module.ts) mounts its routes.
 *
 * The audience of a selector: the consenting senders (live messages with consent, of live profiles)
 * of the chosen profiles, of every profile in the chosen folders or with the chosen labels, plus the
 * contacts of the chosen imported lists; one address once (case-insensitive), suppressed addresses
 * never. Ids that are not the owner's select nobody; a selector that comes in a request goes through
 * `requireAudienceAccess` first, which answers 404 for them, as for any other user's record.
 */
import type { AudienceSelector, SuppressionReason } from '@enlaza/contracts';
import { and, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { countAudience as countSelected, selectAudience } from './repository.js';
import { requireAudienceAccess } from './access.js';
import { suppressions } from './schema.js';

export { requireAudienceAccess };
export type { AudienceService } from './service.js';
export type { Consents } from './consents.js';

export type AudienceMember = { email: string; name: string; profileId: string | null };

/** The distinct (lower-cased) addresses of the selection, without suppressed ones, newest name kept; ordered by address. */
export async function resolveAudience(db: Database | Transaction, ownerId: string, selector: AudienceSelector): Promise<AudienceMember[]> {
  return selectAudience(db, ownerId, selector);
}

/** How many `resolveAudience` would answer, counted in the database. */
export async function countAudience(db: Database | Transaction, ownerId: string, selector: AudienceSelector): Promise<number> {
  return countSelected(db, ownerId, selector);
}

/** Adds an address to the owner's suppression list (idempotent; the first reason is kept). */
export async function suppress(db: Database | Transaction, ownerId: string, email: string, reason: SuppressionReason): Promise<void> {
  await db.insert(suppressions).values({ userId: ownerId, email: email.trim().toLowerCase(), reason }).onConflictDoNothing();
}

export async function isSuppressed(db: Database | Transaction, ownerId: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ email: suppressions.email })
    .from(suppressions)
    .where(and(eq(suppressions.userId, ownerId), eq(suppressions.email, email.trim().toLowerCase())));
  return !!row;
}
