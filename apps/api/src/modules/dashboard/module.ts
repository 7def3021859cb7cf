import { defineModule } from '../../platform/modules.js';
import { dashboardRoutes } from './routes.js';
import { createDashboardService } from './service.js';

export const dashboardModule = defineModule({
  name: 'dashboard',
  async register(api, { services: { subscriptions, publicProfiles, mailbox, campaigns } }) {
    await api.register(dashboardRoutes, { dashboard: createDashboardService({ subscriptions, publicProfiles, mailbox, campaigns }) });
  },
});
