import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { DELETED_AT_KEY_FORMAT } from '../../platform/trash-registry.js';
import { trashQueries } from '../../platform/trash-sql.js';
import type { WallCursor } from './cursor.js';
import { wallPosts, type WallPostRow } from './schema.js';

export type WallPostValues = Pick<WallPostRow, 'title' | 'bodyHtml' | 'imageFileId' | 'linkUrl' | 'pinned'>;
type Runner = Database | Transaction;

const timeKey = (column: typeof wallPosts.createdAt | typeof wallPosts.publishedAt) =>
  sql<string>`to_char(${column} at time zone 'UTC', ${DELETED_AT_KEY_FORMAT})`;

/** Rows after `cursor` in (pinned desc, time desc, id desc) order. */
function after(time: typeof wallPosts.createdAt | typeof wallPosts.publishedAt, cursor: WallCursor | null): SQL | undefined {
  if (!cursor) return undefined;
  return sql`(${wallPosts.pinned}::int, ${time}, ${wallPosts.id}) < (${cursor.pinned ? 1 : 0}, ${cursor.at}::timestamptz, ${cursor.id}::uuid)`;
}

/** The SQL of the walls module: posts, their scheduling state and their trash. */
export function createWallsRepository(db: Database) {
  /** Tells every process (and this one) that an owner's public pages changed (see public-profile/cache-invalidation.ts). */
  const notifyPublic = (runner: Runner, userId: string) => runner.execute(sql`select pg_notify('enlaza_public', ${userId})`);
  const trash = trashQueries(db, wallPosts);

  return {
    transaction: <T>(work: (tx: Transaction) => Promise<T>) => db.transaction(work),
    notifyPublic,

    async find(userId: string, id: string, runner: Runner = db): Promise<WallPostRow | undefined> {
      const [row] = await runner
        .select()
        .from(wallPosts)
        .where(and(eq(wallPosts.id, id), eq(wallPosts.userId, userId), isNull(wallPosts.deletedAt)));
      return row;
    },

    /** Any post by id, whoever owns it (the publishing job). */
    async findAny(id: string, runner: Runner = db): Promise<WallPostRow | undefined> {
      const [row] = await runner.select().from(wallPosts).where(eq(wallPosts.id, id));
      return row;
    },

    /** The owner's live posts of a profile: pinned first, then newest created. */
    async list(userId: string, profileId: string, cursor: WallCursor | null, limit: number) {
      return db
        .select({ post: wallPosts, key: timeKey(wallPosts.createdAt) })
        .from(wallPosts)
        .where(
          and(
            eq(wallPosts.userId, userId),
            eq(wallPosts.profileId, profileId),
            isNull(wallPosts.deletedAt),
            after(wallPosts.createdAt, cursor),
          ),
        )
        .orderBy(desc(wallPosts.pinned), desc(wallPosts.createdAt), desc(wallPosts.id))
        .limit(limit);
    },

    /** Published posts of a profile for the public page: pinned first, then newest published. */
    async published(profileId: string, cursor: WallCursor | null, limit: number) {
      return db
        .select({ post: wallPosts, key: timeKey(wallPosts.publishedAt) })
        .from(wallPosts)
        .where(
          and(
            eq(wallPosts.profileId, profileId),
            eq(wallPosts.status, 'published'),
            isNull(wallPosts.deletedAt),
            after(wallPosts.publishedAt, cursor),
          ),
        )
        .orderBy(desc(wallPosts.pinned), desc(wallPosts.publishedAt), desc(wallPosts.id))
        .limit(limit);
    },

    async insert(tx: Transaction, userId: string, profileId: string, values: WallPostValues): Promise<WallPostRow> {
      const [row] = await tx
        .insert(wallPosts)
        .values({ userId, profileId, ...values })
        .returning();
      return row!;
    },

    async update(tx: Runner, userId: string, id: string, values: Partial<WallPostRow>): Promise<WallPostRow | undefined> {
      const [row] = await tx
        .update(wallPosts)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(wallPosts.id, id), eq(wallPosts.userId, userId), isNull(wallPosts.deletedAt)))
        .returning();
      return row;
    },

    /**
     * Publishes a scheduled post when it is due and still scheduled for exactly `scheduledFor`
     * (a rescheduled or unpublished post keeps its new state). Answers the row when it changed.
     */
    async publishIfDue(tx: Transaction, id: string, scheduledFor: Date, now: Date): Promise<WallPostRow | undefined> {
      const [row] = await tx
        .update(wallPosts)
        .set({ status: 'published', publishedAt: wallPosts.scheduledAt, updatedAt: sql`now()` })
        .where(
          and(
            eq(wallPosts.id, id),
            eq(wallPosts.status, 'scheduled'),
            isNull(wallPosts.deletedAt),
            sql`${wallPosts.scheduledAt} = ${scheduledFor.toISOString()}::timestamptz`,
            sql`${wallPosts.scheduledAt} <= ${now.toISOString()}::timestamptz`,
          ),
        )
        .returning();
      return row;
    },

    /** The trash's queries (platform/trash-sql.ts); a restored post shows on the public page again. */
    trash: {
      ...trash,
      restore: (userId: string, id: string) =>
        db.transaction(async (tx) => {
          const row = await trash.restore(userId, id, tx);
          if (row) await notifyPublic(tx, userId);
          return row;
        }),
    },
  };
}

export type WallsRepository = ReturnType<typeof createWallsRepository>;
