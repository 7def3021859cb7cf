import { defineModule } from '../../platform/module.js';
import type { CampaignsService } from '../campaigns/index.js';
import type { MailboxService } from '../mailbox/index.js';
import type { PublicProfileService } from '../public-profile/index.js';
import type { SubscriptionsService } from '../subscriptions/index.js';
import { dashboardRoutes } from './routes.js';
import { createDashboardService } from './service.js';
export { dashboardRoutes } from './routes.js';
export { createDashboardService, type DashboardService } from './service.js';

export const dashboardModule = defineModule({
  name: 'dashboard',
  async register(
    api,
    {
      subscriptions,
      publicProfiles,
      mailbox,
      campaigns,
    }: {
      subscriptions: SubscriptionsService;
      publicProfiles: PublicProfileService;
      mailbox: MailboxService;
      campaigns: { service: CampaignsService };
    },
  ) {
    await api.register(dashboardRoutes, {
      dashboard: createDashboardService({ subscriptions, publicProfiles, mailbox, campaigns: campaigns.service }),
    });
  },
});
