import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.js';
import { uuidsOf, type AccessKind, type AccessProvider } from './access.js';

/** A table whose rows belong to one user. */
type OwnedTable = PgTable & { id: AnyPgColumn; userId: AnyPgColumn };

/** The owner's rows of `table` among `ids`, narrowed by `where` (live only, in the trash, one kind…): one query. */
export async function ownedIds(
  db: Database,
  table: OwnedTable,
  ownerId: string,
  ids: readonly string[],
  where?: SQL,
): Promise<Set<string>> {
  const valid = uuidsOf(ids);
  if (valid.length === 0) return new Set();
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.userId, ownerId), inArray(table.id, valid), where));
  return new Set(rows.map((row) => row.id as string));
}

/** The usual access check of a kind: the actor's rows of the module's own `table`, narrowed by `where`. */
export function ownedRowsAccess(kind: AccessKind, db: Database, table: OwnedTable, where?: SQL): AccessProvider {
  return { kind, accessible: (actorId, ids) => ownedIds(db, table, actorId, ids, where) };
}
