import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, primaryId, updatedAt } from '../../platform/columns.js';
import { users } from '../account/schema.js';

/** Files in the cloud (nube); their sizes make the storage usage (trashed files count until purged). */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: primaryId(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Display name, renamable; never used as a path. */
    name: text().notNull(),
    /** Detected from the bytes at upload, never taken from the client. */
    mimeType: text().notNull().default('application/octet-stream'),
    sizeBytes: bigint({ mode: 'number' }).notNull(),
    /** Where the bytes are in the storage backend (local disk or S3): opaque, random. */
    storageKey: text().notNull().default(''),
    width: integer(),
    height: integer(),
    /** SHA-256 of the bytes (hex): an identical upload by the same owner answers the file already kept. */
    sha256: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index().on(t.userId),
    index('stored_files_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('stored_files_user_sha256_idx').on(t.userId, t.sha256),
  ],
);
