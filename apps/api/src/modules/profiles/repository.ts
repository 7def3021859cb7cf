import { liveProfileCounts } from './query-pieces.js';
import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { ProfileKind, ProfileListQuery } from '@enlaza/contracts';
import type { Database, Transaction } from '../../db/client.js';
import { profileLabels, profiles } from './schema.js';
import { lockUser } from '../account/index.js';
import { ownedLiveFileIds } from '../cloud/index.js';
import { ownedCollectionIds, type CollectionType } from '../collections/index.js';
import { teamCardTemplates, type TeamCardTemplate } from '../teams/index.js';
import { splitFullName } from './split-name.js';
import { profileTrashQueries } from './trash-queries.js';

export type ProfileRow = typeof profiles.$inferSelect;
export type ProfileValues = Omit<typeof profiles.$inferInsert, 'id' | 'userId' | 'kind' | 'createdAt' | 'updatedAt' | 'deletedAt'>;

/** A new account's first card, named after its owner; its id becomes the account's `perfil_id`. */
export async function createMainCard(tx: Database | Transaction, user: { id: string; name: string }): Promise<string | null> {
  const { firstName, lastName } = splitFullName(user.name);
  const card = { firstName: firstName.slice(0, 80), lastName: lastName?.slice(0, 80) ?? null };
  const [profile] = await tx
    .insert(profiles)
    .values({ userId: user.id, kind: 'card', name: user.name, card })
    .returning({ id: profiles.id });
  return profile?.id ?? null;
}

/** The ids of a user's live profiles, as a subquery (for `inArray`) that other modules filter on. */
export const liveProfileIds = (db: Database | Transaction, userId: string) =>
  db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.userId, userId), isNull(profiles.deletedAt)));

/** How many hex digits of a profile's id its short link carries (`/link/{alias}/{slug}`): 48 bits, unique among one owner's cards in practice. */
export const SHORT_SLUG_LENGTH = 12;
export const SHORT_SLUG = /^[0-9a-f]{12}$/;

/** A profile's short slug: the first hex digits of its id. */
export const shortSlugOf = (id: string): string => id.replace(/-/g, '').slice(0, SHORT_SLUG_LENGTH).toLowerCase();

/**
 * The live profiles whose id starts with a short slug, oldest first (at most a few): a range of the
 * primary key's index, `xxxxxxxx-xxxx-0000-…` to `xxxxxxxx-xxxx-ffff-…`, never a scan of the table.
 */
export async function profileIdsBySlug(db: Database | Transaction, slug: string): Promise<string[]> {
  if (!SHORT_SLUG.test(slug)) return [];
  const head = `${slug.slice(0, 8)}-${slug.slice(8, 12)}`;
  const rows = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(
      and(
        gte(profiles.id, `${head}-0000-0000-000000000000`),
        lte(profiles.id, `${head}-ffff-ffff-ffffffffffff`),
        isNull(profiles.deletedAt),
      ),
    )
    .orderBy(asc(profiles.createdAt))
    .limit(5);
  return rows.map((row) => row.id);
}

/** Name and kind of these profiles (trashed ones too), in one query. */
export async function profileSummaries(
  db: Database | Transaction,
  ids: string[],
): Promise<Map<string, { name: string; kind: ProfileKind; teamId: string | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: profiles.id, name: profiles.name, kind: profiles.kind, teamId: profiles.teamId })
    .from(profiles)
    .where(inArray(profiles.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, { name: r.name, kind: r.kind, teamId: r.teamId }]));
}

/** The owner's cards and tags (here) and their trash (trash-queries.ts). */
export function createProfilesRepository(db: Database) {
  return { ...profileQueries(db), ...profileTrashQueries(db) };
}

