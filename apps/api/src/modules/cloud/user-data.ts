import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { storedFiles } from './schema.js';
import type { Storage } from '../../lib/storage.js';
import { iso, type UserDataProvider } from '../../platform/user-data-registry.js';

/** The user's files (trashed ones too; never their storage keys). Erasing removes the rows, then the bytes once that has committed. */
export function createCloudUserData(db: Database, storage: Pick<Storage, 'delete'>): UserDataProvider<'files'> {
  return {
    section: 'files',
    async export(userId) {
      const rows = await db.select().from(storedFiles).where(eq(storedFiles.userId, userId)).orderBy(storedFiles.createdAt);
      return rows.map((f) => ({
        id: f.id,
        name: f.name,
        mimeType: f.mimeType,
        sizeBytes: f.sizeBytes,
        createdAt: f.createdAt.toISOString(),
        deletedAt: iso(f.deletedAt),
      }));
    },
    async erase(userId, tx) {
      const removed = await tx.delete(storedFiles).where(eq(storedFiles.userId, userId)).returning({ key: storedFiles.storageKey });
      const keys = removed.map((r) => r.key).filter(Boolean);
      return async () => {
        let failed = 0;
        for (const key of keys) await storage.delete(key).catch(() => (failed += 1));
        if (failed) throw new Error(`${failed} stored files could not be deleted`);
      };
    },
  };
}
