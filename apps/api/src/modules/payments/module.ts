import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { defineModule } from '../../platform/modules.js';
import { adminDisputeRoutes } from './admin-dispute-routes.js';
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
import { paymentMethods, payments as paymentRows } from './schema.js';
import { createPaymentQueries, type PaymentQueries } from './queries.js';
import { createPaymentsUserData } from './user-data.js';
import type { Jobs } from '../../platform/jobs.js';
import { definePaymentsJobs } from './jobs.js';
import { paymentEventsSinkOf } from './stripe/sink.js';
import { createStripePart } from './stripe/wiring.js';
import { createRedsysPart } from './redsys/wiring.js';
import { subscribePaymentEmails } from './customer-emails.js';
import { sandboxRoutes } from './sandbox-routes.js';
import type { SandboxProvider } from './provider.js';
import type { CreditUnpaid } from '../invoices/index.js';
import type { CouponsService } from '../coupons/index.js';

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
  timeZone: string;
  requireAccess: RequireAccess;
  jobs: Pick<Jobs, 'send'>;
  leaseSeconds: number;
  defaultMethodChanged: (userId: string) => Promise<void>;
  creditUnpaid: CreditUnpaid;
  creditorName: string;
  publishableKey: string | null;
  log?: Pick<FastifyBaseLogger, 'warn'>;
  coupons: CouponsService;
}) {
  const provider =
    typeof deps.provider === 'string'
      ? createPaymentProvider(deps.provider, { db: deps.db, now: deps.now ?? (() => new Date()) })
      : deps.provider;
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
    timeZone: deps.timeZone,
    requireAccess: deps.requireAccess,
    jobs: deps.jobs,
    leaseSeconds: deps.leaseSeconds,
    defaultMethodChanged: deps.defaultMethodChanged,
    creditUnpaid: deps.creditUnpaid,
    creditorName: deps.creditorName,
    publishableKey: deps.publishableKey,
    ...(deps.log ? { log: deps.log } : {}),
    coupons: deps.coupons,
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

/** Each app's Stripe webhooks, built with its payments service and registered with its routes. */
const stripeWebhooks = new WeakMap<PaymentsService, { register: (api: FastifyInstance) => Promise<void> }>();
/** Each app's Redsys notification and return routes, likewise. */
const redsysRoutes = new WeakMap<PaymentsService, { register: (api: FastifyInstance) => Promise<void> }>();

export const paymentsModule = defineModule({
  name: 'payments',
  needs: ['defaultMethodChanged'],
  async build({
    db,
    config,
    mailer,
    clock,
    events,
    jobs,
    log,
    registries,
    services: { subscriptions, invoiceIssuer, coupons },
    hooks: { defaultMethodChanged },
  }) {
    // Stripe (PAYMENT_PROVIDER=stripe; config.ts refuses to start without its keys): its provider, then its webhooks.
    const stripe = config.paymentProvider === 'stripe' && config.stripe ? createStripePart(db, config.stripe) : null;
    // Redsys (PAYMENT_PROVIDER=redsys; config.ts refuses to start without its settings): its provider, then its notifications.
    const redsys = config.paymentProvider === 'redsys' && config.redsys ? createRedsysPart(db, config.redsys, config.publicUrl) : null;
    const payments = createPayments({
      db,
      provider: stripe ? stripe.provider : redsys ? redsys.provider : 'sandbox',
      events,
      subscriptionData: (user, now, locale) => subscriptions.subscriptionData(user, now, locale),
      issueInvoice: invoiceIssuer.issueInvoice,
      chargedBeforeTax: invoiceIssuer.chargedBeforeTax,
      taxPositionOf: invoiceIssuer.taxPositionOf,
      taxPositionFor: invoiceIssuer.positionOf,
      now: () => clock.now(),
      timeZone: config.sellerTimeZone,
      requireAccess: registries.access.requireAccess,
      jobs,
      leaseSeconds: config.jobTimeoutSeconds,
      defaultMethodChanged: (userId) => defaultMethodChanged()(userId),
      creditUnpaid: invoiceIssuer.creditUnpaid,
      // The creditor of a SEPA mandate: the seller's legal name, as the invoices print it.
      creditorName: config.seller.name,
      publishableKey: config.stripe?.publishableKey ?? null,
      log,
      coupons,
    });
    await definePaymentsJobs(payments, { jobs, events, clock, providerEventsRetentionDays: config.providerEventsRetentionDays });
    if (stripe)
      stripeWebhooks.set(payments, await stripe.webhooks({ jobs, sink: paymentEventsSinkOf(payments, log), now: () => clock.now() }));
    if (redsys) redsysRoutes.set(payments, await redsys.notifications({ jobs, payments: () => payments, log, now: () => clock.now() }));
    // The customer's emails about a returned debit (transactional, whatever Opciones says).
    await subscribePaymentEmails({ db, events, mailer, publicUrl: config.publicUrl });
    return {
      services: { payments, paymentQueries: createPaymentQueries(db) },
      decorate: { payments },
      userData: [createPaymentsUserData(db)],
      // A saved card of the owner that is not removed.
      access: [
        ownedRowsAccess('payment_method', db, paymentMethods, isNull(paymentMethods.removedAt)),
        ownedRowsAccess('payment', db, paymentRows),
      ],
    };
  },
  async register(api, { services: { payments } }) {
    await api.register(paymentRoutes, { payments });
    await api.register(adminDisputeRoutes, { payments });
    // The sandbox's own pages (its setup component, its 3-D Secure challenge): only when it is the provider.
    if (payments.provider.name === 'sandbox') await api.register(sandboxRoutes, { sandbox: payments.provider as SandboxProvider });
    // Stripe's events (POST /api/payments/stripe/webhook): only when it is the provider.
    await stripeWebhooks.get(payments)?.register(api);
    // Redsys' notification and the return from its page (POST /api/payments/redsys/…): only when it is the provider.
    await redsysRoutes.get(payments)?.register(api);
  },
});
