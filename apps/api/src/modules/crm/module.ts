import { defineModule } from '../../platform/modules.js';
import { ownedRowsAccess } from '../../platform/access-sql.js';
import { defineJob } from '../../platform/job-list.js';
import { secretBox } from '../../lib/secret-box.js';
import { createCrmOAuth } from './oauth.js';
import { crmRoutes } from './routes.js';
import { crmConnections } from './schema.js';
import { createCrmService, type CrmService } from './service.js';
import { createCrmSync } from './sync.js';
import { createCrmTokens } from './tokens.js';
import { createCrmUserData } from './user-data.js';

declare module '../../platform/modules.js' {
  interface Services {
    crm: CrmService;
  }
}

declare module '../../platform/jobs.js' {
  interface JobPayloads {
    /** One attempt of one lead to one CRM connection (a retryable failure enqueues the next, later). */
    'crm.sync': { syncId: string };
  }
}

/** Leads into HubSpot and Salesforce (docs/teams.md, "Leads into your CRM"; decision 0041). */
export const crmModule = defineModule({
  name: 'crm',
  provides: ['crmLinks'],
  async build({ db, jobs, events, config, log, fetch, registries, appSecret, services: { contactFields } }) {
    const box = secretBox(appSecret, 'crm-token');
    const oauth = createCrmOAuth(config.crm, fetch);
    const tokens = createCrmTokens(db, oauth, box);
    const sync = createCrmSync({ db, jobs, fetch, config: config.crm, tokens, contactFields, log });
    const crm = createCrmService({
      db,
      requireAccess: registries.access.requireAccess,
      oauth,
      box,
      publicUrl: config.publicUrl,
      events,
      log,
    });
    // A message that reached a card goes to the CRM that serves the card (after commit, at least once: queued once per connection).
    await events.subscribe('message.received', 'crm-lead', async (message) => {
      await sync.queue(message);
    });
    await defineJob(jobs, 'crm.sync', ({ syncId }) => sync.attempt(syncId));
    return {
      services: { crm },
      access: [ownedRowsAccess('crm_connection', db, crmConnections)],
      userData: [createCrmUserData(db)],
      hooks: { crmLinks: (messageIds: string[]) => crm.links(messageIds) },
    };
  },
  async register(api, { services: { crm } }) {
    await api.register(crmRoutes, { crm });
  },
});
