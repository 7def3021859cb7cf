import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { messages } from './schema.js';
import { iso, type UserDataProvider } from '../../platform/user-data-registry.js';

/** Visitors' messages to the user's profiles (trashed ones too), with the replies sent. */
export function createMailboxUserData(db: Database): UserDataProvider<'messages'> {
  return {
    section: 'messages',
    async export(userId) {
      const rows = await db.select().from(messages).where(eq(messages.userId, userId)).orderBy(messages.createdAt);
      return rows.map((m) => ({
        id: m.id,
        profileId: m.profileId,
        name: m.name,
        email: m.email,
        phone: m.phone,
        body: m.body,
        consent: m.consent,
        location: m.location ?? null,
        read: m.readAt !== null,
        starred: m.starred,
        archived: m.archivedAt !== null,
        replies: m.replies ?? [],
        createdAt: m.createdAt.toISOString(),
        deletedAt: iso(m.deletedAt),
      }));
    },
    async erase(userId, tx) {
      await tx.delete(messages).where(eq(messages.userId, userId));
    },
  };
}
