import type { Transaction } from '../../db/client.js';
import type { FastifyBaseLogger } from 'fastify';
import { createAddOns } from './add-ons.js';
import { createAdminDisputes } from './admin-disputes.js';
import { createDisputes } from './disputes.js';
import { createCharge } from './charge.js';
import { createCheckout } from './checkout.js';
import { createPaymentMethods } from './payment-methods.js';
import { createPaymentRecords } from './payment-records.js';
import { createPlanChanges } from './plan-changes.js';
import { createPlansPage } from './plans-page.js';
import { createRenewalCharge } from './renewal-charge.js';
import { createSeatAdditions } from './seat-additions.js';
import { createPaymentsContext, type PaymentsDeps } from './service-context.js';
import type { Jobs } from '../../platform/jobs.js';
import { createServiceEnd } from './service-end.js';
import { createPendingPayments } from './pending-payments.js';
import type { PaymentRow } from './repository.js';
import type { Actor } from '../../platform/actor.js';
import type { CreditUnpaid } from '../invoices/index.js';

/**
 * The payments service, put together from its parts: what they share (service-context.ts), the one
 * charge path (charge.ts), cards (payment-methods.ts), the plans page (plans-page.ts), buying an
 * offer now (checkout.ts), the changes at the end of a period (plan-changes.ts), add-ons
 * (add-ons.ts), renewal charges (renewal-charge.ts), seats added within a period (seat-additions.ts)
 * and payments once made (payment-records.ts).
 */
export function createPaymentsService(
  deps: PaymentsDeps & {
    jobs: Pick<Jobs, 'send'>;
    leaseSeconds: number;
    /** The invoices module's full credit note of an unpaid invoice (a returned debit), in the payment's transaction. */
    creditUnpaid: CreditUnpaid;
    /** After a user's default card changed (a new default card, or another chosen): renewals retry a past-due subscription. */
    defaultMethodChanged: (userId: string) => Promise<void>;
    /** Where what a provider reports that the app cannot match is logged. */
    log?: Pick<FastifyBaseLogger, 'warn'>;
  },
) {
  const context = createPaymentsContext(deps);
  const { repo, provider } = context;
  const charge = createCharge(context);
  const seats = createSeatAdditions(context, charge, deps);
  const endServiceOf = createServiceEnd(repo);
  const pending = createPendingPayments(context, { jobs: deps.jobs, creditUnpaid: deps.creditUnpaid, endServiceOf });
  const disputes = createDisputes(context, { creditUnpaid: deps.creditUnpaid, reverse: pending.reverse, log: deps.log });
  const checkout = createCheckout(context, charge);
  const addOns = createAddOns(context, charge);
  // A payment that waited for authentication is completed by its own request repeated with its key.
  const customerOf = (row: PaymentRow): Actor => ({ id: row.userId, role: 'user', locale: row.resume?.locale ?? 'en' });
  pending.onResume('checkout', async (row, args) => {
    if (args.kind !== 'checkout') return;
    await checkout.checkout(
      customerOf(row),
      {
        offerId: args.offerId,
        ...(args.bizum ? { bizum: true as const } : { methodId: args.methodId }),
        idempotencyKey: row.idempotencyKey,
        promotionCode: args.promotionCode,
      },
      customerOf(row).locale,
    );
  });
  pending.onResume('add_on', async (row, args) => {
    if (args.kind !== 'add_on') return;
    await addOns.buyAddOn(
      customerOf(row),
      {
        addOnId: args.addOnId,
        ...(args.bizum ? { bizum: true as const } : { methodId: args.methodId }),
        idempotencyKey: row.idempotencyKey,
        promotionCode: args.promotionCode,
      },
      customerOf(row).locale,
    );
  });
  pending.onResume('seats', async (_row, args) => {
    if (args.kind === 'seats') await seats.resumeSeats(args);
  });

  return {
    provider,
    /** Stripe's publishable key for the browser (null for the sandbox). */
    publishableKey: context.publishableKey,
    charge,

    // ---- for the invoices module: a full credit ends the service the payment paid for
    endServiceOf,

    // ---- payments not settled when made: authentication (resume) and SEPA debits (sweep); webhooks call `paymentSettled`
    ...pending,

    // ---- for the renewals module
    defaultMethod: (userId: string) => repo.defaultMethod(userId),
    /** The offer, plan and period of a scheduled downgrade (none: undefined). */
    pendingChange: (subscriptionId: string) => repo.pendingChange(subscriptionId),
    unschedule: (tx: Transaction, subscriptionId: string) => repo.unschedule(tx, subscriptionId),
    ...createRenewalCharge(context, charge, seats),

    // ---- seats of per-seat subscriptions gained within a period (the job, and the renewals' retries)
    addSeats: seats.addSeats,
    queueSeatCheck: seats.queueCheck,
    retryDueSeatAdditions: seats.retryDueSeatAdditions,

    // ---- methods
    ...createPaymentMethods(context, deps.defaultMethodChanged),

    // ---- plans
    ...createPlansPage(context),
    ...checkout,

    // ---- my plan
    ...createPlanChanges(context),

    // ---- add-ons
    ...addOns,

    // ---- payments
    ...createPaymentRecords(context),
    /** Deletes the providers' webhook events processed more than `days` ago (PROVIDER_EVENTS_RETENTION_DAYS); answers how many. */
    purgeProviderEvents: (now: Date, days: number) => repo.purgeProviderEvents(new Date(now.getTime() - days * 86_400_000)),

    // ---- what the provider reports of money moved outside the app (its webhooks): disputes, dashboard refunds
    disputeOpened: disputes.disputeOpened,
    disputeClosed: disputes.disputeClosed,
    refunded: disputes.refunded,
    // ---- chargebacks the bank reports outside the gateway (Redsys, the sandbox), recorded by an admin
    ...createAdminDisputes(context, disputes),
    /** The latest dispute of each of these payments that has one (Facturas marks their invoices). */
    latestDisputes: (paymentIds: string[]) => repo.latestDisputes(paymentIds),
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
