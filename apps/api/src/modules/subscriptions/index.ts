/** The user's plan, quotas and usage; other modules check quotas through the subscriptions service. */
export { startFreeSubscription, subscriptionIdsOf, type PlanRow, type SubscriptionRow } from './repository.js';
export type { SubscriptionsService } from './service.js';
export { recordSubscriptionEvent, listSubscriptionEvents } from './history.js';
export {
  addSubscriptionAddOn,
  endSubscriptionAddOn,
  currentPlanNameSql,
  dueForRenewalSql,
  hasRunningPlanSql,
  insertSubscription,
  latestSubscription,
  lockRunningSubscription,
  lockSubscription,
  pastDueSubscriptionIds,
  runningPlanPiece,
  runningSubscription,
  subscriptionRowPiece,
  updateSubscription,
  type SubscriptionValues,
} from './query-pieces.js';
