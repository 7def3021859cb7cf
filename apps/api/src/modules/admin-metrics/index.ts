import type { Database } from '../../db/client.js';
import { defineModule } from '../../platform/module.js';
import { adminMetricsRoutes } from './routes.js';
import type { AdminMetricsService } from './service.js';
import { createAdminMetricsRepository } from './repository.js';
import { createAdminMetricsService, type MoneyViews } from './service.js';

export { adminMetricsRoutes };
export type { AdminMetricsService, MoneyViews } from './service.js';

export const createAdminMetrics = (db: Database, money: MoneyViews, clock?: () => Date) =>
  createAdminMetricsService(createAdminMetricsRepository(db), money, clock);

export const adminMetricsModule = defineModule({
  name: 'admin-metrics',
  async register(api, { adminMetrics }: { adminMetrics: AdminMetricsService }) {
    await api.register(adminMetricsRoutes, { metrics: adminMetrics });
  },
});
