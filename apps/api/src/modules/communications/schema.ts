import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, primaryId } from '../../platform/columns.js';
import { users } from '../account/schema.js';

/** Every outbound message (comunicaciones); campaign, reply and test sends count against the monthly quota. */
export const deliveries = pgTable(
  'deliveries',
  {
    id: primaryId(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    kind: text({ enum: ['campaign', 'reply', 'test', 'system', 'confirmation'] }).notNull(),
    toEmail: text().notNull(),
    subject: text().notNull(),
    status: text({ enum: ['queued', 'sent', 'logged', 'failed', 'bounced'] })
      .notNull()
      .default('queued'),
    error: text(),
    /**
     * Plain-text copy: kept for campaign, reply and test emails (shown in Comunicaciones), and for system
     * emails only when no SMTP server is configured (see mailer.ts).
     */
    bodyText: text(),
    /** The HTML as sent, for campaign, reply and test emails only (system emails carry secret links). */
    bodyHtml: text(),
    createdAt: createdAt(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index().on(t.userId, t.createdAt),
    // Queued rows are few (in flight): the automations' sweep finds those a crash left behind through it.
    index('deliveries_queued_idx')
      .on(t.id)
      .where(sql`${t.status} = 'queued'`),
  ],
);
