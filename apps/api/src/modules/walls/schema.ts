import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, primaryId, updatedAt } from '../../platform/columns.js';
import { storedFiles } from '../cloud/schema.js';
import { profiles } from '../profiles/schema.js';
import { users } from '../account/schema.js';

/**
 * Posts on a profile's wall (muros). `bodyHtml` is stored sanitised (platform/rich-text.ts).
 * `status`: draft, scheduled (the `wall.publish` job publishes it at `scheduledAt`) or published.
 */
export const wallPosts = pgTable(
  'wall_posts',
  {
    id: primaryId(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    profileId: uuid()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    bodyHtml: text().notNull(),
    imageFileId: uuid().references(() => storedFiles.id, { onDelete: 'set null' }),
    linkUrl: text(),
    pinned: boolean().notNull().default(false),
    status: text({ enum: ['draft', 'scheduled', 'published'] })
      .notNull()
      .default('draft'),
    scheduledAt: timestamp({ withTimezone: true }),
    publishedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('wall_posts_profile_live_idx')
      .on(t.profileId, t.pinned.desc(), t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null`),
    index('wall_posts_profile_published_idx')
      .on(t.profileId, t.pinned.desc(), t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null and ${t.status} = 'published'`),
    index('wall_posts_user_trash_idx')
      .on(t.userId, t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
  ],
);

export type WallPostRow = typeof wallPosts.$inferSelect;
