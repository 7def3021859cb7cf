import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { SendingDnsRecord } from '@enlaza/contracts';
import { createdAt, primaryId } from '../../platform/columns.js';
import { users } from '../account/schema.js';

/**
 * An owner's own sending domain (docs/sending.md, "Your own sending domain"): the DKIM key made for
 * it (the private half sealed with the app secret, the public half published by the owner under
 * `<selector>._domainkey.<domain>`), the address campaigns come from (`localPart@domain`), and what
 * the last DNS check found. Campaigns use it while it is `verified` and `inUse` (one per owner).
 */
export const sendingDomains = pgTable(
  'sending_domains',
  {
    id: primaryId(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    domain: text().notNull(),
    localPart: text().notNull(),
    selector: text().notNull(),
    /** The RSA key's private half as PKCS#8 PEM, sealed (lib/secret-box.ts, purpose `sending-domain-dkim`). */
    privateKeySealed: text().notNull(),
    /** The public half as the base64 of its SubjectPublicKeyInfo: the `p=` of the DKIM record. */
    publicKey: text().notNull(),
    status: text({ enum: ['pending', 'verified', 'failed'] })
      .notNull()
      .default('pending'),
    inUse: boolean().notNull().default(false),
    /** The records as the last check found them. */
    records: jsonb().$type<SendingDnsRecord[]>().notNull(),
    checkedAt: timestamp({ withTimezone: true }),
    verifiedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex().on(t.userId, t.domain),
    uniqueIndex('sending_domains_in_use')
      .on(t.userId)
      .where(sql`${t.inUse}`),
    index().on(t.status, t.checkedAt),
  ],
);
