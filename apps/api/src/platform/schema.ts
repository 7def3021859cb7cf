import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, primaryId } from './columns.js';

// Tables of the platform itself (rate limits, process-wide settings), read by lib/ and platform/ code only.

/**
 * Events counted by rate limits (failed sign-ins, reset requests, resends…), keyed by a hash of what
 * is limited (email and address, address alone…); old rows are pruned as new ones arrive.
 */
export const rateLimitEvents = pgTable(
  'rate_limit_events',
  {
    id: primaryId(),
    keyHash: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.keyHash, t.createdAt), index().on(t.createdAt)],
);

/** Process-wide settings shared by every API process (e.g. the generated signing secret). */
export const appSettings = pgTable('app_settings', {
  key: text().primaryKey(),
  value: text().notNull(),
  createdAt: createdAt(),
});
