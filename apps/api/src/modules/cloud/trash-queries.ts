import { and, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { ownedIds } from '../../platform/access-sql.js';
import type { TrashCursor } from '../../platform/trash-registry.js';
import { afterTrashCursor, deletedAtKey, newestDeletionFirst } from '../../platform/trash-sql.js';
import { storedFiles } from './schema.js';

type StoredFileRow = typeof storedFiles.$inferSelect;

/** Files going to the trash and back, and purged from it. */
export function fileTrashQueries(db: Database) {
  const owned = (userId: string, id: string) => and(eq(storedFiles.id, id), eq(storedFiles.userId, userId));

  return {
    /** Sends a live file to the trash, or brings a trashed one back. */
    async setTrashed(userId: string, id: string, trashed: boolean): Promise<StoredFileRow | undefined> {
      const [row] = await db
        .update(storedFiles)
        .set({ deletedAt: trashed ? new Date() : null, updatedAt: new Date() })
        .where(and(owned(userId, id), trashed ? isNull(storedFiles.deletedAt) : isNotNull(storedFiles.deletedAt)))
        .returning();
      return row;
    },

    /** Sends the owner's live files among `ids` to the trash, in one statement; answers those it moved. */
    async trashMany(userId: string, ids: string[]): Promise<StoredFileRow[]> {
      if (ids.length === 0) return [];
      const now = new Date();
      return db
        .update(storedFiles)
        .set({ deletedAt: now, updatedAt: now })
        .where(and(eq(storedFiles.userId, userId), inArray(storedFiles.id, ids), isNull(storedFiles.deletedAt)))
        .returning();
    },

    /** Bytes of live files only (what restoring a trashed file is checked against). */
    async liveBytes(tx: Transaction, userId: string): Promise<number> {
      const [row] = await tx
        .select({ n: sql<number>`coalesce(sum(${storedFiles.sizeBytes}), 0)`.mapWith(Number) })
        .from(storedFiles)
        .where(and(eq(storedFiles.userId, userId), isNull(storedFiles.deletedAt)));
      return row?.n ?? 0;
    },

    /** One keyset page of the owner's trashed files, newest deletion first. */
    async listTrashed(userId: string, cursor: TrashCursor | null, limit: number) {
      return db
        .select({ file: storedFiles, deletedAtKey: deletedAtKey(storedFiles.deletedAt) })
        .from(storedFiles)
        .where(
          and(
            eq(storedFiles.userId, userId),
            isNotNull(storedFiles.deletedAt),
            afterTrashCursor(storedFiles.deletedAt, storedFiles.id, cursor),
          ),
        )
        .orderBy(...newestDeletionFirst(storedFiles.deletedAt, storedFiles.id))
        .limit(limit);
    },

    /** Which of these ids are the owner's files in the trash (the trash's access check). */
    trashedIds: (userId: string, ids: readonly string[]): Promise<Set<string>> =>
      ownedIds(db, storedFiles, userId, ids, isNotNull(storedFiles.deletedAt)),

    async findTrashed(tx: Transaction, userId: string, id: string): Promise<StoredFileRow | undefined> {
      const [row] = await tx
        .select()
        .from(storedFiles)
        .where(and(owned(userId, id), isNotNull(storedFiles.deletedAt)));
      return row;
    },

    async restore(tx: Transaction, id: string): Promise<void> {
      await tx.update(storedFiles).set({ deletedAt: null, updatedAt: new Date() }).where(eq(storedFiles.id, id));
    },

    /** Deletes for good the owner's trashed file rows (those among `ids`, or all); answers their storage keys. */
    async purge(userId: string, ids?: string[]): Promise<string[]> {
      if (ids?.length === 0) return [];
      const rows = await db
        .delete(storedFiles)
        .where(and(eq(storedFiles.userId, userId), isNotNull(storedFiles.deletedAt), ids ? inArray(storedFiles.id, ids) : undefined))
        .returning({ storageKey: storedFiles.storageKey });
      return rows.map((r) => r.storageKey);
    },

    /** Deletes for good every file row trashed before `before`, whoever owns it; answers their storage keys. */
    async purgeExpired(before: Date): Promise<string[]> {
      const rows = await db.delete(storedFiles).where(lt(storedFiles.deletedAt, before)).returning({ storageKey: storedFiles.storageKey });
      return rows.map((r) => r.storageKey);
    },

    async remove(tx: Transaction, id: string): Promise<void> {
      await tx.delete(storedFiles).where(eq(storedFiles.id, id));
    },
  };
}
