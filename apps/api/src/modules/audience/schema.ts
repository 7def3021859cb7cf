import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { CONSENT_METHODS, CONSENT_SOURCES, ContactFieldType, SegmentRule, suppressionEntryReasonSchema } from '@enlaza/contracts';
import { createdAt, primaryId, updatedAt } from '../../platform/columns.js';
import { users } from '../account/schema.js';
import { messages } from '../mailbox/schema.js';

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
  (t) => [
    uniqueIndex('contacts_list_email_idx').on(t.listId, t.email),
    // A segment's addresses are looked up here, one probe each, without reading the rows: the list
    // (whose owner it is) and the id (whose consent counts) come from the index. In byte order
    // ("C"): equality is the same, and a probe compares bytes instead of asking the locale.
    index('contacts_email_idx').on(sql`${t.email} collate "C"`, t.listId, t.id),
  ],
);

/**
 * How an owner takes consents (one row per owner; an owner without one has the defaults: double
 * opt-in on). The texts are the owner's own confirmation email and thanks page; null: the translated
 * defaults, in the visitor's language. Accounts that existed before double opt-in have a row with it
 * off (migration 0072): what they had agreed to keeps working as it did.
 */
export const consentSettings = pgTable('consent_settings', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  doubleOptIn: boolean().notNull().default(true),
  subject: text(),
  body: text(),
  thanks: text(),
  pendingDays: integer().notNull().default(30),
  updatedAt: updatedAt(),
});

/**
 * The proof of each consent an owner was given: a visitor's ticked box on a contact form (its
 * message) or a contact of an imported list; when, the exact text shown and its version, where, and
 * how it became effective. A consent waiting for its email confirmation (`confirmed_at` null) keeps
 * its source out of every audience; past `expires_at` it is expired for good (an imported contact is
 * then removed from its list). The confirmation link's token is stored hashed.
 */
export const consents = pgTable(
  'consents',
  {
    id: primaryId(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    source: text().$type<(typeof CONSENT_SOURCES)[number]>().notNull(),
    messageId: uuid().references(() => messages.id, { onDelete: 'cascade' }),
    contactId: uuid().references(() => contacts.id, { onDelete: 'cascade' }),
    /** The public page's address, or the imported list's name. */
    origin: text().notNull(),
    text: text().notNull(),
    /** The first 16 hex digits of the text's SHA-256: the same words are the same version. */
    textVersion: text().notNull(),
    locale: text().notNull(),
    method: text().$type<(typeof CONSENT_METHODS)[number]>().notNull(),
    tokenHash: text(),
    confirmationSentAt: timestamp({ withTimezone: true }),
    confirmedAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }),
    expiredAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('consents_user_email_idx').on(t.userId, t.email, t.createdAt),
    index('consents_message_idx').on(t.messageId),
    index('consents_contact_idx').on(t.contactId),
    uniqueIndex('consents_token_idx').on(t.tokenHash),
    // The daily purge's and the audiences' look-ups of consents still waiting.
    index('consents_waiting_idx')
      .on(t.expiresAt)
      .where(sql`${t.confirmedAt} is null and ${t.expiredAt} is null`),
    // Whether a contact's or a message's consent does not count (waiting or expired): asked of every
    // address an audience or a segment takes, answered from these small indexes however many
    // consents were confirmed (one per imported contact).
    index('consents_contact_unconfirmed_idx')
      .on(t.contactId)
      .where(sql`${t.confirmedAt} is null`),
    index('consents_message_unconfirmed_idx')
      .on(t.messageId)
      .where(sql`${t.confirmedAt} is null`),
  ],
);

/** A typed attribute an owner defines for the people of their audience (text, number, date, choice). */
export const contactFields = pgTable(
  'contact_fields',
  {
    id: primaryId(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    type: text().$type<ContactFieldType>().notNull(),
    choices: jsonb().$type<string[]>().notNull().default([]),
    onForm: boolean().notNull().default(false),
    position: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('contact_fields_user_name_idx').on(t.userId, sql`lower(${t.name})`)],
);

/**
 * One value of one field for one address (lower-cased) of the field's owner, in the column of the
 * field's type (a choice in `text_value`; `text_key` is it lower-cased, written by the database). The
 * indexes by field and value are what a segment's field condition reads: equality and ranges on one
 * field select their addresses from the index alone, without reading the rows or the other fields.
 */
export const contactFieldValues = pgTable(
  'contact_field_values',
  {
    fieldId: uuid()
      .notNull()
      .references(() => contactFields.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    textValue: text(),
    textKey: text().generatedAlwaysAs(sql`lower(text_value)`),
    numberValue: numeric({ mode: 'number' }),
    dateValue: date({ mode: 'string' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.fieldId, t.email] }),
    // On the stored key, not on lower(text_value): an index on an expression is never read alone.
    index('contact_field_values_text_key_idx')
      .on(t.fieldId, t.textKey, t.email)
      .where(sql`${t.textKey} is not null`),
    index('contact_field_values_number_idx').on(t.fieldId, t.numberValue, t.email),
    index('contact_field_values_date_idx').on(t.fieldId, t.dateValue, t.email),
  ],
);

/** A saved rule over an owner's audience; evaluated each time it is counted or a campaign or step sends to it. */
export const segments = pgTable(
  'segments',
  {
    id: primaryId(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    rule: jsonb().$type<SegmentRule>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.userId, t.createdAt)],
);
