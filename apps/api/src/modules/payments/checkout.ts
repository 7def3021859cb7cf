import type { CheckoutQuote, Locale } from '@enlaza/contracts';
import { AppError } from '../../lib/errors.js';
import { localName } from '../../lib/catalogue-names.js';
import { translate } from '../../lib/i18n.js';
import type { Actor } from '../../platform/actor.js';
import { billingGaps } from '../account/index.js';
import { quoteTotals, SIMPLIFIED_INVOICE_LIMIT_CENTS } from '../invoices/index.js';
import { recordSubscriptionEvent } from '../subscriptions/index.js';
import { anchoredDate } from './billing-anchor.js';
import { DELIVERED, withBalance, type Charge } from './charge.js';
import { changeKind } from './plan-changes.js';
import { remainingCharge, unusedCredit } from './proration.js';
import { planLine } from './seat-lines.js';
import { withDiscount } from './discounts.js';
import { quoteDiscount } from '../coupons/index.js';
import { seatsInUse, seatsToBill } from './seats.js';
import type { PaymentRow, SubscriptionRow } from './repository.js';
import { customerLocale, priceQuote, taxLine, texts, type ChargeAnswer, type PaymentsContext, type PayWith } from './service-context.js';

/** What buying an offer now charges: a new paid period, or an upgrade less the unused part of the old plan. */
function createCheckoutPlan({
  repo,
  discountFor,
  chargedBeforeTax,
  clock,
  timeZone,
  positionOf,
  taxOf,
  requireCustomer,
  visibleOffer,
  current,
}: PaymentsContext) {
  /**
   * What the customer paid, before tax, for the running period: the plan charged on the invoice of
   * the payment that bought it (at the price of that day, whatever the catalogue says now), less
   * what credit notes have refunded of that invoice since. A credit carried from an earlier plan
   * into that invoice does not lower it: that credit paid for this period too (crediting only the
   * cash would charge twice for the days already credited). No payment for the period (a plan
   * given without charge) is nothing to credit.
   */
  async function paidForPeriod(subscriptionId: string, periodStart: Date): Promise<number> {
    const payment = await repo.periodPayment(subscriptionId, periodStart);
    if (!payment?.invoiceId) return 0;
    const invoiced = await chargedBeforeTax(payment.invoiceId);
    if (!invoiced) return 0;
    return Math.max(0, invoiced.chargedCents - invoiced.creditedCents);
  }

  /**
   * Lines of a checkout, by Stripe's rules for a change of plan (docs/billing.md, "Changing plans"):
   * - from Free (or nothing), a new cycle anchored now: the offer's price for its first period;
   * - to an offer of the same period length (Pro monthly → Business monthly), the period and its
   *   anchor are kept: the new price for the seconds left of the period, less the unused part of
   *   what was paid for the old one;
   * - to another period length (Pro monthly → Pro yearly), a new cycle anchored now: the new price
   *   for a whole period, less the unused part of the old one.
   * The credit is taken off this invoice up to its lines (its total is never below zero); what is
   * left goes to the customer's balance (`creditToBalanceCents`), used by the next invoices.
   */
  async function checkoutPlan(actor: Actor, offerId: string, promotionCode?: string, idempotencyKey?: string) {
    const customer = await requireCustomer(actor);
    const target = await visibleOffer(offerId, customer.accountTypeId);
    const now = clock();
    const running = await current(actor.id);
    const kind = running
      ? changeKind(
          { plan: running.plan, period: running.period, offerId: running.subscription.offerId },
          { plan: target.plan, period: target.period, offerId: target.offer.id },
        )
      : 'upgrade';
    if (kind === 'current') throw new AppError('subscription.already_on_offer');
    if (kind === 'downgrade') throw new AppError('subscription.downgrade_at_period_end');
    const periodName = (l: Locale) => `${localName(target.plan, l)} (${localName(target.period, l)})`;
    // A per-seat offer bills a seat per active member of the customer's team (at least its minimum).
    const seats = seatsToBill(target.offer, await seatsInUse(repo.db, actor.id));
    // The offer's tax under the customer's VAT rule; the credit for the old plan goes on the same invoice, under the same rule.
    const position = await positionOf(actor.id);
    const tax = await taxOf(position, target.offer.taxId, target.offer.priceCents * (seats ?? 1));
    const old =
      running && !running.plan.isFree && running.offer && running.period && running.subscription.currentPeriodEnd
        ? { ...running, offer: running.offer, period: running.period, periodEnd: running.subscription.currentPeriodEnd }
        : undefined;
    const keepsPeriod = !!old && old.period.months === target.period.months && old.periodEnd > now;
    // A new cycle anchored now (its periods end on this day of the month: billing-anchor.ts), or the running one kept.
    const periodStart = keepsPeriod ? old.subscription.currentPeriodStart : now;
    const periodEnd = keepsPeriod ? old.periodEnd : anchoredDate(now, target.period.months, timeZone);
    // The new plan for the seconds left of a kept period (a seat's share times the seats), or for a whole new one.
    const unitCents = keepsPeriod
      ? remainingCharge({ priceCents: target.offer.priceCents, periodStart, periodEnd, at: now })
      : target.offer.priceCents;
    const plan = planLine(tax, periodName, unitCents, seats, { start: now, end: periodEnd }, keepsPeriod);
    // A promotion code's coupon comes off the plan line first (Stripe applies it before credits).
    const discounted = withDiscount(
      [plan],
      plan,
      await discountFor(actor.id, promotionCode, { offerId: target.offer.id }, idempotencyKey),
      true,
    );
    const lines = discounted.lines;
    let creditToBalanceCents: number | undefined;
    if (old) {
      const credit = unusedCredit({
        paidCents: await paidForPeriod(old.subscription.id, old.subscription.currentPeriodStart),
        // What was paid covers the period from its start, or from the change that kept it.
        paidFrom: old.subscription.offerSince ?? old.subscription.currentPeriodStart,
        periodEnd: old.periodEnd,
        at: now,
      }).creditCents;
      const charged = lines.reduce((sum, l) => sum + l.unitAmountCents * l.quantity, 0);
      const onThisInvoice = Math.min(credit, charged);
      creditToBalanceCents = credit - onThisInvoice;
      const oldName = (l: Locale) => `${localName(old.plan, l)} (${localName(old.period, l)})`;
      if (onThisInvoice > 0)
        lines.push(
          taxLine(
            tax,
            texts((l) => translate(l, 'billing.line_credit', { plan: oldName(l) })),
            -onThisInvoice,
            // The unused part of the old period.
            { start: now, end: old.periodEnd },
          ),
        );
    }
    return {
      customer,
      target,
      running,
      position,
      tax,
      lines,
      kind: old ? ('upgrade' as const) : ('new' as const),
      now,
      periodStart,
      periodEnd,
      /** The cycle's anchor: kept with the period, or now. */
      billingAnchor: keepsPeriod ? (old.subscription.billingAnchor ?? old.periodEnd) : now,
      offerSince: keepsPeriod ? now : null,
      seats,
      creditToBalanceCents,
      periodName,
      discount: discounted.applied,
    };
  }
  return checkoutPlan;
}

