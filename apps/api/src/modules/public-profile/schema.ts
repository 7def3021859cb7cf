import { date, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { profiles } from '../profiles/schema.js';

/** Visits and link clicks per profile and day (UTC). No address or visitor detail is stored. */
export const profileDailyStats = pgTable(
  'profile_daily_stats',
  {
    profileId: uuid()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    visits: integer().notNull().default(0),
    linkClicks: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.day] })],
);
