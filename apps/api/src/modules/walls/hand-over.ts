import { inArray } from 'drizzle-orm';
import type { Transaction } from '../../db/client.js';
import { wallPosts } from './schema.js';

/**
 * The posts of these profiles (in the trash too) now belong to `userId`: a team card's new holder
 * writes its wall, and the previous one no longer can. A post's image stays a file of whoever chose it.
 */
export async function movePostsTo(tx: Transaction, profileIds: string[], userId: string): Promise<void> {
  if (profileIds.length === 0) return;
  await tx.update(wallPosts).set({ userId }).where(inArray(wallPosts.profileId, profileIds));
}
