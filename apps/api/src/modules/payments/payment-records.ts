import type { Locale, Payment } from '@enlaza/contracts';
import { AppError } from '../../lib/errors.js';
import { creditNotesOf } from '../invoices/index.js';
import type { Actor } from '../../platform/actor.js';
import { toPayment, type PaymentsContext } from './service-context.js';

/** Payments once made: the customer's list, and the refunds and look-ups other modules ask for. */
export function createPaymentRecords({ repo, provider, requireCustomer }: PaymentsContext) {
  return {
    async listPayments(actor: Actor, locale: Locale): Promise<Payment[]> {
      await requireCustomer(actor);
      const rows = await repo.listPayments(actor.id, 200);
      const notes = await creditNotesOf(
        repo.db,
        rows.flatMap((r) => (r.invoiceId ? [r.invoiceId] : [])),
      );
      const ids = rows.map((r) => r.id);
      const [disputes, refundedAtProvider] = [await repo.latestDisputes(ids), await repo.refundedAtProvider(ids)];
      return rows.map((r) =>
        toPayment(r, locale, (r.invoiceId && notes.get(r.invoiceId)) || [], {
          dispute: disputes.get(r.id),
          refundedAtProviderCents: refundedAtProvider.get(r.id),
        }),
      );
    },

    /** Refunds (part of) a succeeded payment through the provider; idempotent by key. */
    async refundPayment(paymentId: string, amountCents: number, idempotencyKey: string): Promise<{ refundedCents: number }> {
      const done = await repo.refundByKey(idempotencyKey);
      if (done) {
        if (done.paymentId !== paymentId || done.amountCents !== amountCents) throw new AppError('payment.idempotency_mismatch');
        return { refundedCents: done.amountCents };
      }
      const payment = await repo.payment(paymentId);
      if (!payment || !payment.providerChargeRef || payment.status === 'failed' || payment.status === 'requires_action')
        throw new AppError('record.not_found');
      // A debit still settling cannot be refunded yet (the provider refuses it): credit it once it has settled.
      if (payment.status === 'processing') throw new AppError('request.conflict');
      if (!Number.isInteger(amountCents) || amountCents <= 0 || amountCents > payment.amountCents - payment.refundedCents)
        throw new AppError('payment.refund_too_large');
      const { refundRef } = await provider.refund(payment.providerChargeRef, amountCents, idempotencyKey);
      await repo.transaction((tx) => repo.recordRefund(tx, paymentId, idempotencyKey, amountCents, refundRef));
      return { refundedCents: amountCents };
    },

    async findPayment(paymentId: string) {
      const row = await repo.payment(paymentId);
      if (!row) return null;
      return {
        id: row.id,
        userId: row.userId,
        amountCents: row.amountCents,
        currency: 'EUR' as const,
        status: row.status,
        methodBrand: row.methodBrand,
        methodLast4: row.methodLast4,
        createdAt: row.createdAt,
      };
    },
  };
}
