import type { AddOnQuote, AddOnsCatalogue, Locale } from '@enlaza/contracts';
import { quoteTotals } from '../invoices/index.js';
import { quoteDiscount } from '../coupons/index.js';
import { withDiscount } from './discounts.js';
import { AppError } from '../../lib/errors.js';
import { localName } from '../../lib/catalogue-names.js';
import type { Actor } from '../../platform/actor.js';
import { recordSubscriptionEvent } from '../subscriptions/index.js';
import type { Charge } from './charge.js';
import {
  customerLocale,
  endOfMonth,
  names,
  priceQuote,
  taxLine,
  type ChargeAnswer,
  type PaymentsContext,
  type PayWith,
} from './service-context.js';

/** Add-ons: extra quota on top of the plan, bought for the rest of the current period. */
export function createAddOns(
  { repo, subscriptionData, clock, positionOf, taxOf, requireCustomer, payingWith, answer, discountFor }: PaymentsContext,
  charge: Charge,
) {
  /** An add-on's line for the rest of the period, with a promotion code's discount when one was typed (the tax on what is left). */
  async function addOnLines(
    actor: Actor,
    addOnId: string,
    promotionCode: string | undefined,
    locale: Locale | undefined,
    idempotencyKey?: string,
  ) {
    const addOn = await repo.addOn(addOnId);
    if (!addOn) throw new AppError('record.not_found');
    const running = await repo.running(actor.id);
    if (!running) throw new AppError('subscription.none');
    const validUntil = running.subscription.currentPeriodEnd ?? endOfMonth(clock());
    const tax = await taxOf(await positionOf(actor.id), addOn.taxId, addOn.priceCents, locale);
    const line = taxLine(tax, names(addOn), addOn.priceCents, { start: clock(), end: validUntil });
    const discount = await discountFor(actor.id, promotionCode, { addOnId: addOn.id }, idempotencyKey);
    const { lines, applied } = withDiscount([line], line, discount, false);
    return { addOn, running, validUntil, tax, lines, applied };
  }

  return {
    /** What buying an add-on charges now, with a promotion code's discount line: the pay dialog shows it before paying. */
    async quoteAddOn(actor: Actor, input: { addOnId: string; promotionCode?: string | undefined }, locale: Locale): Promise<AddOnQuote> {
      await requireCustomer(actor);
      const { tax, lines, applied } = await addOnLines(actor, input.addOnId, input.promotionCode, locale);
      const totals = quoteTotals(lines);
      return {
        lines: lines.map((l) => ({ description: l.description[locale], amountCents: l.unitAmountCents * l.quantity })),
        price: { ...priceQuote(tax, 0), subtotalCents: totals.subtotalCents, taxCents: totals.taxCents, totalCents: totals.totalCents },
        discount: applied ? quoteDiscount(applied.discount, applied.amountOffCents) : null,
      };
    },

    async addOns(actor: Actor, locale: Locale): Promise<AddOnsCatalogue> {
      await requireCustomer(actor);
      const [rows, data, running] = await Promise.all([
        repo.activeAddOns(),
        subscriptionData({ id: actor.id, role: 'user' }, clock(), locale),
        repo.running(actor.id),
      ]);
      const validUntil = running?.subscription.currentPeriodEnd ?? endOfMonth(clock());
      const position = await positionOf(actor.id);
      return {
        addOns: await Promise.all(
          rows.map(async (a) => ({
            id: a.id,
            code: a.code,
            name: localName(a, locale),
            description: a.descriptions?.[locale] ?? a.descriptions?.en ?? '',
            priceCents: a.priceCents,
            price: priceQuote(await taxOf(position, a.taxId, a.priceCents, locale), a.priceCents),
            extra: { profiles: a.extraProfiles, tags: a.extraTags, storageBytes: a.extraStorageBytes, sendsPerMonth: a.extraSends },
          })),
        ),
        active: data.addOns,
        validUntil: validUntil.toISOString(),
      };
    },

    /** Buys an add-on valid until the end of the current period (the calendar month on Free). */
    async buyAddOn(
      actor: Actor,
      input: PayWith & { addOnId: string; idempotencyKey: string; promotionCode?: string | undefined },
      locale: Locale,
    ): Promise<ChargeAnswer> {
      const customer = await requireCustomer(actor);
      const method = await payingWith(actor.id, input);
      const { addOn, running, validUntil, tax, lines, applied } = await addOnLines(
        actor,
        input.addOnId,
        input.promotionCode,
        undefined,
        input.idempotencyKey,
      );
      const payment = await charge({
        userId: actor.id,
        method,
        idempotencyKey: input.idempotencyKey,
        purpose: 'add_on',
        description: names(addOn),
        subscriptionId: running.subscription.id,
        locale: customerLocale(customer, actor),
        lines,
        ...(applied ? { coupon: { ...applied, forPlan: false } } : {}),
        taxRule: tax.rule,
        resume: {
          kind: 'add_on',
          addOnId: input.addOnId,
          ...(input.bizum ? { bizum: true as const } : { methodId: input.methodId! }),
          subscriptionId: running.subscription.id,
          validUntil: validUntil.toISOString(),
          ...(input.promotionCode ? { promotionCode: input.promotionCode } : {}),
        },
        apply: async (tx, row) => {
          await repo.addAddOn(tx, running.subscription.id, addOn.id, validUntil);
          await recordSubscriptionEvent(tx, {
            subscriptionId: running.subscription.id,
            kind: 'add_on',
            detail: { amountCents: row.amountCents, paymentId: row.id, periodEnd: validUntil.toISOString() },
            at: clock(),
          });
        },
      });
      return answer(payment, locale);
    },
  };
}
