import { MAILBOX_COUNT_CAP, type MailboxFolder } from '@enlaza/contracts';
import { and, count, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { messages } from './schema.js';
import { liveProfileIds, profileSummaries } from '../profiles/index.js';
import { messageTrashQueries } from './trash-queries.js';

export type MessageRow = typeof messages.$inferSelect;
export type NewMessage = typeof messages.$inferInsert;
/** A position in a newest-first list: the timestamp as PostgreSQL text (microseconds kept) and the id. */
export type Cursor = { createdAt: string; id: string };
/** `live`: everything not in the trash (inbox and archived), for the CSV export. */
export type MessageFilter = { folder: MailboxFolder | 'live'; unread?: boolean | undefined; search?: string | undefined };
export type MessageFlags = Partial<Pick<NewMessage, 'readAt' | 'starred' | 'archivedAt' | 'deletedAt' | 'repliedAt'>>;

/** Each folder is a condition that one of the partial indexes of `messages` matches (see schema/content.ts). */
function folderCondition(folder: MailboxFolder | 'live'): SQL | undefined {
  switch (folder) {
    case 'live':
      return isNull(messages.deletedAt);
    case 'inbox':
      return and(isNull(messages.deletedAt), isNull(messages.archivedAt));
    case 'starred':
      return and(isNull(messages.deletedAt), eq(messages.starred, true));
    case 'archived':
      return and(isNull(messages.deletedAt), isNotNull(messages.archivedAt));
    case 'trash':
      return isNotNull(messages.deletedAt);
  }
}

// `nulls last` as in the indexes (drizzle's default for desc index columns): PostgreSQL uses an index
// for an ORDER BY only when the null ordering matches, even on a NOT NULL column.
const NEWEST_FIRST = [sql`${messages.createdAt} desc nulls last`, sql`${messages.id} desc nulls last`];

const likeTerm = (search: string) => `%${search.replace(/[%_\\]/g, '\\$&')}%`;

/** The owner's messages (here) and their trash (trash-queries.ts). */
export function createMailboxRepository(db: Database) {
  return { ...messageQueries(db), ...messageTrashQueries(db) };
}

function messageQueries(db: Database) {
  /** `count(*)` of at most MAILBOX_COUNT_CAP rows: a huge mailbox never makes the screen slow. */
  const capped = (where: SQL | undefined) =>
    sql<number>`(select count(*) from (select 1 from ${messages} where ${where} limit ${MAILBOX_COUNT_CAP}) as capped)`.mapWith(Number);

  return {
    /** Stores a message and runs `after` (an event's publication) in the same transaction. */
    async insert(
      values: NewMessage,
      after: (row: MessageRow, tx: Transaction) => Promise<void> = async () => undefined,
    ): Promise<MessageRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(messages).values(values).returning();
        if (!row) throw new Error('message insert returned nothing');
        await after(row, tx);
        return row;
      });
    },

    /** One keyset page (limit + 1 rows, so the caller knows whether another page follows), newest first. */
    async list(profileId: string, filter: MessageFilter, cursor: Cursor | null, limit: number) {
      const term = filter.search ? likeTerm(filter.search) : undefined;
      const conditions: (SQL | undefined)[] = [
        eq(messages.profileId, profileId),
        folderCondition(filter.folder),
        filter.unread === true ? isNull(messages.readAt) : filter.unread === false ? isNotNull(messages.readAt) : undefined,
        term ? or(ilike(messages.name, term), ilike(messages.email, term), ilike(messages.body, term)) : undefined,
        cursor ? sql`(${messages.createdAt}, ${messages.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)` : undefined,
      ];
      return db
        .select({ message: messages, createdAtText: sql<string>`${messages.createdAt}::text` })
        .from(messages)
        .where(and(...conditions))
        .orderBy(...NEWEST_FIRST)
        .limit(limit + 1);
    },

    async counts(profileId: string) {
      const of = (folder: MailboxFolder, extra?: SQL) => capped(and(eq(messages.profileId, profileId), folderCondition(folder), extra));
      const [row] = await db
        .select({
          inbox: of('inbox'),
          unread: of('inbox', isNull(messages.readAt)),
          starred: of('starred'),
          archived: of('archived'),
          trash: of('trash'),
        })
        .from(sql`(select 1) as one`);
      return row ?? { inbox: 0, unread: 0, starred: 0, archived: 0, trash: 0 };
    },

    /** A message of this owner (its profile may be anything, even in the trash). */
    async find(userId: string, id: string): Promise<MessageRow | undefined> {
      const [row] = await db
        .select()
        .from(messages)
        .where(and(eq(messages.id, id), eq(messages.userId, userId)));
      return row;
    },

    async update(userId: string, id: string, flags: MessageFlags): Promise<MessageRow | undefined> {
      const [row] = await db
        .update(messages)
        .set(flags)
        .where(and(eq(messages.id, id), eq(messages.userId, userId)))
        .returning();
      return row;
    },

    /** Marks a message replied (and read) and keeps the reply's text after the earlier ones. */
    async addReply(userId: string, id: string, reply: { subject: string; body: string; sentAt: Date }): Promise<MessageRow | undefined> {
      const record = JSON.stringify([{ subject: reply.subject, body: reply.body, sentAt: reply.sentAt.toISOString() }]);
      const [row] = await db
        .update(messages)
        .set({
          repliedAt: reply.sentAt,
          readAt: sql`coalesce(${messages.readAt}, ${reply.sentAt})`,
          replies: sql`${messages.replies} || ${record}::jsonb`,
        })
        .where(and(eq(messages.id, id), eq(messages.userId, userId)))
        .returning();
      return row;
    },

    /** How many of `ids` are messages of this owner's profile. */
    async countOwned(userId: string, profileId: string, ids: string[]): Promise<number> {
      const rows = await db
        .select({ id: messages.id })
        .from(messages)
        .where(and(eq(messages.userId, userId), eq(messages.profileId, profileId), inArray(messages.id, ids)));
      return rows.length;
    },

    async updateMany(userId: string, profileId: string, ids: string[], flags: MessageFlags): Promise<number> {
      const rows = await db
        .update(messages)
        .set(flags)
        .where(and(eq(messages.userId, userId), eq(messages.profileId, profileId), inArray(messages.id, ids)))
        .returning({ id: messages.id });
      return rows.length;
    },

    /** Unread (not archived, not in the trash) per live profile, scanning at most `cap` rows of the unread index. */
    async unreadByProfile(userId: string, cap: number): Promise<{ profileId: string; n: number }[]> {
      const unread = db
        .select({ profileId: messages.profileId })
        .from(messages)
        .where(and(eq(messages.userId, userId), isNull(messages.readAt), isNull(messages.deletedAt), isNull(messages.archivedAt)))
        .limit(cap)
        .as('unread');
      return db
        .select({ profileId: unread.profileId, n: count() })
        .from(unread)
        .where(inArray(unread.profileId, liveProfileIds(db, userId)))
        .groupBy(unread.profileId);
    },

    /** The newest live messages across the owner's live profiles. */
    async latest(userId: string, n: number) {
      const rows = await db
        .select({ message: messages })
        .from(messages)
        .where(and(eq(messages.userId, userId), isNull(messages.deletedAt), inArray(messages.profileId, liveProfileIds(db, userId))))
        .orderBy(...NEWEST_FIRST)
        .limit(n);
      const profiles = await profileSummaries(
        db,
        rows.map((r) => r.message.profileId),
      );
      return rows.flatMap((r) => {
        const profile = profiles.get(r.message.profileId);
        return profile ? [{ message: r.message, profileName: profile.name, profileKind: profile.kind }] : [];
      });
    },
  };
}

export type MailboxRepository = ReturnType<typeof createMailboxRepository>;
