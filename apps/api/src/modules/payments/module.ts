import { defineModule } from '../../platform/modules.js';
import { paymentRoutes } from './routes.js';
import type { Locale, SubscriptionData } from '@enlaza/contracts';
import type { Database } from '../../db/client.js';
import { createCatalogueSnapshots } from '../catalogue/index.js';
import type { ChargedBeforeTax, IssueInvoice, TaxPositionFor, TaxPositionOf } from '../invoices/index.js';
import type { EventBus } from '../../platform/events.js';
import { createPaymentProvider, type PaymentProvider } from './provider.js';
import { createPaymentsRepository } from './repository.js';
import { createPaymentsService, type PaymentsService } from './service.js';
import { isNull } from 'drizzle-orm';
import type { RequireAccess } from '../../platform/access.js';
import { ownedRowsAccess } from '../../platform/access-sql.js';
import { paymentMethods } from './schema.js';
import { createPaymentQueries, type PaymentQueries } from './queries.js';
import { createPaymentsUserData } from './user-data.js';
import type { Jobs } from '../../platform/jobs.js';
import { definePaymentsJobs } from './jobs.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payments service (other modules and tests charge and refund through it). */
    payments: ReturnType<typeof createPayments>;
  }
}

/**
 * The payments module. Other modules use `service.refundPayment(paymentId, amountCents, key)` and
 * `service.findPayment(paymentId)` (billing-interface.md); renewals use `service.charge(...)`.
 */
function createPayments(deps: {
  db: Database;
  provider: 'sandbox' | PaymentProvider;
  events: Pick<EventBus, 'publish'>;
  subscriptionData: (user: { id: string; role: 'admin' | 'user' }, now: Date, locale: Locale) => Promise<SubscriptionData>;
  issueInvoice: IssueInvoice;
  chargedBeforeTax: ChargedBeforeTax;
  taxPositionOf: TaxPositionOf;
  taxPositionFor: TaxPositionFor;
  now?: () => Date;
  requireAccess: RequireAccess;
  jobs: Pick<Jobs, 'send'>;
  leaseSeconds: number;
  defaultMethodChanged: (userId: string) => Promise<void>;
}) {
  const provider = typeof deps.provider === 'string' ? createPaymentProvider(deps.provider) : deps.provider;
  return createPaymentsService({
    repo: createPaymentsRepository(deps.db),
    catalogue: createCatalogueSnapshots(deps.db),
    provider,
    events: deps.events,
    subscriptionData: deps.subscriptionData,
    issueInvoice: deps.issueInvoice,
    chargedBeforeTax: deps.chargedBeforeTax,
    taxPositionOf: deps.taxPositionOf,
    taxPositionFor: deps.taxPositionFor,
    now: deps.now,
    requireAccess: deps.requireAccess,
    jobs: deps.jobs,
    leaseSeconds: deps.leaseSeconds,
    defaultMethodChanged: deps.defaultMethodChanged,
  });
}

declare module '../../platform/modules.js' {
  interface Services {
    payments: PaymentsService;
    /** Billing reads for the admin's views (payments of a subscription, the latest payments). */
    paymentQueries: PaymentQueries;
  }
  interface Hooks {
    /** After a user's default card changed: a past-due subscription is retried at once (renewals, which charge through payments). */
    defaultMethodChanged: (userId: string) => Promise<void>;
  }
}

export const paymentsModule = defineModule({
  name: 'payments',
  needs: ['defaultMethodChanged'],
  async build({
    db,
    config,
    clock,
    events,
    jobs,
    registries,
    services: { subscriptions, invoiceIssuer },
    hooks: { defaultMethodChanged },
  }) {
    const payments = createPayments({
      db,
      provider: config.paymentProvider,
      events,
      subscriptionData: (user, now, locale) => subscriptions.subscriptionData(user, now, locale),
      issueInvoice: invoiceIssuer.issueInvoice,
      chargedBeforeTax: invoiceIssuer.chargedBeforeTax,
      taxPositionOf: invoiceIssuer.taxPositionOf,
      taxPositionFor: invoiceIssuer.positionOf,
      now: () => clock.now(),
      requireAccess: registries.access.requireAccess,
      jobs,
      leaseSeconds: config.jobTimeoutSeconds,
      defaultMethodChanged: (userId) => defaultMethodChanged()(userId),
    });
    await definePaymentsJobs(payments, { jobs, events, clock });
    return {
      services: { payments, paymentQueries: createPaymentQueries(db) },
      decorate: { payments },
      userData: [createPaymentsUserData(db)],
      // A saved card of the owner that is not removed.
      access: [ownedRowsAccess('payment_method', db, paymentMethods, isNull(paymentMethods.removedAt))],
    };
  },
  async register(api, { services: { payments } }) {
    await api.register(paymentRoutes, { payments });
  },
});
