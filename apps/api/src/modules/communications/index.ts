/** Comunicaciones: the log of every outbound message (the `deliveries` table the mailer writes). */
export {
  dropQueuedDeliveries,
  markDeliveriesSent,
  queueDeliveries,
  queuedDeliveryIds,
  setDeliveryStatus,
  settleQueuedDeliveries,
} from './repository.js';
export type { CommunicationsService } from './service.js';
