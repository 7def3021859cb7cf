import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, primaryId, updatedAt } from '../../platform/columns.js';
import { users } from '../account/schema.js';
import { storedFiles } from '../cloud/schema.js';
import { folders, labels } from '../collections/schema.js';

export type CardFields = Record<string, unknown>;
export type TagFields = Record<string, unknown>;
export type ProfileTheme = { color: string; layout: 'classic' | 'centered' | 'banner' };

/**
 * Cards (kind `card`) and smart tags (kind `tag`). The user's first card is their `perfil_id`.
 * Kind-specific fields live in `card` / `tag` as JSON validated by the contracts.
 */
export const profiles = pgTable(
  'profiles',
  {
    id: primaryId(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['card', 'tag'] }).notNull(),
    /** Display name, kept for search and sorting: the card's full name or the tag's name. */
    name: text().notNull(),
    photoFileId: uuid().references((): AnyPgColumn => storedFiles.id, { onDelete: 'set null' }),
    coverFileId: uuid().references((): AnyPgColumn => storedFiles.id, { onDelete: 'set null' }),
    /** A company logo shown on the card (a team card's comes from its team's template). */
    logoFileId: uuid().references((): AnyPgColumn => storedFiles.id, { onDelete: 'set null' }),
    /**
     * The team whose card this is (null: a personal card or tag). Its foreign key to `teams` (set
     * null when the team goes) is written by hand in the migration that added it: the teams module's
     * schema names this table, so naming that one here would tie the two schemas in a circle.
     */
    teamId: uuid(),
    theme: jsonb().$type<ProfileTheme>().notNull().default({ color: '#12b886', layout: 'classic' }),
    visibility: text({ enum: ['public', 'unlisted', 'private'] })
      .notNull()
      .default('public'),
    contactForm: boolean().notNull().default(true),
    wall: boolean().notNull().default(false),
    /** Under the card on the public page: the wall's posts before the contact form, or the form first. */
    sectionOrder: text({ enum: ['wall-first', 'form-first'] })
      .notNull()
      .default('wall-first'),
    folderId: uuid().references(() => folders.id, { onDelete: 'set null' }),
    card: jsonb().$type<CardFields>(),
    tag: jsonb().$type<TagFields>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index().on(t.userId, t.kind),
    index('profiles_user_kind_updated_idx').on(t.userId, t.kind, t.updatedAt),
    index().on(t.folderId),
    index().on(t.teamId),
  ],
);

export const profileLabels = pgTable(
  'profile_labels',
  {
    profileId: uuid()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    labelId: uuid()
      .notNull()
      .references(() => labels.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.labelId] }), index().on(t.labelId)],
);
