import { desc, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { DELETED_AT_KEY_FORMAT, type TrashCursor } from './trash-registry.js';

/** The deletion time as the cursor text of the trash (fixed-width UTC, microseconds kept). */
export const deletedAtKey = (deletedAt: AnyPgColumn) => sql<string>`to_char(${deletedAt} at time zone 'UTC', ${DELETED_AT_KEY_FORMAT})`;

/** Rows after `cursor` in (deleted_at desc, id desc) order. */
export const afterTrashCursor = (deletedAt: AnyPgColumn, id: AnyPgColumn, cursor: TrashCursor | null): SQL | undefined =>
  cursor ? sql`(${deletedAt}, ${id}) < (${cursor.deletedAt}::timestamptz, ${cursor.id}::uuid)` : undefined;

export const newestDeletionFirst = (deletedAt: AnyPgColumn, id: AnyPgColumn) => [desc(deletedAt), desc(id)];
