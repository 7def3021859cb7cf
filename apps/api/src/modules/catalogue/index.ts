import type { Database } from '../../db/client.js';
import { defineModule } from '../../platform/module.js';
import type { ActivityService } from '../activity/index.js';
import { accountTypeRoutes, type createAccountTypesService } from './account-types.js';
import { createCatalogueRepository } from './repository.js';
import { catalogueRoutes } from './routes.js';
import { createCatalogueService } from './service.js';
export { accountTypeRoutes, createAccountTypesRepository, createAccountTypesService } from './account-types.js';
export {
  activeAccountTypes,
  addOnsByIds,
  createCatalogueRepository,
  findAccountType,
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

export const catalogueModule = defineModule({
  name: 'catalogue',
  async register(
    api,
    { db, accountTypes, activity }: { db: Database; accountTypes: ReturnType<typeof createAccountTypesService>; activity: ActivityService },
  ) {
    await api.register(accountTypeRoutes, { service: accountTypes });
    await api.register(catalogueRoutes, { catalogue: createCatalogueService(createCatalogueRepository(db), activity) });
  },
});
export {
  accountTypeNameSql,
  activeAddOn,
  activeAddOns,
  activePlans,
  defaultTax,
  offerDetails,
  offerFieldsSql,
  offerMonthsSql,
  offerPeriodPiece,
  planPiece,
  planRowPiece,
  visibleOffers,
} from './query-pieces.js';
