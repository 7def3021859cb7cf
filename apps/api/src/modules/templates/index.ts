/**
 * The templates module's public surface. Campaigns read a template through `findTemplateForSend`
 * (the owner's live template, or null) and copy its subject and bodies when they are created, and
 * render them per recipient with `prepareEmail` once and `mergeEmail` per recipient (the renderer of
 * the preview and the test send).
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { emailTemplates } from './schema.js';

export { mergeEmail, prepareEmail, renderTemplate, type PreparedEmail, type RenderedTemplate, type TemplateContent } from './render.js';
export type { TemplatesService } from './service.js';

export type TemplateForSend = { id: string; name: string; subject: string; bodyHtml: string; bodyText: string };

export async function findTemplateForSend(
  db: Database | Transaction,
  ownerId: string,
  templateId: string,
): Promise<TemplateForSend | null> {
  const [row] = await db
    .select({
      id: emailTemplates.id,
      name: emailTemplates.name,
      subject: emailTemplates.subject,
      bodyHtml: emailTemplates.bodyHtml,
      bodyText: emailTemplates.bodyText,
    })
    .from(emailTemplates)
    .where(and(eq(emailTemplates.id, templateId), eq(emailTemplates.userId, ownerId), isNull(emailTemplates.deletedAt)));
  return row ?? null;
}

/** The owner's live templates for a picker (campaign form), newest edit first. */
export async function listTemplateOptions(db: Database, ownerId: string): Promise<{ id: string; name: string; subject: string }[]> {
  return db
    .select({ id: emailTemplates.id, name: emailTemplates.name, subject: emailTemplates.subject })
    .from(emailTemplates)
    .where(and(eq(emailTemplates.userId, ownerId), isNull(emailTemplates.deletedAt)))
    .orderBy(desc(emailTemplates.updatedAt), desc(emailTemplates.id))
    .limit(500);
}