function profileQueries(db: Database) {
  async function labelsOf(ids: string[]): Promise<Map<string, string[]>> {
    const map = new Map<string, string[]>(ids.map((id) => [id, []]));
    if (ids.length === 0) return map;
    const rows = await db.select().from(profileLabels).where(inArray(profileLabels.profileId, ids));
    for (const r of rows) map.get(r.profileId)?.push(r.labelId);
    return map;
  }

  async function setLabels(tx: Database | Transaction, profileId: string, labelIds: string[]) {
    await tx.delete(profileLabels).where(eq(profileLabels.profileId, profileId));
    if (labelIds.length) await tx.insert(profileLabels).values([...new Set(labelIds)].map((labelId) => ({ profileId, labelId })));
  }

  return {
    labelsOf,

    /** The team and template of each of these profiles that is a team card (the teams module's reading; none asked when no row is one). */
    teamCardsOf(rows: readonly Pick<ProfileRow, 'id' | 'teamId'>[]): Promise<Map<string, TeamCardTemplate>> {
      return teamCardTemplates(
        db,
        rows.filter((row) => row.teamId).map((row) => row.id),
      );
    },

    /** A live profile of this owner, or undefined (someone else's is as unknown as a missing one). */
    async find(userId: string, id: string): Promise<ProfileRow | undefined> {
      const [row] = await db
        .select()
        .from(profiles)
        .where(and(eq(profiles.id, id), eq(profiles.userId, userId), isNull(profiles.deletedAt)));
      return row;
    },

    async list(userId: string, q: ProfileListQuery) {
      const term = q.search ? `%${q.search.replace(/[%_\\]/g, '\\$&')}%` : undefined;
      const where: SQL | undefined = and(
        eq(profiles.userId, userId),
        eq(profiles.kind, q.kind),
        isNull(profiles.deletedAt),
        q.folderId === 'none' ? isNull(profiles.folderId) : q.folderId ? eq(profiles.folderId, q.folderId) : undefined,
        q.labelId
          ? sql`exists (select 1 from profile_labels pl where pl.profile_id = profiles.id and pl.label_id = ${q.labelId})`
          : undefined,
        term ? ilike(profiles.name, term) : undefined,
      );
      const column = { updatedAt: profiles.updatedAt, createdAt: profiles.createdAt, name: profiles.name }[q.sort];
      const order = q.dir === 'asc' ? [asc(column), asc(profiles.id)] : [desc(column), desc(profiles.id)];
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(profiles)
          .where(where)
          .orderBy(...order)
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db.select({ n: count() }).from(profiles).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /**
     * Runs `work` with the owner's row locked, so two creations at once cannot both pass a quota
     * check (PGlite has a single connection and serialises anyway).
     */
    withOwnerLock<T>(userId: string, work: (tx: Transaction) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await lockUser(tx, userId);
        return work(tx);
      });
    },

    /** Live (not trashed) cards and tags of a user, for the plan usage. */
    liveCounts(userId: string): Promise<{ cards: number; tags: number }> {
      return liveProfileCounts(db, userId);
    },

    async countLive(tx: Transaction, userId: string, kind: ProfileKind): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(profiles)
        .where(and(eq(profiles.userId, userId), eq(profiles.kind, kind), isNull(profiles.deletedAt), isNull(profiles.teamId)));
      return row?.n ?? 0;
    },

    async insert(tx: Transaction, userId: string, kind: ProfileKind, values: ProfileValues, labelIds: string[]): Promise<ProfileRow> {
      const [row] = await tx
        .insert(profiles)
        .values({ ...values, userId, kind })
        .returning();
      if (!row) throw new Error('profile insert returned nothing');
      await setLabels(tx, row.id, labelIds);
      return row;
    },

    /** Switches a live profile's wall on; the row when it was off (null: already on, or not the owner's live profile). */
    async switchWallOn(userId: string, id: string): Promise<ProfileRow | null> {
      const [row] = await db
        .update(profiles)
        .set({ wall: true, updatedAt: sql`now()` })
        .where(and(eq(profiles.id, id), eq(profiles.userId, userId), isNull(profiles.deletedAt), eq(profiles.wall, false)))
        .returning();
      return row ?? null;
    },

    async update(userId: string, id: string, values: ProfileValues, labelIds: string[]): Promise<ProfileRow | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(profiles)
          .set({ ...values, updatedAt: sql`now()` })
          .where(and(eq(profiles.id, id), eq(profiles.userId, userId), isNull(profiles.deletedAt)))
          .returning();
        if (row) await setLabels(tx, id, labelIds);
        return row;
      });
    },

    async moveToFolder(userId: string, ids: string[], folderId: string | null) {
      await db
        .update(profiles)
        .set({ folderId, updatedAt: sql`now()` })
        .where(and(eq(profiles.userId, userId), inArray(profiles.id, ids), isNull(profiles.deletedAt)));
    },

    async toggleLabel(ids: string[], labelId: string, add: boolean) {
      if (add)
        await db
          .insert(profileLabels)
          .values(ids.map((profileId) => ({ profileId, labelId })))
          .onConflictDoNothing();
      else await db.delete(profileLabels).where(and(eq(profileLabels.labelId, labelId), inArray(profileLabels.profileId, ids)));
    },

    /** Ids among these that are the owner's live files. */
    ownedFiles: (userId: string, ids: string[]): Promise<Set<string>> => ownedLiveFileIds(db, userId, ids),

    ownedCollection: (table: CollectionType, userId: string, kind: ProfileKind, ids: string[]): Promise<Set<string>> =>
      ownedCollectionIds(db, table, userId, kind, ids),
  };
}

export type ProfilesRepository = ReturnType<typeof createProfilesRepository>;
