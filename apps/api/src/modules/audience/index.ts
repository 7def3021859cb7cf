/**
 * The audience module's public surface: who a campaign goes to, and the suppression list.
 * Campaigns call `resolveAudience` when they start (and `countAudience` to show the number before
 * sending); unsubscribes and bounces call `suppress`. `audienceModule` (module.ts) mounts its routes.
 *
 * The audience of a selector: the consenting senders (live messages with consent, of live profiles)
 * of the chosen profiles, of every profile in the chosen folders or with the chosen labels, plus the
 * contacts of the chosen imported lists, plus the people of the chosen segments (their rules evaluated
 * at that moment: segment-sql.ts); one address once (case-insensitive), suppressed addresses
 * never. Ids that are not the owner's select nobody; a selector that comes in a request goes through
 * `requireAudienceAccess` first, which answers 404 for them, as for any other user's record.
 */
import type { AudienceSelector, SuppressionReason } from '@enlaza/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { countAudience as countSelected, selectAudience } from './repository.js';
import { requireAudienceAccess } from './access.js';
import type { SegmentSignals } from './segment-sql.js';
import { consentNotEffective } from './consents.js';
import { consents, contactLists, contacts, segments, suppressions } from './schema.js';

export { requireAudienceAccess };
export type { EngagedAddresses, SegmentSignals } from './segment-sql.js';
export type { AudienceService } from './service.js';
export type { Consents } from './consents.js';

export type AudienceMember = { email: string; name: string; profileId: string | null };

/** The distinct (lower-cased) addresses of the selection, without suppressed ones, newest name kept; ordered by address. */
export async function resolveAudience(
  db: Database | Transaction,
  ownerId: string,
  selector: AudienceSelector,
  signals: SegmentSignals,
): Promise<AudienceMember[]> {
  return selectAudience(db, ownerId, selector, signals);
}

/** How many `resolveAudience` would answer, counted in the database. */
export async function countAudience(
  db: Database | Transaction,
  ownerId: string,
  selector: AudienceSelector,
  signals: SegmentSignals,
): Promise<number> {
  return countSelected(db, ownerId, selector, signals);
}

/** Which of these addresses (lower-cased) are in the owner's segment now (an automation step for a segment). */
export { segmentMembers } from './segment-queries.js';

/** The names of these segments, by id (an automation shows the segment each step is for). */
export async function segmentNames(db: Database | Transaction, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: segments.id, name: segments.name })
    .from(segments)
    .where(inArray(segments.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.name]));
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

/** Why an address is on the owner's suppression list (unsubscribed, bounced, complained, added by hand), or null. */
export async function suppressionOf(
  db: Database | Transaction,
  ownerId: string,
  email: string,
): Promise<(typeof suppressions.$inferSelect)['reason'] | null> {
  const [row] = await db
    .select({ reason: suppressions.reason })
    .from(suppressions)
    .where(and(eq(suppressions.userId, ownerId), eq(suppressions.email, email.trim().toLowerCase())));
  return row?.reason ?? null;
}

/**
 * The contacts of an owner's list who count for campaigns (their consent is not waiting or expired,
 * their address not suppressed) and joined at or after `since`: imported then, or confirmed then.
 * Automations that start on a list take them (one address once).
 */
export async function listContactsJoinedSince(
  db: Database | Transaction,
  ownerId: string,
  listId: string,
  since: Date,
): Promise<AudienceMember[]> {
  const joined = sql`greatest(${contacts.createdAt}, coalesce((select max(k.confirmed_at) from ${consents} k where k.contact_id = ${contacts.id}), ${contacts.createdAt}))`;
  const rows = await db
    .select({ email: contacts.email, name: contacts.name })
    .from(contacts)
    .where(
      and(
        eq(contacts.listId, listId),
        sql`${joined} >= ${since}`,
        sql`not ${consentNotEffective('contact_id', sql`${contacts.id}`)}`,
        sql`not exists (select 1 from ${suppressions} s where s.user_id = ${ownerId} and s.email = lower(${contacts.email}))`,
        sql`exists (select 1 from ${contactLists} l where l.id = ${contacts.listId} and l.user_id = ${ownerId})`,
      ),
    );
  return rows.map((r) => ({ email: r.email.toLowerCase(), name: r.name ?? '', profileId: null }));
}
