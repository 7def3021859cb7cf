import type { CatalogueKind } from '@enlaza/contracts';

/*
 * Query keys of the administration's records that several admin screens read or refresh (features
 * never import each other): one factory per record, every key under its `all`.
 */

/** Account types: their own screen, the catalogue's "who may buy it" and the users list's filter. */
export const accountTypeKeys = {
  all: ['admin', 'account-types'] as const,
};

/** The catalogue's lists by kind: its screens, and the subscriptions list's plan and period filters. */
export const catalogueKeys = {
  all: ['admin', 'catalogue'] as const,
  of: (kind: CatalogueKind) => [...catalogueKeys.all, kind] as const,
};

/** Users: their screen and the history's user picker. */
export const adminUserKeys = {
  all: ['admin', 'users'] as const,
  lists: ['admin', 'users', 'list'] as const,
  list: (query: object) => [...adminUserKeys.lists, query] as const,
  detail: (id: string) => [...adminUserKeys.all, 'detail', id] as const,
};

/** Invoices: their screen, refreshed by a subscription change or a move of the test clock. */
export const adminInvoiceKeys = {
  all: ['admin', 'invoices'] as const,
  list: (filters: object) => [...adminInvoiceKeys.all, 'list', filters] as const,
  events: ['admin', 'invoices', 'events'] as const,
  submissions: (state: string | null) => [...adminInvoiceKeys.all, 'submissions', state] as const,
};

/** Coupons: the list, and one coupon's detail (its codes and redemptions). */
export const couponKeys = {
  all: ['admin', 'coupons'] as const,
  detail: (id: string) => ['admin', 'coupons', id] as const,
};
