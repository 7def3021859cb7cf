import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { CustomDomainRecord } from '@enlaza/contracts';
import { createdAt, primaryId } from '../../platform/columns.js';
import { users } from '../account/schema.js';
import { profiles } from '../profiles/schema.js';
import { teams } from '../teams/schema.js';

/**
 * A host an owner serves one of their cards or tags at, or their team's directory (docs/custom-domains.md).
 * `token` is what the ownership record must hold; a host is served once `verified`, by one owner at
 * most (the partial unique index); `failed`: verified once, a later check did not find its records.
 */
export const customDomains = pgTable(
  'custom_domains',
  {
    id: primaryId(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    host: text().notNull(),
    profileId: uuid().references(() => profiles.id, { onDelete: 'cascade' }),
    teamId: uuid().references(() => teams.id, { onDelete: 'cascade' }),
    token: text().notNull(),
    status: text({ enum: ['pending', 'verified', 'failed'] })
      .notNull()
      .default('pending'),
    records: jsonb().$type<CustomDomainRecord[]>().notNull(),
    checkedAt: timestamp({ withTimezone: true }),
    verifiedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex().on(t.userId, t.host),
    uniqueIndex('custom_domains_verified_host')
      .on(t.host)
      .where(sql`${t.status} = 'verified'`),
    index().on(t.status, t.checkedAt),
  ],
);
