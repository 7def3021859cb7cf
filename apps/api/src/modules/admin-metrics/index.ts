export type { AdminMetricsService, MoneyViews } from './service.js';
