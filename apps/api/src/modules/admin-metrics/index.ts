import type { Database } from '../../db/client.js';
import { defineModule } from '../../platform/modules.js';
import { adminMetricsRoutes } from './routes.js';
import type { AdminMetricsService } from './service.js';
import { createAdminMetricsRepository } from './repository.js';
import { createAdminMetricsService, type MoneyViews } from './service.js';

export { adminMetricsRoutes };
export type { AdminMetricsService, MoneyViews } from './service.js';

export const createAdminMetrics = (db: Database, money: MoneyViews, clock?: () => Date) =>
  createAdminMetricsService(createAdminMetricsRepository(db), money, clock);

declare module '../../platform/modules.js' {
  interface Services {
    adminMetrics: AdminMetricsService;
  }
}

export const adminMetricsModule = defineModule({
  name: 'admin-metrics',
  build: ({ db, clock, services: { paymentQueries, invoiceQueries } }) => ({
    services: {
      adminMetrics: createAdminMetrics(
        db,
        {
          latestPayments: (limit) => paymentQueries.latest(limit),
          revenueByMonth: (from, now) => invoiceQueries.revenueByMonth(from, now),
        },
        () => clock.now(),
      ),
    },
  }),
  async register(api, { services: { adminMetrics } }) {
    await api.register(adminMetricsRoutes, { metrics: adminMetrics });
  },
});
