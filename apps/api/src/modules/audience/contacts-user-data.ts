import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { UserDataProvider } from '../../platform/user-data-registry.js';
import { contactLists, contacts } from './schema.js';

/** The contact lists the user imported, with their contacts; erasing a list removes its contacts (cascade). */
export function createContactListsUserData(db: Database): UserDataProvider<'contactLists'> {
  return {
    section: 'contactLists',
    async export(userId) {
      const lists = await db
        .select()
        .from(contactLists)
        .where(eq(contactLists.userId, userId))
        .orderBy(contactLists.createdAt, contactLists.id);
      const people = await db
        .select({ c: contacts })
        .from(contacts)
        .innerJoin(contactLists, eq(contactLists.id, contacts.listId))
        .where(eq(contactLists.userId, userId))
        .orderBy(asc(contacts.email));
      return lists.map((l) => ({
        id: l.id,
        name: l.name,
        createdAt: l.createdAt.toISOString(),
        contacts: people
          .filter(({ c }) => c.listId === l.id)
          .map(({ c }) => ({ email: c.email, name: c.name, createdAt: c.createdAt.toISOString() })),
      }));
    },
    async erase(userId, tx) {
      await tx.delete(contactLists).where(eq(contactLists.userId, userId));
    },
  };
}
