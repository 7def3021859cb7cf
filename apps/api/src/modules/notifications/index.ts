/**
 * The notifications module's public surface. Other modules raise notifications by publishing
 * domain events (subscribers.ts) and report their monthly sends with `service.usageChanged`.
 */
export type { Actor, NotificationsService, QuotaMetric } from './service.js';
export type { NotificationStreams, StreamOptions } from './stream.js';