/** Buying an offer now (checkout or upgrade), and its quote before paying. */
export function createCheckout(context: PaymentsContext, charge: Charge) {
  const { repo, taxOf, payingWith, answer } = context;
  const checkoutPlan = createCheckoutPlan(context);

  return {
    async quoteCheckout(actor: Actor, offerId: string, locale: Locale, promotionCode?: string): Promise<CheckoutQuote> {
      const plan = await checkoutPlan(actor, offerId, promotionCode);
      // The balance as the charge will take it (charge.ts `withBalance`).
      const { lines } = withBalance(plan.lines, await repo.balance(actor.id));
      const totals = quoteTotals(lines);
      // The same rule and rate as the lines, by the tax's name in the reader's language.
      const tax = await taxOf(plan.position, plan.target.offer.taxId, plan.target.offer.priceCents * (plan.seats ?? 1), locale);
      return {
        kind: plan.kind,
        lines: lines.map((l) => ({ description: l.description[locale], amountCents: l.unitAmountCents * l.quantity })),
        price: { ...priceQuote(tax, 0), subtotalCents: totals.subtotalCents, taxCents: totals.taxCents, totalCents: totals.totalCents },
        periodStart: plan.periodStart.toISOString(),
        periodEnd: plan.periodEnd.toISOString(),
        missing: await billingGaps(repo.db, actor.id, totals.totalCents > SIMPLIFIED_INVOICE_LIMIT_CENTS),
        creditToBalanceCents: plan.creditToBalanceCents ?? 0,
        discount: plan.discount ? quoteDiscount(plan.discount.discount, plan.discount.amountOffCents) : null,
      };
    },

    /**
     * Buys an offer now: from Free (or no running subscription) a new paid period; from a smaller
     * paid plan an upgrade with the unused part credited. Active as soon as the payment commits.
     */
    async checkout(
      actor: Actor,
      input: PayWith & { offerId: string; idempotencyKey: string; promotionCode?: string | undefined },
      locale: Locale,
    ): Promise<ChargeAnswer> {
      const method = await payingWith(actor.id, input);
      let existing: PaymentRow | undefined;
      let payment: PaymentRow;
      let plan: Awaited<ReturnType<typeof checkoutPlan>> | undefined;
      try {
        plan = await checkoutPlan(actor, input.offerId, input.promotionCode, input.idempotencyKey);
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'subscription.already_on_offer')) throw error;
        // A retry after success: the subscription already changed, so the offer now reads as "current".
        // The key's payment is read now, not before: a request with the same key sent at the same
        // time may have committed it (with the change, in one transaction) after this one started.
        existing = await repo.paymentByKey(actor.id, input.idempotencyKey);
        const retried = existing && DELIVERED.has(existing.status) && existing.purpose !== 'add_on';
        if (!retried) throw error;
      }
      if (!plan) payment = existing!;
      else {
        const chosen = plan;
        payment = await charge({
          userId: actor.id,
          method,
          idempotencyKey: input.idempotencyKey,
          purpose: chosen.kind === 'upgrade' ? 'upgrade' : 'subscription',
          description: texts(chosen.periodName),
          subscriptionId: chosen.running?.subscription.id ?? null,
          locale: customerLocale(chosen.customer, actor),
          lines: chosen.lines,
          taxRule: chosen.tax.rule,
          resume: {
            kind: 'checkout',
            offerId: input.offerId,
            ...(input.bizum ? { bizum: true as const } : { methodId: input.methodId! }),
            ...(input.promotionCode ? { promotionCode: input.promotionCode } : {}),
          },
          ...(chosen.creditToBalanceCents !== undefined ? { creditToBalanceCents: chosen.creditToBalanceCents } : {}),
          ...(chosen.discount ? { coupon: { ...chosen.discount, forPlan: true } } : {}),
          apply: async (tx, row) => {
            const values = {
              planId: chosen.target.plan.id,
              offerId: chosen.target.offer.id,
              status: 'active' as const,
              currentPeriodStart: chosen.periodStart,
              currentPeriodEnd: chosen.periodEnd,
              billingAnchor: chosen.billingAnchor,
              offerSince: chosen.offerSince,
              seats: chosen.seats,
              cancelAtPeriodEnd: false,
            };
            const locked = await repo.lockRunning(tx, actor.id);
            let subscription: SubscriptionRow;
            const detail = {
              fromPlan: chosen.running?.plan.code,
              toPlan: chosen.target.plan.code,
              periodStart: chosen.periodStart.toISOString(),
              periodEnd: chosen.periodEnd.toISOString(),
              amountCents: row.amountCents,
              paymentId: row.id,
              ...(chosen.seats === null ? {} : { seats: chosen.seats }),
            };
            if (locked) {
              await repo.updateSubscription(tx, locked.id, values);
              await repo.unschedule(tx, locked.id);
              subscription = locked;
            } else subscription = await repo.insertSubscription(tx, { userId: actor.id, ...values });
            if (!row.subscriptionId) await repo.linkSubscription(tx, row.id, subscription.id);
            await recordSubscriptionEvent(tx, {
              subscriptionId: subscription.id,
              kind: chosen.kind === 'upgrade' ? 'upgraded' : 'created',
              detail,
              at: chosen.now,
            });
          },
        });
      }
      return answer(payment, locale);
    },
  };
}
