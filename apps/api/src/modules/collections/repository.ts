import type { ProfileKind } from '@enlaza/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { folders, labels } from './schema.js';

export type CollectionType = 'folders' | 'labels';
export type CollectionRow = typeof folders.$inferSelect;
export type CollectionValues = { kind: ProfileKind; name: string; color: string };

const tableOf = (type: CollectionType) => (type === 'folders' ? folders : labels);

/** Folders or labels of one user, in SQL. */
export function createCollectionsRepository(db: Database, type: CollectionType) {
  const table = tableOf(type);
  // Correlated count, with explicit table names (Drizzle leaves columns unqualified in single-table selects).
  const profilesCount =
    type === 'folders'
      ? sql<number>`(select count(*) from profiles p where p.folder_id = folders.id and p.deleted_at is null)`.mapWith(Number)
      : sql<number>`(select count(*) from profile_labels pl join profiles p on p.id = pl.profile_id where pl.label_id = labels.id and p.deleted_at is null)`.mapWith(
          Number,
        );
  const columns = { id: table.id, kind: table.kind, name: table.name, color: table.color, profiles: profilesCount };

  return {
    async find(userId: string, id: string) {
      const [row] = await db
        .select({ ...columns, userId: table.userId })
        .from(table)
        .where(and(eq(table.id, id), eq(table.userId, userId)));
      return row;
    },
    list: (userId: string, kind: ProfileKind) =>
      db
        .select(columns)
        .from(table)
        .where(and(eq(table.userId, userId), eq(table.kind, kind)))
        .orderBy(sql`lower(${table.name})`),
    async insert(userId: string, values: CollectionValues): Promise<string> {
      const [row] = await db
        .insert(table)
        .values({ userId, ...values })
        .returning({ id: table.id });
      return row!.id;
    },
    async update(userId: string, id: string, values: { name: string; color: string }): Promise<void> {
      await db
        .update(table)
        .set(values)
        .where(and(eq(table.id, id), eq(table.userId, userId)));
    },
    async remove(userId: string, id: string): Promise<void> {
      await db.delete(table).where(and(eq(table.id, id), eq(table.userId, userId)));
    },
  };
}

export type CollectionsRepository = ReturnType<typeof createCollectionsRepository>;

// What the profiles module asks about folders and labels.

/** Ids among these that are the owner's folders (or labels) of this kind. */
export async function ownedCollectionIds(
  db: Database | Transaction,
  type: CollectionType,
  userId: string,
  kind: ProfileKind,
  ids: string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const t = tableOf(type);
  const rows = await db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.userId, userId), eq(t.kind, kind), inArray(t.id, ids)));
  return new Set(rows.map((r) => r.id));
}

/** A user's folders or labels, oldest first (data export). */
export function collectionsOf(db: Database | Transaction, type: CollectionType, userId: string): Promise<CollectionRow[]> {
  const t = tableOf(type);
  return db.select().from(t).where(eq(t.userId, userId)).orderBy(t.createdAt);
}

/** Removes all of a user's folders and labels (erase). */
export async function deleteCollectionsOf(tx: Database | Transaction, userId: string): Promise<void> {
  await tx.delete(folders).where(eq(folders.userId, userId));
  await tx.delete(labels).where(eq(labels.userId, userId));
}
