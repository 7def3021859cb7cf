import type { Database } from '../../db/client.js';
import { defineModule } from '../../platform/modules.js';
import { adminMetricsRoutes } from './routes.js';
import type { AdminMetricsService } from './service.js';
import { createAdminMetricsRepository } from './repository.js';
import { createAdminMetricsService, type MetricsCalendar, type MoneyViews } from './service.js';

const createAdminMetrics = (db: Database, money: MoneyViews, calendar: MetricsCalendar) =>
  createAdminMetricsService(createAdminMetricsRepository(db), money, calendar);

declare module '../../platform/modules.js' {
  interface Services {
    adminMetrics: AdminMetricsService;
  }
}

export const adminMetricsModule = defineModule({
  name: 'admin-metrics',
  build: ({ db, clock, config, services: { paymentQueries, invoiceQueries } }) => ({
    services: {
      adminMetrics: createAdminMetrics(
        db,
        {
          latestPayments: (limit) => paymentQueries.latest(limit),
          revenueByMonth: (months) => invoiceQueries.revenueByMonth(months),
        },
        { now: () => clock.now(), timeZone: config.sellerTimeZone },
      ),
    },
  }),
  async register(api, { services: { adminMetrics } }) {
    await api.register(adminMetricsRoutes, { metrics: adminMetrics });
  },
});
