import { defineModule } from '../../platform/modules.js';
import { accountTypeRoutes, createAccountTypesRepository, createAccountTypesService } from './account-types.js';
import { createCatalogueRepository } from './repository.js';
import { catalogueRoutes } from './routes.js';
import { createCatalogueService } from './service.js';

declare module '../../platform/modules.js' {
  interface Services {
    accountTypes: ReturnType<typeof createAccountTypesService>;
  }
}

export const catalogueModule = defineModule({
  name: 'catalogue',
  build: ({ db, events }) => ({
    services: { accountTypes: createAccountTypesService(createAccountTypesRepository(db), events) },
  }),
  async register(api, { db, events, services: { accountTypes, subscriptionCatalogueUses, subscriptionCatalogueRunning } }) {
    await api.register(accountTypeRoutes, { service: accountTypes });
    // An item in use (counted by the modules whose records point at it) is deactivated, never deleted;
    // plans and offers also show how many subscriptions run on them now.
    const repository = createCatalogueRepository(db, { uses: [subscriptionCatalogueUses], running: subscriptionCatalogueRunning });
    await api.register(catalogueRoutes, { catalogue: createCatalogueService(repository, events) });
  },
});
