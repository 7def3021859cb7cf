/** The trash of every kind the modules registered (platform/trash-registry.ts), and its daily purge. */
export type { TrashService } from './service.js';
