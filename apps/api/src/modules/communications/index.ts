/** Comunicaciones: the log of every outbound message (the `deliveries` table the mailer writes). */
import { defineModule } from '../../platform/modules.js';
import { communicationsRoutes } from './routes.js';
import type { Database } from '../../db/client.js';
import { createSendsUsage } from './mailer-usage.js';
import { createDeliveriesUserData } from './mailer-user-data.js';
import { createCommunicationsRepository } from './repository.js';

export { dropQueuedDeliveries, markDeliveriesSent, queueDeliveries, setDeliveryStatus, settleQueuedDeliveries } from './repository.js';
import { createCommunicationsService } from './service.js';

export { communicationsRoutes };
/** The transactional mailer (platform/mailer.ts's Mailer): app.ts makes it and hands it to every module as Platform.mailer. */
export { createMailer } from './mailer.js';
export type { CommunicationsService } from './service.js';

export const createCommunications = (db: Database) => createCommunicationsService(createCommunicationsRepository(db));

/** The mailer's deliveries: the month's counted sends (usage) and the user's section of their data. */
export const communicationsModule = defineModule({
  name: 'communications',
  build: ({ db }) => ({ usage: [createSendsUsage(db)], userData: [createDeliveriesUserData(db)] }),
  async register(api, { db }) {
    await api.register(communicationsRoutes, { communications: createCommunications(db) });
  },
});
