import type { AudienceSelector } from '@enlaza/contracts';
import type { Database } from '../../db/client.js';
import type { AccessProvider, RequireAccess } from '../../platform/access.js';
import { ownedRowsAccess } from '../../platform/access-sql.js';
import { contactFields, contactLists, segments } from './schema.js';

/** An imported contact list, a contact field and a segment of the owner. */
export const createAudienceAccess = (db: Database): AccessProvider[] => [
  ownedRowsAccess('list', db, contactLists),
  ownedRowsAccess('contact_field', db, contactFields),
  ownedRowsAccess('segment', db, segments),
];

/**
 * A selector that comes in a request names only the owner's profiles (trashed ones too: a saved
 * audience may keep one, which then selects nobody), folders, labels, lists and segments; any other is 404.
 */
export async function requireAudienceAccess(
  requireAccess: RequireAccess,
  actor: { id: string },
  selector: AudienceSelector,
): Promise<void> {
  await requireAccess(actor, 'profile.any', selector.profileIds);
  await requireAccess(actor, 'folder', selector.folderIds);
  await requireAccess(actor, 'label', selector.labelIds);
  await requireAccess(actor, 'list', selector.listIds);
  await requireAccess(actor, 'segment', selector.segmentIds ?? []);
}
