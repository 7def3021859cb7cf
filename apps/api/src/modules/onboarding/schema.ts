import { pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/columns.js';
import { users } from '../account/schema.js';

/**
 * The guided start's checklist, one row per account that began with it (written when the account is
 * activated, so accounts older than the checklist never see it). The first step is read from the main
 * card itself; the other two are actions recorded here, with the dismissal.
 */
export const onboardingChecklists = pgTable('onboarding_checklists', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** A card seen as its visitors see it (the owner view's preview, or its public page opened from there). */
  previewedAt: timestamp({ withTimezone: true }),
  /** A card's link copied or its QR code downloaded. */
  sharedAt: timestamp({ withTimezone: true }),
  dismissedAt: timestamp({ withTimezone: true }),
  createdAt: createdAt(),
});
