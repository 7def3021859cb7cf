import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, primaryId } from '../../platform/columns.js';
import { users } from '../account/schema.js';

/** Folders and labels share one shape: per user and kind, a name unique regardless of case, a colour. */
function collectionTable(name: 'folders' | 'labels') {
  return pgTable(
    name,
    {
      id: primaryId(),
      userId: uuid()
        .notNull()
        .references(() => users.id, { onDelete: 'cascade' }),
      kind: text({ enum: ['card', 'tag'] }).notNull(),
      name: text().notNull(),
      color: text().notNull(),
      createdAt: createdAt(),
    },
    (t) => [uniqueIndex(`${name}_user_kind_name_idx`).on(t.userId, t.kind, sql`lower(${t.name})`)],
  );
}

/** Folders (carpetas) group profiles of one kind; a profile is in one folder at most. */
export const folders = collectionTable('folders');

/** Labels (etiquetas): many per profile. */
export const labels = collectionTable('labels');
