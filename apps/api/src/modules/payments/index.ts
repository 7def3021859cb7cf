import { defineModule } from '../../platform/modules.js';
import { paymentRoutes } from './routes.js';
import type { Locale, SubscriptionData } from '@enlaza/contracts';
import type { Database } from '../../db/client.js';
import { createCatalogueSnapshots } from '../catalogue/index.js';
import type { ChargedBeforeTax, IssueInvoice, TaxPositionFor, TaxPositionOf } from '../invoices/index.js';
import type { NotificationsService } from '../notifications/index.js';
import { createPaymentProvider, type PaymentProvider } from './provider.js';
import { createPaymentsRepository } from './repository.js';
import { createPaymentsService, type PaymentsService } from './service.js';
import { createPaymentQueries, type PaymentQueries } from './queries.js';
import { createPaymentsUserData } from './user-data.js';

export { paymentRoutes };
export { prorationCredit, addMonths, daysBetween } from './proration.js';
export { anchoredDate, nextPeriodEnd } from './billing-anchor.js';
export type { PaymentProvider, ChargeResult, DeclineReason, SavedCard } from './provider.js';
export type { PaymentsService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payments service (other modules and tests charge and refund through it). */
    payments: ReturnType<typeof createPayments>;
  }
}

export type PaymentSummary = {
  id: string;
  userId: string;
  amountCents: number;
  currency: 'EUR';
  status: 'succeeded' | 'failed' | 'refunded' | 'partially_refunded';
  methodBrand: string | null;
  methodLast4: string | null;
  createdAt: Date;
};

/**
 * The payments module. Other modules use `service.refundPayment(paymentId, amountCents, key)` and
 * `service.findPayment(paymentId)` (billing-interface.md); renewals use `service.charge(...)`.
 */
export function createPayments(deps: {
  db: Database;
  provider: 'sandbox' | PaymentProvider;
  notifications: Pick<NotificationsService, 'notify'>;
  subscriptionData: (user: { id: string; role: 'admin' | 'user' }, now: Date, locale: Locale) => Promise<SubscriptionData>;
  issueInvoice: IssueInvoice;
  chargedBeforeTax: ChargedBeforeTax;
  taxPositionOf: TaxPositionOf;
  taxPositionFor: TaxPositionFor;
  now?: () => Date;
}) {
  const provider = typeof deps.provider === 'string' ? createPaymentProvider(deps.provider) : deps.provider;
  return createPaymentsService({
    repo: createPaymentsRepository(deps.db),
    catalogue: createCatalogueSnapshots(deps.db),
    provider,
    notifications: deps.notifications,
    subscriptionData: deps.subscriptionData,
    issueInvoice: deps.issueInvoice,
    chargedBeforeTax: deps.chargedBeforeTax,
    taxPositionOf: deps.taxPositionOf,
    taxPositionFor: deps.taxPositionFor,
    now: deps.now,
  });
}
export { createPaymentsUserData, createPaymentQueries, type PaymentQueries };

declare module '../../platform/modules.js' {
  interface Services {
    payments: PaymentsService;
    /** Billing reads for the admin's views (payments of a subscription, the latest payments). */
    paymentQueries: PaymentQueries;
  }
}

export const paymentsModule = defineModule({
  name: 'payments',
  build({ db, config, clock, services: { notifications, subscriptions, invoiceIssuer } }) {
    const payments = createPayments({
      db,
      provider: config.paymentProvider,
      notifications,
      subscriptionData: (user, now, locale) => subscriptions.subscriptionData(user, now, locale),
      issueInvoice: invoiceIssuer.issueInvoice,
      chargedBeforeTax: invoiceIssuer.chargedBeforeTax,
      taxPositionOf: invoiceIssuer.taxPositionOf,
      taxPositionFor: invoiceIssuer.positionOf,
      now: () => clock.now(),
    });
    return {
      services: { payments, paymentQueries: createPaymentQueries(db) },
      decorate: { payments },
      userData: [createPaymentsUserData(db)],
    };
  },
  async register(api, { services: { payments } }) {
    await api.register(paymentRoutes, { payments });
  },
});
