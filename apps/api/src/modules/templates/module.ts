import { defineModule } from '../../platform/modules.js';
import { templateRoutes } from './routes.js';
import { isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { createTemplatesFileUses } from './file-uses.js';
import { createTemplatesRepository } from './repository.js';
import { emailTemplates } from './schema.js';
import { createTemplatesService, type TemplatesDependencies, type TemplatesService } from './service.js';
import { createTemplatesTrash } from './trash.js';
import { ownedRowsAccess } from '../../platform/access-sql.js';
import { createTemplatesUserData } from './user-data.js';

/** Builds the module: its service (routes) and its trash kind (`email_template`). */
function createTemplates(deps: { db: Database } & Omit<TemplatesDependencies, 'repo'>) {
  const repo = createTemplatesRepository(deps.db);
  return { service: createTemplatesService({ ...deps, repo }), trash: createTemplatesTrash(repo) };
}

declare module '../../platform/modules.js' {
  interface Services {
    templates: TemplatesService;
  }
}

export const templatesModule = defineModule({
  name: 'templates',
  build({ db, mailer, config, registries, events, services: { subscriptions } }) {
    const { service: templates, trash } = createTemplates({
      db,
      requireAccess: registries.access.requireAccess,
      mailer,
      publicUrl: config.publicUrl,
      sendQuota: (actor) => subscriptions.sendQuota(actor),
      sendsChanged: (userId, usage) => events.publish('sends.counted', { userId, ...usage }),
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
