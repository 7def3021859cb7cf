import { and, asc, count, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { suppressions } from './schema.js';

/** The owner's suppression list: addresses no campaign of theirs is sent to. */
export function suppressionQueries(db: Database) {
  return {
    async suppressionsPage(ownerId: string, q: string | undefined, after: string | null, limit: number) {
      const filters: SQL[] = [eq(suppressions.userId, ownerId)];
      if (after !== null) filters.push(gt(suppressions.email, after));
      if (q) filters.push(sql`${suppressions.email} like ${`%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
      return db
        .select()
        .from(suppressions)
        .where(and(...filters))
        .orderBy(asc(suppressions.email))
        .limit(limit + 1);
    },

    async findSuppression(ownerId: string, email: string) {
      const [row] = await db
        .select()
        .from(suppressions)
        .where(and(eq(suppressions.userId, ownerId), eq(suppressions.email, email)));
      return row ?? null;
    },

    async addSuppression(ownerId: string, email: string, reason: 'manual') {
      await db.insert(suppressions).values({ userId: ownerId, email, reason }).onConflictDoNothing();
      const [row] = await db
        .select()
        .from(suppressions)
        .where(and(eq(suppressions.userId, ownerId), eq(suppressions.email, email)));
      return row!;
    },

    async removeSuppression(ownerId: string, email: string): Promise<number> {
      const rows = await db
        .delete(suppressions)
        .where(and(eq(suppressions.userId, ownerId), eq(suppressions.email, email)))
        .returning({ email: suppressions.email });
      return rows.length;
    },

    countSuppressions: async (ownerId: string) =>
      Number((await db.select({ n: count() }).from(suppressions).where(eq(suppressions.userId, ownerId)))[0]?.n ?? 0),
  };
}
