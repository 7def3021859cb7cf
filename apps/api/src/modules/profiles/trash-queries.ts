import { and, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { ProfileKind } from '@enlaza/contracts';
import type { Database, Transaction } from '../../db/client.js';
import { ownedIds } from '../../platform/access-sql.js';
import type { TrashCursor } from '../../platform/trash-registry.js';
import { afterTrashCursor, deletedAtKey, newestDeletionFirst } from '../../platform/trash-sql.js';
import { profiles } from './schema.js';

type ProfileRow = typeof profiles.$inferSelect;

/** Cards and tags going to the trash, back, and purged from it. */
export function profileTrashQueries(db: Database) {
  return {
    async trash(userId: string, ids: string[]) {
      await db
        .update(profiles)
        .set({ deletedAt: sql`now()` })
        .where(and(eq(profiles.userId, userId), inArray(profiles.id, ids), isNull(profiles.deletedAt)));
    },

    /** One keyset page of the owner's trashed profiles of a kind, newest deletion first. */
    async listTrashed(userId: string, kind: ProfileKind, cursor: TrashCursor | null, limit: number) {
      return db
        .select({ profile: profiles, deletedAtKey: deletedAtKey(profiles.deletedAt) })
        .from(profiles)
        .where(
          and(
            eq(profiles.userId, userId),
            eq(profiles.kind, kind),
            isNotNull(profiles.deletedAt),
            afterTrashCursor(profiles.deletedAt, profiles.id, cursor),
          ),
        )
        .orderBy(...newestDeletionFirst(profiles.deletedAt, profiles.id))
        .limit(limit);
    },

    /** Brings a trashed profile of the owner back; undefined when there is none such. */
    async restore(tx: Transaction, userId: string, kind: ProfileKind, id: string): Promise<ProfileRow | undefined> {
      const [row] = await tx
        .update(profiles)
        .set({ deletedAt: null })
        .where(and(eq(profiles.id, id), eq(profiles.userId, userId), eq(profiles.kind, kind), isNotNull(profiles.deletedAt)))
        .returning();
      return row;
    },

    /** Deletes for good the owner's trashed profiles of a kind (those among `ids`, or all); their messages and stats go with them. */
    async purge(userId: string, kind: ProfileKind, ids?: string[]): Promise<number> {
      if (ids?.length === 0) return 0;
      const rows = await db
        .delete(profiles)
        .where(
          and(
            eq(profiles.userId, userId),
            eq(profiles.kind, kind),
            isNotNull(profiles.deletedAt),
            ids ? inArray(profiles.id, ids) : undefined,
          ),
        )
        .returning({ id: profiles.id });
      return rows.length;
    },

    /** Which of these ids are the owner's trashed profiles of a kind (the trash's access check). */
    trashedIds: (userId: string, kind: ProfileKind, ids: readonly string[]): Promise<Set<string>> =>
      ownedIds(db, profiles, userId, ids, and(eq(profiles.kind, kind), isNotNull(profiles.deletedAt))),

    /** Deletes for good every profile of a kind trashed before `before`, whoever owns it. */
    async purgeExpired(kind: ProfileKind, before: Date): Promise<number> {
      const rows = await db
        .delete(profiles)
        .where(and(eq(profiles.kind, kind), lt(profiles.deletedAt, before)))
        .returning({ id: profiles.id });
      return rows.length;
    },
  };
}
