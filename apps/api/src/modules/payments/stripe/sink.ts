import type { FastifyBaseLogger } from 'fastify';
import type { PaymentsService } from '../service.js';
import type { PaymentEventsSink } from './events-sink.js';

/**
 * What the payments service does with Stripe's reports. A payment's new state (authenticated,
 * settled, failed, waiting) goes to `paymentSettled`, which reads the payment at Stripe itself and
 * completes, settles or undoes it once. Disputes and refunds made in Stripe's Dashboard go to
 * disputes.ts (recorded once; a lost dispute or a dashboard refund credited once); a method detached
 * at Stripe is marked unusable and one updated gets its new expiry. A setup needs nothing: the
 * browser's `POST /api/user/methods` saves the method (and a setup never finished saves nothing).
 */
export function paymentEventsSinkOf(
  payments: Pick<
    PaymentsService,
    'paymentSettled' | 'disputeOpened' | 'disputeClosed' | 'refunded' | 'methodDetachedAtProvider' | 'methodUpdatedAtProvider'
  >,
  log: FastifyBaseLogger,
): PaymentEventsSink {
  const settled = (ref: string) => payments.paymentSettled(ref);
  return {
    succeeded: settled,
    failed: (ref) => settled(ref),
    requiresAction: (ref) => settled(ref),
    refunded: (paymentRef, refundedCents, refunds) => payments.refunded(paymentRef, refundedCents, refunds),
    async disputeOpened(dispute) {
      log.warn(dispute, 'Stripe reports a dispute: answer it in the Stripe Dashboard');
      await payments.disputeOpened(dispute);
    },
    async disputeClosed(dispute) {
      log.warn(dispute, `Stripe reports a dispute closed (${dispute.outcome})`);
      await payments.disputeClosed(dispute);
    },
    async setupFinished(setupId, outcome) {
      log.info({ setupId, status: outcome.status }, 'Stripe reports a setup finished');
    },
    methodDetached: (methodRef) => payments.methodDetachedAtProvider(methodRef),
    methodUpdated: (method) => payments.methodUpdatedAtProvider(method),
  };
}
