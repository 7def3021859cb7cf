import type { TrashKind } from '@enlaza/contracts';
import { and, desc, eq, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../db/client.js';
import { AppError } from '../lib/errors.js';
import { ownedIds } from './access-sql.js';
import { DELETED_AT_KEY_FORMAT, type TrashCursor, type TrashProvider } from './trash-registry.js';

/** The deletion time as the cursor text of the trash (fixed-width UTC, microseconds kept). */
export const deletedAtKey = (deletedAt: AnyPgColumn) => sql<string>`to_char(${deletedAt} at time zone 'UTC', ${DELETED_AT_KEY_FORMAT})`;

/** Rows after `cursor` in (deleted_at desc, id desc) order. */
export const afterTrashCursor = (deletedAt: AnyPgColumn, id: AnyPgColumn, cursor: TrashCursor | null): SQL | undefined =>
  cursor ? sql`(${deletedAt}, ${id}) < (${cursor.deletedAt}::timestamptz, ${cursor.id}::uuid)` : undefined;

export const newestDeletionFirst = (deletedAt: AnyPgColumn, id: AnyPgColumn) => [desc(deletedAt), desc(id)];

/** A table whose rows belong to a user and go to the trash by setting `deleted_at`. */
type SoftDeletable = PgTable & { id: AnyPgColumn; userId: AnyPgColumn; deletedAt: AnyPgColumn; updatedAt?: AnyPgColumn };

/**
 * The trash queries of such a table (templates, wall posts, campaigns): the owner's trashed rows
 * newest deletion first after a cursor, restore one (in `tx` when given), delete the owner's trashed
 * rows for good (all, or those among `ids`), delete every row deleted before a time, and which of
 * some ids are the owner's trashed rows.
 */
export function trashQueries<T extends SoftDeletable>(db: Database, table: T) {
  type Row = T['$inferSelect'];
  const t = table as SoftDeletable;
  const trashedOf = (userId: string) => and(eq(t.userId, userId), isNotNull(t.deletedAt));
  return {
    list(userId: string, cursor: TrashCursor | null, limit: number): Promise<{ row: Row; deletedAtKey: string }[]> {
      return db
        .select({ row: t, deletedAtKey: deletedAtKey(t.deletedAt) })
        .from(t)
        .where(and(trashedOf(userId), afterTrashCursor(t.deletedAt, t.id, cursor)))
        .orderBy(...newestDeletionFirst(t.deletedAt, t.id))
        .limit(limit);
    },

    async restore(userId: string, id: string, tx: Database | Transaction = db): Promise<Row | undefined> {
      const values = t.updatedAt ? { deletedAt: null, updatedAt: sql`now()` } : { deletedAt: null };
      const [row] = await tx
        .update(t)
        .set(values as never)
        .where(and(eq(t.id, id), trashedOf(userId)))
        .returning();
      return row;
    },

    async purge(userId: string, ids?: string[]): Promise<number> {
      const rows = await db
        .delete(t)
        .where(and(trashedOf(userId), ids ? inArray(t.id, ids) : undefined))
        .returning({ id: t.id });
      return rows.length;
    },

    trashed: (userId: string, ids: readonly string[]): Promise<Set<string>> => ownedIds(db, t, userId, ids, isNotNull(t.deletedAt)),

    async purgeExpired(before: Date): Promise<number> {
      const rows = await db
        .delete(t)
        .where(and(isNotNull(t.deletedAt), lt(t.deletedAt, before)))
        .returning({ id: t.id });
      return rows.length;
    },
  };
}

export type TrashQueries<Row> = {
  list(userId: string, cursor: TrashCursor | null, limit: number): Promise<{ row: Row; deletedAtKey: string }[]>;
  restore(userId: string, id: string): Promise<Row | undefined>;
  purge(userId: string, ids?: string[]): Promise<number>;
  purgeExpired(before: Date): Promise<number>;
  trashed(userId: string, ids: readonly string[]): Promise<Set<string>>;
};

/**
 * The trash provider of a kind stored with `trashQueries`: `describe` gives a row's name and summary
 * as the trash lists it; a restored row is recorded in the history by its name. No quota applies to
 * bringing one back.
 */
export function trashProviderOf<Row extends { id: string; deletedAt: Date | null }>(
  kind: TrashKind,
  queries: TrashQueries<Row>,
  describe: (row: Row) => { name: string; summary: string | null },
): TrashProvider {
  return {
    kind,
    async list(owner, _filter, page) {
      const rows = await queries.list(owner.id, page.cursor, page.limit);
      return rows.map(({ row, deletedAtKey }) => ({
        kind,
        id: row.id,
        ...describe(row),
        deletedAt: row.deletedAt ?? new Date(),
        deletedAtKey,
      }));
    },
    async restore(owner, id) {
      const row = await queries.restore(owner.id, id);
      // The trash checked `trash.<kind>` first: only a concurrent restore or purge gets here.
      if (!row) throw new AppError('record.not_found');
      return { name: describe(row).name };
    },
    purge: (owner, ids) => queries.purge(owner.id, ids),
    purgeExpired: (before) => queries.purgeExpired(before),
    trashed: (ownerId, ids) => queries.trashed(ownerId, ids),
  };
}
