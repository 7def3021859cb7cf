import { and, count, eq, isNull } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { queryPieces } from '../../platform/query-pieces.js';
import { profileLabels, profiles } from './schema.js';

// Profiles for other modules to join in their own statements (the public page, the audience
// resolver), the profiles tables known here only. Each piece is a subquery PostgreSQL flattens into
// the caller's plan: the caller's statement stays one query.

/** Live profiles (not in the trash), every column. */
export const liveProfilePiece = (alias = 'live_profile') => queryPieces.select().from(profiles).where(isNull(profiles.deletedAt)).as(alias);

/** Whose each profile is (id, user id), trashed ones too. */
export const profileOwnerPiece = (alias = 'profile_owner') =>
  queryPieces.select({ id: profiles.id, userId: profiles.userId }).from(profiles).as(alias);

/** Which labels each profile carries (profile id, label id). */
export const profileLabelPiece = (alias = 'profile_label') =>
  queryPieces.select({ profileId: profileLabels.profileId, labelId: profileLabels.labelId }).from(profileLabels).as(alias);

/** The user's live cards and tags, counted. */
export async function liveProfileCounts(db: Database | Transaction, userId: string): Promise<{ cards: number; tags: number }> {
  const rows = await db
    .select({ kind: profiles.kind, n: count() })
    .from(profiles)
    .where(and(eq(profiles.userId, userId), isNull(profiles.deletedAt)))
    .groupBy(profiles.kind);
  return { cards: rows.find((r) => r.kind === 'card')?.n ?? 0, tags: rows.find((r) => r.kind === 'tag')?.n ?? 0 };
}
