import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { consentNotEffective } from './consents.js';
import { contactLists, contacts } from './schema.js';

type Db = Database | Transaction;

/** The owner's imported contact lists and their contacts. */
export function contactListQueries(db: Database) {
  return {
    async lists(ownerId: string) {
      const rows = await db
        .select({
          id: contactLists.id,
          name: contactLists.name,
          createdAt: contactLists.createdAt,
          contacts: sql<number>`(select count(*)::int from ${contacts} c where c.list_id = "contact_lists"."id")`,
        })
        .from(contactLists)
        .where(eq(contactLists.userId, ownerId))
        .orderBy(sql`${contactLists.createdAt} desc`, sql`${contactLists.id} desc`);
      return rows.map((r) => ({ ...r, contacts: Number(r.contacts) }));
    },

    async findList(tx: Db, ownerId: string, id: string) {
      const [row] = await tx
        .select({
          id: contactLists.id,
          name: contactLists.name,
          createdAt: contactLists.createdAt,
          contacts: sql<number>`(select count(*)::int from ${contacts} c where c.list_id = "contact_lists"."id")`,
        })
        .from(contactLists)
        .where(and(eq(contactLists.id, id), eq(contactLists.userId, ownerId)));
      return row ? { ...row, contacts: Number(row.contacts) } : null;
    },

    async createList(tx: Transaction, ownerId: string, name: string) {
      const [row] = await tx.insert(contactLists).values({ userId: ownerId, name }).returning({ id: contactLists.id });
      return row!.id;
    },

    async deleteList(ownerId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(contactLists)
        .where(and(eq(contactLists.id, id), eq(contactLists.userId, ownerId)))
        .returning({ id: contactLists.id });
      return rows.length > 0;
    },

    /** Inserts in chunks; an address already in the list is skipped. Answers the contacts added. */
    async insertContacts(tx: Transaction, listId: string, rows: { email: string; name: string | null }[]) {
      const added: { id: string; email: string }[] = [];
      for (let i = 0; i < rows.length; i += 1000) {
        const chunk = rows.slice(i, i + 1000).map((r) => ({ listId, email: r.email, name: r.name }));
        added.push(
          ...(await tx.insert(contacts).values(chunk).onConflictDoNothing().returning({ id: contacts.id, email: contacts.email })),
        );
      }
      return added;
    },

    /** One page of a list's contacts ordered by address (the unique key, so the address is the cursor). */
    async contactsPage(listId: string, q: string | undefined, after: string | null, limit: number) {
      const filters: SQL[] = [eq(contacts.listId, listId)];
      if (after !== null) filters.push(gt(contacts.email, after));
      if (q) {
        const like = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        filters.push(sql`(${contacts.email} like ${like} or lower(coalesce(${contacts.name}, '')) like ${like})`);
      }
      return db
        .select({
          id: contacts.id,
          email: contacts.email,
          name: contacts.name,
          createdAt: contacts.createdAt,
          pending: consentNotEffective('contact_id', sql`${contacts.id}`).mapWith(Boolean),
        })
        .from(contacts)
        .where(and(...filters))
        .orderBy(asc(contacts.email))
        .limit(limit + 1);
    },

    async deleteContact(listId: string, contactId: string): Promise<boolean> {
      const rows = await db
        .delete(contacts)
        .where(and(eq(contacts.id, contactId), eq(contacts.listId, listId)))
        .returning({ id: contacts.id });
      return rows.length > 0;
    },
  };
}
