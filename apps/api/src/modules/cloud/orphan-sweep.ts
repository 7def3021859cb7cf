import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { storedFiles } from './schema.js';
import type { Storage, StoredObject } from '../../lib/storage.js';

/** Bytes younger than this may belong to an upload still in progress (its row comes after its bytes). */
export const ORPHAN_AGE_MS = 60 * 60 * 1000;
const BATCH = 500;

/**
 * Removes what a crash mid-upload leaves behind: stored bytes older than an hour that no
 * `stored_files` row (live or in the trash) points to, and temporary files older than an hour.
 * Such bytes count in no quota and nothing else would ever remove them.
 */
export async function sweepOrphans(db: Database, storage: Storage, now: Date): Promise<{ removed: number; temporaries: number }> {
  const cutoff = now.getTime() - ORPHAN_AGE_MS;
  let removed = 0;
  let temporaries = 0;
  let batch: StoredObject[] = [];
  const flush = async () => {
    const keys = batch.map((o) => o.key);
    batch = [];
    if (keys.length === 0) return;
    const rows = await db.select({ key: storedFiles.storageKey }).from(storedFiles).where(inArray(storedFiles.storageKey, keys));
    const known = new Set(rows.map((r) => r.key));
    for (const key of keys) {
      if (known.has(key)) continue;
      await storage.delete(key);
      removed += 1;
    }
  };
  for await (const object of storage.list()) {
    if (object.modifiedAt.getTime() > cutoff) continue;
    if (object.temporary) {
      await storage.deleteTemporary(object.key);
      temporaries += 1;
    } else {
      batch.push(object);
      if (batch.length >= BATCH) await flush();
    }
  }
  await flush();
  return { removed, temporaries };
}
