/** The user's plan, quotas and usage; other modules check quotas through the subscriptions service. */
import { defineModule } from '../../platform/module.js';
import { subscriptionRoutes } from './routes.js';
import type { SubscriptionsService } from './service.js';
import { adminSubscriptionRoutes } from './admin-routes.js';
import type { AdminSubscriptionsService } from './admin-service.js';
export { subscriptionRoutes } from './routes.js';
export {
  createSubscriptionsRepository,
  startFreeSubscription,
  subscriptionIdsOf,
  type PlanRow,
  type SubscriptionRow,
} from './repository.js';
export { createSubscriptionsService, sendingPeriod, type SubscriptionsService } from './service.js';
export { createSubscriptionsUserData } from './user-data.js';

export const subscriptionsModule = defineModule({
  name: 'subscriptions',
  async register(
    api,
    { subscriptions, adminSubscriptions }: { subscriptions: SubscriptionsService; adminSubscriptions: AdminSubscriptionsService },
  ) {
    await api.register(subscriptionRoutes, { subscriptions });
    await api.register(adminSubscriptionRoutes, { service: adminSubscriptions });
  },
});
export { recordSubscriptionEvent, listSubscriptionEvents } from './history.js';
export { adminSubscriptionRoutes };
export { createAdminSubscriptionsService, type AdminSubscriptionsService, type BillingViews } from './admin-service.js';
export { createAdminSubscriptionsRepository } from './admin-repository.js';
export {
  addSubscriptionAddOn,
  currentPlanNameSql,
  dueForRenewalSql,
  hasRunningPlanSql,
  insertSubscription,
  latestSubscription,
  lockRunningSubscription,
  lockSubscription,
  pastDueSubscriptionIds,
  runningSubscription,
  subscriptionRowPiece,
  updateSubscription,
  type SubscriptionValues,
} from './query-pieces.js';
