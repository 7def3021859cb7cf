/** Comunicaciones: the log of every outbound message (the `deliveries` table the mailer writes). */
import { defineModule } from '../../platform/modules.js';
import { communicationsRoutes } from './routes.js';
import type { Database } from '../../db/client.js';
import { createSendsUsage } from './mailer-usage.js';
import { createDeliveriesUserData } from './mailer-user-data.js';
import { createCommunicationsRepository } from './repository.js';
import type { RequireAccess } from '../../platform/access.js';
import { ownedRowsAccess } from '../../platform/access-sql.js';
import { deliveries } from './schema.js';
import { createCommunicationsService } from './service.js';

/** The transactional mailer (platform/mailer.ts's Mailer): app.ts makes it and hands it to every module as Platform.mailer. */
export { createMailer } from './mailer.js';

const createCommunications = (db: Database, requireAccess: RequireAccess) =>
  createCommunicationsService(createCommunicationsRepository(db), requireAccess);

/** The mailer's deliveries: the month's counted sends (usage) and the user's section of their data. */
export const communicationsModule = defineModule({
  name: 'communications',
  build: ({ db }) => ({
    usage: [createSendsUsage(db)],
    userData: [createDeliveriesUserData(db)],
    // An email sent for the owner (Comunicaciones shows their own only).
    access: [ownedRowsAccess('delivery', db, deliveries)],
  }),
  async register(api, { db, registries }) {
    await api.register(communicationsRoutes, { communications: createCommunications(db, registries.access.requireAccess) });
  },
});
