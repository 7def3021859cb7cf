/**
 * The templates module's public surface. Campaigns read a template through `findTemplateForSend`
 * (the owner's live template, or null) and copy its subject and bodies when they are created, and
 * render them per recipient with `prepareEmail` once and `mergeEmail` per recipient (the renderer of
 * the preview and the test send).
 */
import { defineModule } from '../../platform/modules.js';
import { templateRoutes } from './routes.js';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { createTemplatesFileUses } from './file-uses.js';
import { createTemplatesRepository } from './repository.js';
import { emailTemplates } from './schema.js';
import { createTemplatesService, type TemplatesDependencies, type TemplatesService } from './service.js';
import { createTemplatesTrash } from './trash.js';
import { ownedRowsAccess } from '../../platform/access-sql.js';
import { createTemplatesUserData } from './user-data.js';

export { templateRoutes };
export { mergeEmail, prepareEmail, renderTemplate, type PreparedEmail, type RenderedTemplate, type TemplateContent } from './render.js';
export { templateContent, type TemplatesService } from './service.js';

/** Builds the module: its service (routes) and its trash kind (`email_template`). */
export function createTemplates(deps: { db: Database } & Omit<TemplatesDependencies, 'repo'>) {
  const repo = createTemplatesRepository(deps.db);
  return { service: createTemplatesService({ ...deps, repo }), trash: createTemplatesTrash(repo) };
}

export type TemplateForSend = { id: string; name: string; subject: string; bodyHtml: string; bodyText: string };

export async function findTemplateForSend(db: Database, ownerId: string, templateId: string): Promise<TemplateForSend | null> {
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

declare module '../../platform/modules.js' {
  interface Services {
    templates: TemplatesService;
  }
}

export const templatesModule = defineModule({
  name: 'templates',
  build({ db, mailer, config, registries, services: { subscriptions, notifications } }) {
    const { service: templates, trash } = createTemplates({
      db,
      requireAccess: registries.access.requireAccess,
      mailer,
      publicUrl: config.publicUrl,
      sendQuota: (actor) => subscriptions.sendQuota(actor),
      sendsChanged: (userId, usage) => notifications.usageChanged(userId, 'sends', usage),
    });
    return {
      services: { templates },
      trash: [trash],
      userData: [createTemplatesUserData(db)],
      fileUses: [createTemplatesFileUses(db)],
      // A live template of the owner (its own pages, and a campaign's body).
      access: [ownedRowsAccess('template', db, emailTemplates, isNull(emailTemplates.deletedAt))],
    };
  },
  async register(api, { services: { templates } }) {
    await api.register(templateRoutes, { templates });
  },
});
export { createTemplatesUserData } from './user-data.js';
