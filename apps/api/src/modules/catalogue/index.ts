import { defineModule } from '../../platform/modules.js';
import { accountTypeRoutes, createAccountTypesRepository, createAccountTypesService } from './account-types.js';
import { createCatalogueRepository } from './repository.js';
import { catalogueRoutes } from './routes.js';
import { createCatalogueService } from './service.js';
export { accountTypeRoutes, createAccountTypesRepository, createAccountTypesService } from './account-types.js';
export {
  activeAccountTypes,
  addOnsByIds,
  createCatalogueRepository,
  findAccountType,
  type CatalogueUses,
  findFreePlan,
  findPlan,
  planCodes,
  type AccountTypeRow,
  type AddOnRow,
  type BillingPeriodRow,
  type OfferRow,
  type PlanRow,
} from './repository.js';
export type { LocalisedText } from './schema.js';
export { createCatalogueSnapshots, type CatalogueSnapshot, type CatalogueSnapshots } from './snapshot.js';
export { addOnKindOf, createCatalogueService, type CatalogueService } from './service.js';
export { catalogueRoutes } from './routes.js';

declare module '../../platform/modules.js' {
  interface Services {
    accountTypes: ReturnType<typeof createAccountTypesService>;
  }
}

export const catalogueModule = defineModule({
  name: 'catalogue',
  build: ({ db, services: { activity } }) => ({
    services: { accountTypes: createAccountTypesService(createAccountTypesRepository(db), activity) },
  }),
  async register(api, { db, services: { accountTypes, activity, subscriptionCatalogueUses } }) {
    await api.register(accountTypeRoutes, { service: accountTypes });
    // An item in use (counted by the modules whose records point at it) is deactivated, never deleted.
    const repository = createCatalogueRepository(db, [subscriptionCatalogueUses]);
    await api.register(catalogueRoutes, { catalogue: createCatalogueService(repository, activity) });
  },
});
export {
  accountTypeNameSql,
  activeAddOn,
  activeAddOns,
  activePlans,
  activeTax,
  catalogueVersionSql,
  defaultTax,
  offerDetails,
  offerFieldsSql,
  offerMonthsSql,
  offerPeriodPiece,
  planPiece,
  planRowPiece,
  sellableOffers,
} from './query-pieces.js';
