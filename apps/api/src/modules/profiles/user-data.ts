import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { profiles } from './schema.js';
import { collectionsOf, deleteCollectionsOf, type CollectionRow } from '../collections/index.js';
import { iso, type UserDataProvider } from '../../platform/user-data-registry.js';

/** Cards, tags (trashed ones too), folders and labels; erasing removes them all (labels' links and daily stats go with them). */
export function createProfilesUserData(db: Database): UserDataProvider<'profiles'> {
  const collection = (c: CollectionRow) => ({ id: c.id, kind: c.kind, name: c.name, color: c.color, createdAt: c.createdAt.toISOString() });
  return {
    section: 'profiles',
    async export(userId) {
      const [rows, folderRows, labelRows] = await Promise.all([
        db.select().from(profiles).where(eq(profiles.userId, userId)).orderBy(profiles.createdAt),
        collectionsOf(db, 'folders', userId),
        collectionsOf(db, 'labels', userId),
      ]);
      return {
        profiles: rows.map((p) => ({
          id: p.id,
          kind: p.kind,
          name: p.name,
          visibility: p.visibility,
          contactForm: p.contactForm,
          wall: p.wall,
          sectionOrder: p.sectionOrder,
          theme: p.theme,
          card: p.card ?? null,
          tag: p.tag ?? null,
          folderId: p.folderId,
          photoFileId: p.photoFileId,
          coverFileId: p.coverFileId,
          createdAt: p.createdAt.toISOString(),
          updatedAt: p.updatedAt.toISOString(),
          deletedAt: iso(p.deletedAt),
        })),
        folders: folderRows.map(collection),
        labels: labelRows.map(collection),
      };
    },
    async erase(userId, tx) {
      await tx.delete(profiles).where(eq(profiles.userId, userId));
      await deleteCollectionsOf(tx, userId);
    },
  };
}
