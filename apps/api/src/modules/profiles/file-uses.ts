import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { FileUse } from '@enlaza/contracts';
import type { Database } from '../../db/client.js';
import type { FileUseProvider } from '../../platform/file-use-registry.js';
import { profiles } from './schema.js';

/** Where the owner's live cards and tags use a cloud file: as their photo, cover or logo (one use each). */
export function createProfilesFileUses(db: Database): FileUseProvider {
  return {
    kinds: ['card', 'tag'],
    async usesOf(userId, fileIds) {
      const ids = [...fileIds];
      const rows = await db
        .select({
          id: profiles.id,
          kind: profiles.kind,
          name: profiles.name,
          photo: profiles.photoFileId,
          cover: profiles.coverFileId,
          logo: profiles.logoFileId,
        })
        .from(profiles)
        .where(
          and(
            eq(profiles.userId, userId),
            isNull(profiles.deletedAt),
            or(inArray(profiles.photoFileId, ids), inArray(profiles.coverFileId, ids), inArray(profiles.logoFileId, ids)),
          ),
        );
      const uses: FileUse[] = [];
      for (const row of rows) {
        const href = row.kind === 'card' ? `/user/perfiles/${row.id}` : `/user/tamys/${row.id}`;
        const use = { kind: row.kind, id: row.id, name: row.name, href };
        if (row.photo && ids.includes(row.photo)) uses.push({ ...use, fileId: row.photo, role: 'photo' });
        if (row.cover && ids.includes(row.cover)) uses.push({ ...use, fileId: row.cover, role: 'cover' });
        if (row.logo && ids.includes(row.logo)) uses.push({ ...use, fileId: row.logo, role: 'logo' });
      }
      return uses;
    },
  };
}
