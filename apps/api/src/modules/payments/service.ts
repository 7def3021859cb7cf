import type { Transaction } from '../../db/client.js';
import { createAddOns } from './add-ons.js';
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
    /** After a user's default card changed (a new default card, or another chosen): renewals retry a past-due subscription. */
    defaultMethodChanged: (userId: string) => Promise<void>;
  },
) {
  const context = createPaymentsContext(deps);
  const { repo, provider } = context;
  const charge = createCharge(context);
  const seats = createSeatAdditions(context, charge, deps);

  return {
    provider,
    charge,

    // ---- for the invoices module: a full credit ends the service the payment paid for
    endServiceOf: createServiceEnd(repo),

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
    ...createCheckout(context, charge),

    // ---- my plan
    ...createPlanChanges(context),

    // ---- add-ons
    ...createAddOns(context, charge),

    // ---- payments
    ...createPaymentRecords(context),
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
