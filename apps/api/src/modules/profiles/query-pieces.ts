import { and, count, eq, getTableColumns, isNull } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { qualified, queryPieces } from '../../platform/query-pieces.js';
import { liveFileIdSql } from '../cloud/index.js';
import { profileLabels, profiles } from './schema.js';

// Profiles for other modules to join in their own statements (the public page, the audience
// resolver), the profiles tables known here only. Each piece is a subquery PostgreSQL flattens into
// the caller's plan: the caller's statement stays one query.

/**
 * Live profiles (not in the trash), every column; the photo and the cover only while their file is
 * live (a file in the trash is shown nowhere, and comes back with the file when it is restored).
 */
export const liveProfilePiece = (alias = 'live_profile') =>
  queryPieces
    .select({
      ...getTableColumns(profiles),
      photoFileId: liveFileIdSql(qualified('profiles', 'photo_file_id')).as('photo_file_id'),
      coverFileId: liveFileIdSql(qualified('profiles', 'cover_file_id')).as('cover_file_id'),
      logoFileId: liveFileIdSql(qualified('profiles', 'logo_file_id')).as('logo_file_id'),
    })
    .from(profiles)
    .where(isNull(profiles.deletedAt))
    .as(alias);

/** Whose each profile is (id, user id), trashed ones too. */
export const profileOwnerPiece = (alias = 'profile_owner') =>
  queryPieces.select({ id: profiles.id, userId: profiles.userId }).from(profiles).as(alias);

/** Which labels each profile carries (profile id, label id). */
export const profileLabelPiece = (alias = 'profile_label') =>
  queryPieces.select({ profileId: profileLabels.profileId, labelId: profileLabels.labelId }).from(profileLabels).as(alias);

/** The user's live cards and tags, counted against their plan: a team's cards are the team's, not the holder's. */
export async function liveProfileCounts(db: Database | Transaction, userId: string): Promise<{ cards: number; tags: number }> {
  const rows = await db
    .select({ kind: profiles.kind, n: count() })
    .from(profiles)
    .where(and(eq(profiles.userId, userId), isNull(profiles.deletedAt), isNull(profiles.teamId)))
    .groupBy(profiles.kind);
  return { cards: rows.find((r) => r.kind === 'card')?.n ?? 0, tags: rows.find((r) => r.kind === 'tag')?.n ?? 0 };
}
