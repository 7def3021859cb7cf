import { and, eq, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { storedFiles } from './schema.js';

// Cloud facts for other modules' statements, the stored_files table known here only. `fileId` is the
// caller's column or expression, qualified (a select list of a single-source query leaves Drizzle
// columns unqualified, and an unqualified `"id"` would bind inside the subquery).

/**
 * `fileId` while it names a live file, null once the file is in the trash (or gone): a correlated
 * scalar subquery on the primary key. A card keeps its photo's id while the photo is in the trash, so
 * restoring the file brings the photo back; meanwhile the public page reads no photo at all.
 */
export function liveFileIdSql(fileId: AnyColumn | SQL): SQL<string | null> {
  return sql<string | null>`(select f.id from ${storedFiles} f where f.id = ${fileId} and f.deleted_at is null)`;
}

/** Whose cloud a live file is in (null: none, or in the trash). */
export async function liveFileOwner(db: Database | Transaction, fileId: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: storedFiles.userId })
    .from(storedFiles)
    .where(and(eq(storedFiles.id, fileId), isNull(storedFiles.deletedAt)));
  return row?.userId ?? null;
}
