import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { iso, type UserDataProvider } from '../../platform/user-data-registry.js';
import { emailTemplates } from './schema.js';

/** The user's email templates (trashed ones too). */
export function createTemplatesUserData(db: Database): UserDataProvider<'templates'> {
  return {
    section: 'templates',
    async export(userId) {
      const rows = await db.select().from(emailTemplates).where(eq(emailTemplates.userId, userId)).orderBy(emailTemplates.createdAt);
      return rows.map((t) => ({
        id: t.id,
        name: t.name,
        subject: t.subject,
        bodyHtml: t.bodyHtml,
        createdAt: t.createdAt.toISOString(),
        updatedAt: t.updatedAt.toISOString(),
        deletedAt: iso(t.deletedAt),
      }));
    },
    async erase(userId, tx) {
      await tx.delete(emailTemplates).where(eq(emailTemplates.userId, userId));
    },
  };
}
