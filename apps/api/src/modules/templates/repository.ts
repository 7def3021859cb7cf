import { and, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { KeysetCursor } from '../../lib/keyset-cursor.js';
import { DELETED_AT_KEY_FORMAT } from '../../platform/trash-registry.js';
import { trashQueries } from '../../platform/trash-sql.js';
import { emailTemplates } from './schema.js';

export type TemplateRow = typeof emailTemplates.$inferSelect;
export type TemplateValues = Pick<TemplateRow, 'name' | 'subject' | 'bodyHtml' | 'bodyText'>;

const updatedKey = sql<string>`to_char(${emailTemplates.updatedAt} at time zone 'UTC', ${DELETED_AT_KEY_FORMAT})`;

/** The SQL of the templates module. */
export function createTemplatesRepository(db: Database) {
  return {
    async find(userId: string, id: string): Promise<TemplateRow | undefined> {
      const [row] = await db
        .select()
        .from(emailTemplates)
        .where(and(eq(emailTemplates.id, id), eq(emailTemplates.userId, userId), isNull(emailTemplates.deletedAt)));
      return row;
    },

    /** Live templates, most recently edited first, after `cursor` (updatedAt, id). */
    async list(userId: string, search: string | undefined, cursor: KeysetCursor | null, limit: number) {
      const term = search ? `%${search.replace(/[%_\\]/g, '\\$&')}%` : undefined;
      const conditions: (SQL | undefined)[] = [eq(emailTemplates.userId, userId), isNull(emailTemplates.deletedAt)];
      if (term) conditions.push(or(ilike(emailTemplates.name, term), ilike(emailTemplates.subject, term)));
      if (cursor)
        conditions.push(sql`(${emailTemplates.updatedAt}, ${emailTemplates.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`);
      return db
        .select({ template: emailTemplates, key: updatedKey })
        .from(emailTemplates)
        .where(and(...conditions))
        .orderBy(desc(emailTemplates.updatedAt), desc(emailTemplates.id))
        .limit(limit);
    },

    async insert(userId: string, values: TemplateValues): Promise<TemplateRow> {
      const [row] = await db
        .insert(emailTemplates)
        .values({ userId, ...values })
        .returning();
      return row!;
    },

    async update(userId: string, id: string, values: Partial<TemplateRow>): Promise<TemplateRow | undefined> {
      const [row] = await db
        .update(emailTemplates)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(emailTemplates.id, id), eq(emailTemplates.userId, userId), isNull(emailTemplates.deletedAt)))
        .returning();
      return row;
    },

    /** The trash's queries (platform/trash-sql.ts). */
    trash: trashQueries(db, emailTemplates),
  };
}

export type TemplatesRepository = ReturnType<typeof createTemplatesRepository>;
