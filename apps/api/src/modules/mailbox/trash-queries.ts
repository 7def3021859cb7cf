import { and, eq, inArray, isNotNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { ownedIds } from '../../platform/access-sql.js';
import type { TrashCursor } from '../../platform/trash-registry.js';
import { afterTrashCursor, deletedAtKey, newestDeletionFirst } from '../../platform/trash-sql.js';
import { profileSummaries } from '../profiles/index.js';
import { messages } from './schema.js';

/** Messages in the trash: listed, restored, purged. */
export function messageTrashQueries(db: Database) {
  return {
    /** One keyset page of the owner's trashed messages (of any profile), newest deletion first, with their profile's name. */
    async listTrashed(userId: string, cursor: TrashCursor | null, limit: number) {
      const rows = await db
        .select({ message: messages, deletedAtKey: deletedAtKey(messages.deletedAt) })
        .from(messages)
        .where(and(eq(messages.userId, userId), isNotNull(messages.deletedAt), afterTrashCursor(messages.deletedAt, messages.id, cursor)))
        .orderBy(...newestDeletionFirst(messages.deletedAt, messages.id))
        .limit(limit);
      const names = await profileSummaries(
        db,
        rows.map((r) => r.message.profileId),
      );
      return rows.map((r) => ({ ...r, profileName: names.get(r.message.profileId)?.name ?? '' }));
    },

    /** Which of these ids are the owner's messages in the trash (the trash's access check). */
    trashedIds: (userId: string, ids: readonly string[]): Promise<Set<string>> =>
      ownedIds(db, messages, userId, ids, isNotNull(messages.deletedAt)),

    /** Brings one of the owner's trashed messages back; false when there is none such. */
    async restoreTrashed(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .update(messages)
        .set({ deletedAt: null })
        .where(and(eq(messages.id, id), eq(messages.userId, userId), isNotNull(messages.deletedAt)))
        .returning({ id: messages.id });
      return rows.length > 0;
    },

    /** Deletes for good the owner's trashed messages (those among `ids`, or all). */
    async purge(userId: string, ids?: string[]): Promise<number> {
      if (ids?.length === 0) return 0;
      const rows = await db
        .delete(messages)
        .where(and(eq(messages.userId, userId), isNotNull(messages.deletedAt), ids ? inArray(messages.id, ids) : undefined))
        .returning({ id: messages.id });
      return rows.length;
    },

    /** Deletes for good every message trashed before `before`, whoever owns it. */
    async purgeExpired(before: Date): Promise<number> {
      const rows = await db.delete(messages).where(lt(messages.deletedAt, before)).returning({ id: messages.id });
      return rows.length;
    },
  };
}
