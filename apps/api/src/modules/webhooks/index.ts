/** The webhooks module's public surface: other modules reach it only through the domain events it follows (subscribers.ts). */
export type { WebhooksService } from './service.js';
export type { WebhookDeliverer } from './delivery.js';
