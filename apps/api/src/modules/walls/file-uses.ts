import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { FileUseProvider } from '../../platform/file-use-registry.js';
import { wallPosts } from './schema.js';

/** Where the owner's live wall posts (drafts, scheduled and published) use a cloud file: as their image. */
export function createWallsFileUses(db: Database): FileUseProvider {
  return {
    kinds: ['wall_post'],
    async usesOf(userId, fileIds) {
      const rows = await db
        .select({ id: wallPosts.id, title: wallPosts.title, profileId: wallPosts.profileId, fileId: wallPosts.imageFileId })
        .from(wallPosts)
        .where(and(eq(wallPosts.userId, userId), isNull(wallPosts.deletedAt), inArray(wallPosts.imageFileId, [...fileIds])));
      return rows.map((row) => ({
        fileId: row.fileId ?? '',
        kind: 'wall_post' as const,
        id: row.id,
        name: row.title,
        role: 'image' as const,
        href: `/user/muros?profile=${row.profileId}`,
      }));
    },
  };
}
