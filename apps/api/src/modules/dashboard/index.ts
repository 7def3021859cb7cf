export type { DashboardService } from './service.js';
