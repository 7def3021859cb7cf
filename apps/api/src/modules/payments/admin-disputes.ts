import type { AdminCloseDispute, AdminRecordDispute } from '@enlaza/contracts';
import type { Transaction } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { RequestOrigin } from '../../lib/request-context.js';
import type { Actor } from '../../platform/actor.js';
import type { DisputeRow } from './dispute-queries.js';
import type { createDisputes } from './disputes.js';
import type { PaymentRow } from './repository.js';
import type { DisputeReport } from './stripe/events-sink.js';
import { toDispute, type PaymentsContext } from './service-context.js';

/** The providers whose events report disputes (Stripe's `charge.dispute.*`); the others' chargebacks an admin records. */
const PROVIDERS_REPORTING_DISPUTES = new Set(['stripe']);
/** What was taken: a payment a bank can charge back. */
const DISPUTABLE = new Set(['succeeded', 'partially_refunded', 'refunded']);

export const disputesRecordedHere = (provider: string) => !PROVIDERS_REPORTING_DISPUTES.has(provider);

type Disputes = ReturnType<typeof createDisputes>;

/** The bank's chargeback as a provider's report of it, on the payment it took back. */
const reportOf = (payment: PaymentRow, dispute: Omit<DisputeReport, 'paymentRef'>): DisputeReport => ({
  ...dispute,
  paymentRef: payment.providerChargeRef ?? payment.id,
});
type Recorded = Omit<AdminRecordDispute, 'evidenceDueBy'> & { evidenceDueBy: string | null };

/**
 * Chargebacks of providers without dispute events (Redsys: the acquiring bank tells the merchant
 * outside the gateway; the sandbox): an admin records the bank's chargeback on the payment and then
 * its outcome, and both take the same path as Stripe's events (docs/billing.md, "Disputes"): the
 * admins told and the seller's webhooks called once, a lost one credited and its service undone once.
 * Each step is in the history with the admin who made it.
 */
export function createAdminDisputes(
  { repo, events }: Pick<PaymentsContext, 'repo' | 'events'>,
  disputes: Pick<Disputes, 'openDispute' | 'closeDispute'>,
) {
  const view = (row: DisputeRow) => ({ id: row.id, ...toDispute(row)! });

  async function disputablePayment(paymentId: string): Promise<PaymentRow> {
    const payment = await repo.payment(paymentId);
    if (!payment) throw new AppError('record.not_found');
    if (!disputesRecordedHere(payment.provider)) throw new AppError('payment.disputes_from_provider');
    return payment;
  }

  const audit = (
    tx: Transaction,
    action: 'admin.dispute_recorded' | 'admin.dispute_closed',
    admin: Actor,
    origin: RequestOrigin,
    payment: PaymentRow,
    dispute: DisputeRow,
  ) =>
    events.publish(
      action,
      {
        userId: payment.userId,
        actorId: admin.id,
        origin,
        target: { type: 'payment', id: payment.id },
        after: {
          dispute: dispute.id,
          reference: dispute.providerRef,
          amountCents: dispute.amountCents,
          reason: dispute.reason,
          status: dispute.status,
        },
      },
      tx,
    );

  return {
    /** Records the bank's chargeback of a payment (the same reference again updates the open one and tells nobody again). */
    async recordDispute(admin: Actor, paymentId: string, body: Recorded, origin: RequestOrigin) {
      const payment = await disputablePayment(paymentId);
      if (!DISPUTABLE.has(payment.status)) throw new AppError('payment.not_disputable');
      if (body.amountCents > payment.amountCents) throw new AppError('payment.dispute_too_large');
      const same = await repo.disputeByRef(payment.provider, body.reference);
      if (same && same.paymentId !== payment.id) throw new AppError('payment.dispute_reference_used');
      const saved = await disputes.openDispute(
        payment,
        reportOf(payment, {
          disputeRef: body.reference,
          amountCents: body.amountCents,
          reason: body.reason,
          status: 'needs_response',
          evidenceDueBy: body.evidenceDueBy ? new Date(`${body.evidenceDueBy}T23:59:59Z`) : null,
        }),
        (tx, dispute) => audit(tx, 'admin.dispute_recorded', admin, origin, payment, dispute),
      );
      if (!saved) throw new AppError('payment.dispute_closed');
      return view(saved.row);
    },

    /** The bank's decision: lost (a credit note for the amount, the service undone) or won; once. */
    async closeDispute(admin: Actor, disputeId: string, body: AdminCloseDispute, origin: RequestOrigin) {
      const dispute = await repo.dispute(disputeId);
      if (!dispute) throw new AppError('record.not_found');
      const payment = await disputablePayment(dispute.paymentId);
      if (dispute.closedAt) throw new AppError('payment.dispute_closed');
      const closed = await disputes.closeDispute(
        payment,
        {
          ...reportOf(payment, {
            disputeRef: dispute.providerRef,
            amountCents: dispute.amountCents,
            reason: dispute.reason,
            status: body.outcome,
            evidenceDueBy: dispute.evidenceDueBy,
          }),
          outcome: body.outcome,
        },
        (tx, row) => audit(tx, 'admin.dispute_closed', admin, origin, payment, row),
      );
      if (!closed) throw new AppError('payment.dispute_closed');
      return view(closed);
    },
  };
}
