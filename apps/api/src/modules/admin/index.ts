/** The admin's user and account screens; other modules ask nothing of it. */
export type { AdminService } from './service.js';
