import type { Locale } from '@enlaza/contracts';
import type { Transaction } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { localName } from '../../lib/catalogue-names.js';
import { quoteTotals } from '../invoices/index.js';
import { withBalance, type Charge } from './charge.js';
import type { PaymentRow } from './repository.js';
import type { SeatAdditions } from './seat-additions.js';
import { planLine } from './seat-lines.js';
import { withDiscount } from './discounts.js';
import { taxLine, texts, type PaymentsContext } from './service-context.js';

/** What the renewals module charges through: one period of an offer, on the payments' one charge path. */
export function createRenewalCharge(
  { repo, clock, positionOf, taxOf, coupons, provider }: PaymentsContext,
  charge: Charge,
  { seatsFor, queueCheck, settleSeatAdditions }: Pick<SeatAdditions, 'seatsFor' | 'queueCheck' | 'settleSeatAdditions'>,
) {
  return {
    /**
     * The seats a renewal of `offerId` bills the user now: their team's active members, at least the
     * offer's minimum (a removed member's seat goes now); null for a flat offer. The renewals count
     * them once per period end and keep the count for its attempts.
     */
    async renewalSeats(userId: string, offerId: string): Promise<number | null> {
      const found = await repo.offer(offerId);
      return found ? seatsFor(userId, found.offer) : null;
    },

    /** What the next renewal of `offerId` will charge the user, with tax as the invoice will compute it (the renewal reminder says it). */
    async renewalTotal(userId: string, offerId: string): Promise<{ totalCents: number; currency: 'EUR' } | undefined> {
      const found = await repo.offer(offerId);
      if (!found) return undefined;
      // A per-seat offer: the seats the team fills today (the renewal counts them again then).
      const seats = await seatsFor(userId, found.offer);
      const tax = await taxOf(await positionOf(userId), found.offer.taxId, found.offer.priceCents * (seats ?? 1));
      const plan = {
        ...taxLine(
          tax,
          texts(() => ''),
          found.offer.priceCents,
        ),
        quantity: seats ?? 1,
      };
      // A recurring coupon's discount on the next period, as the renewal will take it off.
      const running = (await repo.running(userId))?.subscription;
      const discount =
        running?.currentPeriodEnd && running.offerId === offerId
          ? await coupons.recurringDiscount(running.id, offerId, running.currentPeriodEnd)
          : undefined;
      // Less the customer's credit balance, as the charge will take it.
      const { lines } = withBalance(withDiscount([plan], plan, discount, false).lines, await repo.balance(userId));
      return { totalCents: quoteTotals(lines).totalCents, currency: 'EUR' };
    },

    /**
     * Charges one period of an offer to the user's default method with `idempotencyKey` (the renewal,
     * off-session): the payment, `apply` (the subscription's new period), the invoice and the
     * notification commit together; a decline stores the failed payment and notifies it. A SEPA
     * debit is applied at once (it settles later: `payments.sweep`). Answers the payment, or why it
     * could not be charged (no method, the decline's code, or `waiting` for the customer's authentication,
     * or for them to pay it from its page when there is no card to charge and Bizum is offered).
     */
    async chargeOffer(input: {
      userId: string;
      subscriptionId: string;
      offerId: string;
      idempotencyKey: string;
      methodId?: string;
      /** The period it pays for (printed on the invoice's line). */
      period: { start: Date; end: Date };
      /** The start of the period that ends at `period.start` (a returned debit puts the subscription back in it). */
      previousPeriodStart: Date;
      /** A per-seat offer: the seats it bills (counted once per period end: `renewalSeats`); none or null for a flat one. */
      seats?: number | null;
      apply: (tx: Transaction, payment: PaymentRow) => Promise<void>;
    }): Promise<
      | { ok: true; payment: PaymentRow }
      /** `waiting`: the bank asks the customer to authenticate this payment (it completes with the same key). */
      | { ok: false; code: string; waiting?: PaymentRow }
    > {
      const [customer, method, found] = await Promise.all([
        repo.customer(input.userId),
        input.methodId ? repo.findMethod(input.userId, input.methodId) : repo.defaultMethod(input.userId),
        repo.offer(input.offerId),
      ]);
      if (!customer || !found) throw new Error(`renewal of ${input.subscriptionId}: user or offer missing`);
      // No usable card where Bizum is offered (a customer who pays by Bizum): never charged automatically,
      // the renewal waits for them to pay it from its page (the emailed link), as one waiting for authentication does.
      const payWith = method && !(provider.bizum && method.detachedAt) ? method : provider.bizum ? ('customer_link' as const) : undefined;
      if (!payWith) return { ok: false, code: 'payment.no_method' };
      const periodName = (l: Locale) => `${localName(found.plan, l)} (${localName(found.period, l)})`;
      const tax = await taxOf(await positionOf(input.userId), found.offer.taxId, found.offer.priceCents * (input.seats ?? 1));
      const seats = input.seats ?? null;
      // A `repeating` coupon within its months, or a `forever` one, redeemed with the subscription comes off this period too.
      const plan = planLine(tax, periodName, found.offer.priceCents, seats, input.period);
      const discount = await coupons.recurringDiscount(input.subscriptionId, input.offerId, input.period.start);
      const { lines } = withDiscount([plan], plan, discount, true);
      try {
        const payment = await charge({
          userId: input.userId,
          method: payWith,
          idempotencyKey: input.idempotencyKey,
          purpose: 'renewal',
          offSession: true,
          resume: {
            kind: 'renewal',
            subscriptionId: input.subscriptionId,
            periodEnd: input.period.start.toISOString(),
            previousPeriodStart: input.previousPeriodStart.toISOString(),
          },
          description: texts(periodName),
          subscriptionId: input.subscriptionId,
          locale: customer.locale ?? 'en',
          lines,
          taxRule: tax.rule,
          apply: async (tx, payment) => {
            await input.apply(tx, payment);
            if (seats === null) return;
            // A failed seat addition of the period before is settled by this renewal, which billed the
            // seats counted at its first attempt; members who joined since are looked for now.
            await settleSeatAdditions(tx, input.subscriptionId);
            await queueCheck(input.userId, clock(), tx, 0);
          },
        });
        if (payment.status === 'requires_action')
          return {
            ok: false,
            // Nothing asked of the provider: the customer pays it from its page.
            code: payment.providerChargeRef ? 'payment.authentication_required' : 'payment.pay_from_link',
            waiting: payment,
          };
        return { ok: true, payment };
      } catch (error) {
        if (error instanceof AppError && error.code.startsWith('payment.')) return { ok: false, code: error.code };
        throw error;
      }
    },
  };
}
