import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { iso, type UserDataProvider } from '../../platform/user-data-registry.js';
import { wallPosts } from './schema.js';

/** The posts the user wrote on their walls (drafts, scheduled and trashed ones too). */
export function createWallsUserData(db: Database): UserDataProvider<'wallPosts'> {
  return {
    section: 'wallPosts',
    async export(userId) {
      const rows = await db.select().from(wallPosts).where(eq(wallPosts.userId, userId)).orderBy(wallPosts.createdAt, wallPosts.id);
      return rows.map((p) => ({
        id: p.id,
        profileId: p.profileId,
        title: p.title,
        bodyHtml: p.bodyHtml,
        linkUrl: p.linkUrl,
        pinned: p.pinned,
        status: p.status,
        scheduledAt: iso(p.scheduledAt),
        publishedAt: iso(p.publishedAt),
        createdAt: p.createdAt.toISOString(),
        updatedAt: p.updatedAt.toISOString(),
        deletedAt: iso(p.deletedAt),
      }));
    },
    async erase(userId, tx) {
      await tx.delete(wallPosts).where(eq(wallPosts.userId, userId));
    },
  };
}
