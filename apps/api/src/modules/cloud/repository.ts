import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import type { FileListQuery } from '@enlaza/contracts';
import type { Database, Transaction } from '../../db/client.js';
import { storedFiles } from './schema.js';
import { lockUser } from '../account/index.js';
import { fileTrashQueries } from './trash-queries.js';

export type StoredFileRow = typeof storedFiles.$inferSelect;
export type NewStoredFile = Pick<
  typeof storedFiles.$inferInsert,
  'name' | 'mimeType' | 'sizeBytes' | 'storageKey' | 'width' | 'height' | 'sha256'
>;

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

/** The owner's files (here) and their trash (trash-queries.ts). */
export function createCloudRepository(db: Database) {
  return { ...fileQueries(db), ...fileTrashQueries(db) };
}

function fileQueries(db: Database) {
  const owned = (userId: string, id: string) => and(eq(storedFiles.id, id), eq(storedFiles.userId, userId));

  return {
    /** One of the owner's files, live or in the trash (someone else's is as unknown as a missing one). */
    async find(userId: string, id: string): Promise<StoredFileRow | undefined> {
      const [row] = await db.select().from(storedFiles).where(owned(userId, id));
      return row;
    },

    /** The owner's files among `ids`, live or in the trash (someone else's are left out). */
    async findMany(userId: string, ids: string[]): Promise<StoredFileRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(storedFiles)
        .where(and(eq(storedFiles.userId, userId), inArray(storedFiles.id, ids)));
    },

    /** Any file by id, for the signed content address (the signature proves the owner issued it). */
    async findById(id: string): Promise<StoredFileRow | undefined> {
      const [row] = await db.select().from(storedFiles).where(eq(storedFiles.id, id));
      return row;
    },

    async list(userId: string, q: FileListQuery) {
      const term = q.search ? `%${q.search.replace(/[%_\\]/g, '\\$&')}%` : undefined;
      const kind =
        q.kind === 'image'
          ? inArray(storedFiles.mimeType, IMAGE_TYPES)
          : q.kind === 'pdf'
            ? eq(storedFiles.mimeType, 'application/pdf')
            : q.kind === 'document'
              ? notInArray(storedFiles.mimeType, [...IMAGE_TYPES, 'application/pdf'])
              : undefined;
      const where: SQL | undefined = and(
        eq(storedFiles.userId, userId),
        q.trash ? isNotNull(storedFiles.deletedAt) : isNull(storedFiles.deletedAt),
        kind,
        term ? ilike(storedFiles.name, term) : undefined,
      );
      const column = { createdAt: storedFiles.createdAt, name: sql`lower(${storedFiles.name})`, size: storedFiles.sizeBytes }[q.sort];
      const order = q.dir === 'asc' ? [asc(column), asc(storedFiles.id)] : [desc(column), desc(storedFiles.id)];
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(storedFiles)
          .where(where)
          .orderBy(...order)
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db.select({ n: count() }).from(storedFiles).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** Runs `work` with the owner's row locked, so two uploads at once cannot both pass the storage check. */
    withOwnerLock<T>(userId: string, work: (tx: Transaction) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await lockUser(tx, userId);
        return work(tx);
      });
    },

    /** Bytes of live and trashed files: the trash occupies storage until it is purged. */
    async usedBytes(userId: string, tx: Database | Transaction = db): Promise<number> {
      const [row] = await tx
        .select({ n: sql<number>`coalesce(sum(${storedFiles.sizeBytes}), 0)`.mapWith(Number) })
        .from(storedFiles)
        .where(eq(storedFiles.userId, userId));
      return row?.n ?? 0;
    },

    /** The owner's live file with exactly these bytes (same hash and size), if any. */
    async findLiveByHash(
      userId: string,
      sha256: string,
      size: number,
      tx: Database | Transaction = db,
    ): Promise<StoredFileRow | undefined> {
      const [row] = await tx
        .select()
        .from(storedFiles)
        .where(
          and(
            eq(storedFiles.userId, userId),
            eq(storedFiles.sha256, sha256),
            eq(storedFiles.sizeBytes, size),
            isNull(storedFiles.deletedAt),
          ),
        )
        .orderBy(asc(storedFiles.createdAt))
        .limit(1);
      return row;
    },

    async insert(tx: Transaction, userId: string, values: NewStoredFile): Promise<StoredFileRow> {
      const [row] = await tx
        .insert(storedFiles)
        .values({ ...values, userId })
        .returning();
      if (!row) throw new Error('stored file insert returned nothing');
      return row;
    },

    async rename(userId: string, id: string, name: string): Promise<StoredFileRow | undefined> {
      const [row] = await db.update(storedFiles).set({ name, updatedAt: new Date() }).where(owned(userId, id)).returning();
      return row;
    },

    /** Deletes every file row of a user (live and trashed); answers their storage keys. */
    async removeAll(userId: string): Promise<string[]> {
      const rows = await db.delete(storedFiles).where(eq(storedFiles.userId, userId)).returning({ storageKey: storedFiles.storageKey });
      return rows.map((r) => r.storageKey);
    },
  };
}

/** Ids among these that are the owner's live files (profiles check photo and cover ids with it). */
export async function ownedLiveFileIds(db: Database | Transaction, userId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: storedFiles.id })
    .from(storedFiles)
    .where(and(eq(storedFiles.userId, userId), inArray(storedFiles.id, ids), isNull(storedFiles.deletedAt)));
  return new Set(rows.map((r) => r.id));
}

export type CloudRepository = ReturnType<typeof createCloudRepository>;
