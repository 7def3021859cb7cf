import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { AccessProvider } from '../../platform/access.js';
import { ownedRowsAccess } from '../../platform/access-sql.js';
import { profiles } from './schema.js';

/** The profile kinds of `requireAccess`: live cards and tags (together or one kind), and any of the owner's, trashed too. */
export function createProfilesAccess(db: Database): AccessProvider[] {
  const live = isNull(profiles.deletedAt);
  return [
    ownedRowsAccess('profile', db, profiles, live),
    ownedRowsAccess('card', db, profiles, and(live, eq(profiles.kind, 'card'))),
    ownedRowsAccess('tag', db, profiles, and(live, eq(profiles.kind, 'tag'))),
    ownedRowsAccess('profile.any', db, profiles),
  ];
}
