import type { Locale } from '@enlaza/contracts';
import type { Transaction } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { localName } from '../../lib/catalogue-names.js';
import { translate } from '../../lib/i18n.js';
import { quoteTotals } from '../invoices/index.js';
import { withBalance, type Charge } from './charge.js';
import type { PaymentRow } from './repository.js';
import { taxLine, texts, type PaymentsContext } from './service-context.js';

/** What the renewals module charges through: one period of an offer, on the payments' one charge path. */
export function createRenewalCharge({ repo, positionOf, taxOf }: PaymentsContext, charge: Charge) {
  return {
    /** What the next renewal of `offerId` will charge the user, with tax as the invoice will compute it (the renewal reminder says it). */
    async renewalTotal(userId: string, offerId: string): Promise<{ totalCents: number; currency: 'EUR' } | undefined> {
      const found = await repo.offer(offerId);
      if (!found) return undefined;
      const tax = await taxOf(await positionOf(userId), found.offer.taxId, found.offer.priceCents);
      // Less the customer's credit balance, as the charge will take it.
      const { lines } = withBalance(
        [
          taxLine(
            tax,
            texts(() => ''),
            found.offer.priceCents,
          ),
        ],
        await repo.balance(userId),
      );
      return { totalCents: quoteTotals(lines).totalCents, currency: 'EUR' };
    },

    /**
     * Charges one period of an offer to the user's default card with `idempotencyKey` (the renewal):
     * the payment, `apply` (the subscription's new period), the invoice and the
     * notification commit together; a decline stores the failed payment and notifies it.
     * Answers the payment, or why it could not be charged (no card, or the decline's code).
     */
    async chargeOffer(input: {
      userId: string;
      subscriptionId: string;
      offerId: string;
      idempotencyKey: string;
      methodId?: string;
      /** The period it pays for (printed on the invoice's line). */
      period: { start: Date; end: Date };
      apply: (tx: Transaction, payment: PaymentRow) => Promise<void>;
    }): Promise<{ ok: true; payment: PaymentRow } | { ok: false; code: string }> {
      const [customer, method, found] = await Promise.all([
        repo.customer(input.userId),
        input.methodId ? repo.findMethod(input.userId, input.methodId) : repo.defaultMethod(input.userId),
        repo.offer(input.offerId),
      ]);
      if (!customer || !found) throw new Error(`renewal of ${input.subscriptionId}: user or offer missing`);
      if (!method) return { ok: false, code: 'payment.no_method' };
      const periodName = (l: Locale) => `${localName(found.plan, l)} (${localName(found.period, l)})`;
      const tax = await taxOf(await positionOf(input.userId), found.offer.taxId, found.offer.priceCents);
      try {
        const payment = await charge({
          userId: input.userId,
          method,
          idempotencyKey: input.idempotencyKey,
          purpose: 'renewal',
          description: texts(periodName),
          subscriptionId: input.subscriptionId,
          locale: customer.locale ?? 'en',
          lines: [
            taxLine(
              tax,
              texts((l) => translate(l, 'billing.line_plan', { plan: periodName(l) })),
              found.offer.priceCents,
              input.period,
            ),
          ],
          taxRule: tax.rule,
          apply: input.apply,
        });
        return { ok: true, payment };
      } catch (error) {
        if (error instanceof AppError && error.code.startsWith('payment.')) return { ok: false, code: error.code };
        throw error;
      }
    },
  };
}
