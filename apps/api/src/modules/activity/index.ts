/** Historial: written from the events other modules publish (subscribers.ts), read through the activity service. */
export { changesBetween } from './changes.js';
export type { ActivityService, RequestOrigin } from './service.js';
