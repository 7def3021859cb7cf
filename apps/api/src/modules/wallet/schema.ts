import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/columns.js';
import { profiles } from '../profiles/schema.js';

/**
 * A card that has been given out as an Apple Wallet pass (serial number = the card's id), with the
 * moment its pass last changed: the web service's "updated since" tag and Last-Modified.
 */
export const walletPasses = pgTable('wallet_passes', {
  profileId: uuid()
    .primaryKey()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  passTypeId: text().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  createdAt: createdAt(),
});

/** A device that asked to hear about a pass's updates (Apple's PassKit web service), with its push token. */
export const walletRegistrations = pgTable(
  'wallet_registrations',
  {
    deviceLibraryId: text().notNull(),
    passTypeId: text().notNull(),
    profileId: uuid()
      .notNull()
      .references(() => walletPasses.profileId, { onDelete: 'cascade' }),
    pushToken: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.deviceLibraryId, t.passTypeId, t.profileId] }), index().on(t.profileId)],
);
