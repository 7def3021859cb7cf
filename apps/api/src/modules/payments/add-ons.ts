import type { AddOnsCatalogue, Locale, Payment, SubscriptionData } from '@enlaza/contracts';
import { AppError } from '../../lib/errors.js';
import { localName } from '../../lib/catalogue-names.js';
import type { Actor } from '../../platform/actor.js';
import { recordSubscriptionEvent } from '../subscriptions/index.js';
import type { Charge } from './charge.js';
import { customerLocale, endOfMonth, names, priceQuote, taxLine, toPayment, type PaymentsContext } from './service-context.js';

/** Add-ons: extra quota on top of the plan, bought for the rest of the current period. */
export function createAddOns(
  { repo, subscriptionData, clock, positionOf, taxOf, requireCustomer, requireMethod }: PaymentsContext,
  charge: Charge,
) {
  return {
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
      input: { addOnId: string; methodId: string; idempotencyKey: string },
      locale: Locale,
    ): Promise<{ payment: Payment; subscription: SubscriptionData }> {
      const customer = await requireCustomer(actor);
      const method = await requireMethod(actor.id, input.methodId);
      const addOn = await repo.addOn(input.addOnId);
      if (!addOn) throw new AppError('record.not_found');
      const running = await repo.running(actor.id);
      if (!running) throw new AppError('subscription.none');
      const validUntil = running.subscription.currentPeriodEnd ?? endOfMonth(clock());
      const tax = await taxOf(await positionOf(actor.id), addOn.taxId, addOn.priceCents);
      const payment = await charge({
        userId: actor.id,
        method,
        idempotencyKey: input.idempotencyKey,
        purpose: 'add_on',
        description: names(addOn),
        subscriptionId: running.subscription.id,
        locale: customerLocale(customer, actor),
        lines: [taxLine(tax, names(addOn), addOn.priceCents, { start: clock(), end: validUntil })],
        taxRule: tax.rule,
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
      return { payment: toPayment(payment, locale), subscription: await subscriptionData({ id: actor.id, role: 'user' }, clock(), locale) };
    },
  };
}
