import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, primaryId, updatedAt } from '../../platform/columns.js';
import { users } from '../account/schema.js';

/**
 * Email templates (plantillas). `bodyHtml` is stored sanitised (platform/rich-text.ts) and holds
 * merge fields as written (`{{nombre}}`); `bodyText` is the plain-text part generated from it.
 */
export const emailTemplates = pgTable(
  'email_templates',
  {
    id: primaryId(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    subject: text().notNull(),
    bodyHtml: text().notNull(),
    bodyText: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('email_templates_user_live_idx')
      .on(t.userId, t.updatedAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null`),
    index('email_templates_user_trash_idx')
      .on(t.userId, t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
  ],
);
