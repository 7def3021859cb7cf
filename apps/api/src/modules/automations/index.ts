/** The automations module (automatizaciones): email sequences that start on an event and send their steps after delays. */
export type { AutomationsService } from './service.js';
