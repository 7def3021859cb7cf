import { AppError } from '../../lib/errors.js';
import type { Storage } from '../../lib/storage.js';
import type { TrashProvider } from '../../platform/trash-registry.js';
import type { SubscriptionsService } from '../subscriptions/index.js';
import { kindOf } from './file-type.js';
import type { CloudRepository } from './repository.js';
import { afterAccess } from '../../platform/access.js';

const formatMb = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
const formatSize = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : formatMb(bytes));

/**
 * What the cloud registers in the trash: files. Deleting one for good deletes its bytes after its
 * row; bytes the storage fails to delete are left behind (logged by the caller's error, not retried yet).
 */
export function createCloudTrash(repo: CloudRepository, storage: Storage, subscriptions: SubscriptionsService): TrashProvider {
  async function deleteBytes(keys: string[]): Promise<number> {
    for (const key of keys) await storage.delete(key).catch(() => undefined);
    return keys.length;
  }

  return {
    kind: 'file',
    async list(owner, _filter, page) {
      const rows = await repo.listTrashed(owner.id, page.cursor, page.limit);
      return rows.map(({ file, deletedAtKey }) => ({
        kind: 'file' as const,
        id: file.id,
        name: file.name,
        summary: `${formatSize(file.sizeBytes)} · ${kindOf(file.mimeType).toUpperCase()}`,
        deletedAt: file.deletedAt ?? new Date(),
        deletedAtKey,
      }));
    },

    /** Refused (nothing changes) when the owner's live files plus this one would pass the plan's storage. */
    async restore(owner, id) {
      const { limits } = await subscriptions.subscriptionData(owner);
      return repo.withOwnerLock(owner.id, async (tx) => {
        // The trash checked `trash.file` first: only a concurrent restore or purge finds nothing here.
        const file = afterAccess(await repo.findTrashed(tx, owner.id, id));
        if ((await repo.liveBytes(tx, owner.id)) + file.sizeBytes > limits.storageBytes)
          throw new AppError('trash.over_quota_storage', { limit: formatMb(limits.storageBytes) });
        await repo.restore(tx, id);
        return { name: file.name };
      });
    },

    purge: async (owner, ids) => deleteBytes(await repo.purge(owner.id, ids)),
    purgeExpired: async (before) => deleteBytes(await repo.purgeExpired(before)),
    trashed: (ownerId, ids) => repo.trashedIds(ownerId, ids),
  };
}
