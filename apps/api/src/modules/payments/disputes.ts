import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from '../../db/client.js';
import { translate } from '../../lib/i18n.js';
import type { CreditUnpaid } from '../invoices/index.js';
import type { DisputeRow } from './dispute-queries.js';
import type { PaymentRow } from './repository.js';
import type { PaymentsContext } from './service-context.js';
import type { DisputeReport, RefundReport } from './stripe/events-sink.js';

type Deps = {
  creditUnpaid: CreditUnpaid;
  /** Undoes what a payment delivered, as for a returned debit (pending-payments.ts `reverse`). */
  reverse: (tx: Transaction, row: PaymentRow, at: Date, reason: string) => Promise<void>;
  log?: Pick<FastifyBaseLogger, 'warn'>;
};

/**
 * What the provider reports about money that moved outside the app (docs/billing.md, "Disputes"):
 *
 * - a **dispute** (chargeback) is recorded once per provider dispute and kept up to date while open;
 *   its first report publishes `payment.disputed` (the admins are notified, the seller's webhooks
 *   called; the customer is told nothing). Closed **lost**: in the same transaction, a credit note
 *   for the disputed amount (keyed `dispute:<ref>`, so once) and what the payment paid for undone
 *   exactly as a returned SEPA debit undoes it. Closed **won**: no money changes. Either way
 *   `payment.dispute_closed`, once (`closedAt` is set by one UPDATE).
 * - a **refund made in the provider's dashboard** is recorded on the payment (`partially_refunded`
 *   / `refunded`) with a credit note for it, once per provider refund (its reference is the key);
 *   the app's own refunds (they carry our key) are recorded by `refundPayment` and change nothing here.
 *
 * Each call carries the provider's current state and may come again (a job re-run): each is idempotent.
 */
export function createDisputes({ repo, events, clock, provider }: PaymentsContext, deps: Deps) {
  async function paymentOf(ref: string, what: string): Promise<PaymentRow | undefined> {
    const row = await repo.paymentByRef(ref);
    // A payment this app never recorded (made in the dashboard, or by another app on the account).
    if (!row) deps.log?.warn({ paymentRef: ref }, `${provider.name} reports ${what} of a payment this app did not make`);
    return row;
  }

  const values = (row: PaymentRow, report: DisputeReport) => ({
    provider: row.provider,
    providerRef: report.disputeRef,
    paymentId: row.id,
    invoiceId: row.invoiceId,
    amountCents: report.amountCents,
    reason: report.reason,
    status: report.status,
    evidenceDueBy: report.evidenceDueBy,
  });

  const disputedEvent = (
    row: PaymentRow,
    dispute: { id: string; amountCents: number; reason: string; status: string; evidenceDueBy: Date | null },
  ) => ({
    paymentId: row.id,
    userId: row.userId,
    subscriptionId: row.subscriptionId,
    disputeId: dispute.id,
    amountCents: dispute.amountCents,
    currency: row.currency,
    reason: dispute.reason,
    status: dispute.status,
    evidenceDueBy: dispute.evidenceDueBy?.toISOString() ?? null,
  });

  /** Records the dispute of `row` (once; kept up to date while open); `also` runs in its transaction when this call created it. */
  async function openDispute(row: PaymentRow, report: DisputeReport, also?: (tx: Transaction, dispute: DisputeRow) => Promise<void>) {
    return repo.transaction(async (tx) => {
      const saved = await repo.saveDispute(tx, values(row, report));
      if (saved?.created) {
        await events.publish('payment.disputed', disputedEvent(row, saved.row), tx);
        await also?.(tx, saved.row);
      }
      return saved;
    });
  }

  async function disputeOpened(report: DisputeReport): Promise<void> {
    const row = await paymentOf(report.paymentRef, 'a dispute');
    if (row) await openDispute(row, report);
  }

  async function disputeClosed(report: DisputeReport & { outcome: 'won' | 'lost' }): Promise<void> {
    const row = await paymentOf(report.paymentRef, 'a dispute closed');
    if (row) await closeDispute(row, report);
  }

  /** Closes the dispute of `row` once (see above); `also` runs in its transaction when this call closed it. Answers the closed row. */
  async function closeDispute(
    row: PaymentRow,
    report: DisputeReport & { outcome: 'won' | 'lost' },
    also?: (tx: Transaction, dispute: DisputeRow) => Promise<void>,
  ): Promise<DisputeRow | undefined> {
    const at = clock();
    return repo.transaction(async (tx) => {
      const saved = await repo.saveDispute(tx, values(row, report));
      if (!saved) return undefined; // closed already
      // Closed before its opening was processed: the admins still hear of it.
      if (saved.created) await events.publish('payment.disputed', disputedEvent(row, saved.row), tx);
      const closed = await repo.closeDispute(tx, saved.row.id, at);
      if (!closed) return undefined;
      let creditNoteNumber: string | null = null;
      if (report.outcome === 'lost') {
        const reason = translate('es', 'billing.reason_dispute_lost');
        const note = row.invoiceId
          ? await deps.creditUnpaid(tx, {
              invoiceId: row.invoiceId,
              reason,
              key: `dispute:${report.disputeRef}`,
              amountCents: report.amountCents,
            })
          : null;
        if (note) await repo.setDisputeCreditNote(tx, closed.id, note.number);
        creditNoteNumber = note?.number ?? null;
        await deps.reverse(tx, row, at, reason);
      }
      await events.publish(
        'payment.dispute_closed',
        {
          paymentId: row.id,
          userId: row.userId,
          disputeId: closed.id,
          amountCents: closed.amountCents,
          currency: row.currency,
          outcome: report.outcome,
          creditNoteNumber,
        },
        tx,
      );
      await also?.(tx, closed);
      return { ...closed, creditNoteNumber };
    });
  }

  async function refunded(paymentRef: string, _refundedCents: number, refunds: RefundReport[]): Promise<void> {
    const row = await paymentOf(paymentRef, 'a refund');
    if (!row) return;
    const known = await repo.knownRefundRefs(row.id);
    for (const refund of refunds) {
      if (refund.madeByApp || known.has(refund.refundRef)) continue;
      await repo.transaction(async (tx) => {
        const recorded = await repo.recordRefund(
          tx,
          row.id,
          `provider:${refund.refundRef}`,
          refund.amountCents,
          refund.refundRef,
          'provider',
        );
        if (!recorded || !row.invoiceId) return;
        await deps.creditUnpaid(tx, {
          invoiceId: row.invoiceId,
          reason: translate('es', 'billing.reason_refunded_at_provider'),
          key: `refund:${refund.refundRef}`,
          amountCents: refund.amountCents,
        });
      });
    }
  }

  return { disputeOpened, disputeClosed, refunded, openDispute, closeDispute };
}
