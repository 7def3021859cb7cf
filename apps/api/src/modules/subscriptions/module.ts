import type { CatalogueUses } from '../catalogue/index.js';
import { defineModule } from '../../platform/modules.js';
import { catalogueRunning, catalogueUses } from './query-pieces.js';
import { subscriptionRoutes } from './routes.js';
import { createSubscriptionsService, type SubscriptionsService } from './service.js';
import { adminSubscriptionRoutes } from './admin-routes.js';
import { createAdminSubscriptionsService, type AdminSubscriptionsService } from './admin-service.js';
import { createAdminSubscriptionsRepository } from './admin-repository.js';
import { createSubscriptionsRepository } from './repository.js';
import { createSubscriptionsUserData } from './user-data.js';
import { teamPlanOf } from './team-plan.js';

declare module '../../platform/modules.js' {
  interface Services {
    subscriptions: SubscriptionsService;
    adminSubscriptions: AdminSubscriptionsService;
    /** The subscriptions (and their add-ons) pointing at each catalogue item, for the catalogue's in-use rule. */
    subscriptionCatalogueUses: CatalogueUses;
    /** The subscriptions running now on each plan and offer, for the catalogue's lists. */
    subscriptionCatalogueRunning: CatalogueUses;
  }
}

/** The user's plan and quotas; usage is counted by the modules that registered a usage provider. */
export const subscriptionsModule = defineModule({
  name: 'subscriptions',
  build: ({ db, clock, registries }) => ({
    services: {
      // A member of a team whose owner pays per seat gets, per quota, the larger of their plan's and the team plan's.
      subscriptions: createSubscriptionsService(
        createSubscriptionsRepository(db),
        registries.usage,
        (userId) => teamPlanOf(db, userId),
        () => clock.now(),
      ),
      subscriptionCatalogueUses: catalogueUses,
      subscriptionCatalogueRunning: catalogueRunning,
    },
    userData: [createSubscriptionsUserData(db)],
  }),
  async register(api, { services: { subscriptions } }) {
    await api.register(subscriptionRoutes, { subscriptions });
  },
});

/** Suscripcions, the admin's view of every subscription with its payments and invoices (after the billing modules). */
export const adminSubscriptionsModule = defineModule({
  name: 'admin-subscriptions',
  build: ({ db, clock, events, services: { paymentQueries, invoiceQueries } }) => ({
    services: {
      adminSubscriptions: createAdminSubscriptionsService({
        db,
        repo: createAdminSubscriptionsRepository(db),
        events,
        billing: { paymentsOf: (id) => paymentQueries.ofSubscription(id), invoicesOf: (ids) => invoiceQueries.ofPayments(ids) },
        now: () => clock.now(),
      }),
    },
  }),
  async register(api, { services: { adminSubscriptions } }) {
    await api.register(adminSubscriptionRoutes, { service: adminSubscriptions });
  },
});
