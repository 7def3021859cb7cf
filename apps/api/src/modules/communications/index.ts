/** Comunicaciones: the log of every outbound message (the `deliveries` table the mailer writes). */
import { defineModule } from '../../platform/module.js';
import { communicationsRoutes } from './routes.js';
import type { Database } from '../../db/client.js';
import { createCommunicationsRepository } from './repository.js';

export { dropQueuedDeliveries, markDeliveriesSent, queueDeliveries, setDeliveryStatus, settleQueuedDeliveries } from './repository.js';
import { createCommunicationsService } from './service.js';

export { communicationsRoutes };
export type { CommunicationsService } from './service.js';

export const createCommunications = (db: Database) => createCommunicationsService(createCommunicationsRepository(db));

export const communicationsModule = defineModule({
  name: 'communications',
  async register(api, { db }: { db: Database }) {
    await api.register(communicationsRoutes, { communications: createCommunications(db) });
  },
});
