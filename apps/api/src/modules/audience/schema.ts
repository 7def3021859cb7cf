import { index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { suppressionEntryReasonSchema } from '@enlaza/contracts';
import { createdAt, primaryId } from '../../platform/columns.js';
import { users } from '../account/schema.js';

type SuppressionEntryReason = z.infer<typeof suppressionEntryReasonSchema>;

/**
 * Addresses an owner must never email again (unsubscribed, bounced, complained, or added by hand),
 * per owner. The address is stored lower-cased; every campaign audience leaves them out.
 */
export const suppressions = pgTable(
  'suppressions',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    reason: text().$type<SuppressionEntryReason>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.email] })],
);

/** Lists of contacts imported from CSV files (the owner confirmed these people consented). */
export const contactLists = pgTable(
  'contact_lists',
  {
    id: primaryId(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId, t.createdAt)],
);

/** One address per list (lower-cased, unique in its list); the name is optional. */
export const contacts = pgTable(
  'contacts',
  {
    id: primaryId(),
    listId: uuid()
      .notNull()
      .references(() => contactLists.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    name: text(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('contacts_list_email_idx').on(t.listId, t.email)],
);
