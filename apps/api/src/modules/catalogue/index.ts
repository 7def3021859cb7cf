export {
  activeAccountTypes,
  addOnsByIds,
  existingOfferIds,
  findAccountType,
  type CatalogueUses,
  findAccountTypeByCode,
  findFreePlan,
  findPlan,
  findPlanByCode,
  planCodes,
  type AccountTypeRow,
  type AddOnRow,
  type BillingPeriodRow,
  type OfferRow,
  type PlanRow,
} from './repository.js';
export type { LocalisedText } from './schema.js';
export { insertDemoCatalogue } from './demo-catalogue.js';
export { createCatalogueSnapshots, type CatalogueSnapshot, type CatalogueSnapshots } from './snapshot.js';
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
  offerSeatPricingSql,
  planPiece,
  planRowPiece,
  sellableOffers,
} from './query-pieces.js';
