import type { Locale, MyPlan } from '@enlaza/contracts';
import { AppError } from '../../lib/errors.js';
import { localName } from '../../lib/catalogue-names.js';
import type { Actor } from '../../platform/actor.js';
import { recordSubscriptionEvent } from '../subscriptions/index.js';
import type { PeriodRow, PlanRow } from './repository.js';
import { seatsInUse, seatsToBill } from './seats.js';
import { priceQuote, toMethod, type PaymentsContext } from './service-context.js';

/** Which way a change goes: a bigger plan (or a longer period of the same plan) is an upgrade, charged now. */
export function changeKind(
  current: { plan: Pick<PlanRow, 'id' | 'isFree' | 'sortOrder'>; period: Pick<PeriodRow, 'months'> | null; offerId: string | null },
  target: { plan: Pick<PlanRow, 'id' | 'sortOrder'>; period: Pick<PeriodRow, 'months'>; offerId: string },
): 'current' | 'upgrade' | 'downgrade' {
  if (current.offerId === target.offerId) return 'current';
  if (current.plan.isFree) return 'upgrade';
  if (target.plan.sortOrder !== current.plan.sortOrder) return target.plan.sortOrder > current.plan.sortOrder ? 'upgrade' : 'downgrade';
  if (target.plan.id !== current.plan.id) return target.plan.id > current.plan.id ? 'upgrade' : 'downgrade';
  return target.period.months > (current.period?.months ?? 0) ? 'upgrade' : 'downgrade';
}

/**
 * The customer's plan as it runs, and the changes that wait for the end of its period: a cancel
 * (back to Free) or a downgrade, each applied by the renewal. Upgrades are charged now (checkout.ts).
 */
export function createPlanChanges({
  repo,
  subscriptionData,
  clock,
  positionOf,
  taxOf,
  requireCustomer,
  visibleOffer,
  current,
}: PaymentsContext) {
  return {
    async myPlan(actor: Actor, locale: Locale): Promise<MyPlan> {
      await requireCustomer(actor);
      const [subscription, running, method, creditBalanceCents] = await Promise.all([
        subscriptionData({ id: actor.id, role: 'user' }, clock(), locale),
        current(actor.id),
        repo.defaultMethod(actor.id),
        repo.balance(actor.id),
      ]);
      const pending = running ? await repo.pendingChange(running.subscription.id) : undefined;
      const end = running?.subscription.currentPeriodEnd ?? null;
      // A per-seat plan: billed this period, filled now, and what the renewal bills (the offer it renews on).
      const inUse = running?.offer?.seatPricing === 'per_seat' ? await seatsInUse(repo.db, actor.id) : 0;
      const renewing = pending?.offer ?? running?.offer;
      return {
        subscription,
        offer:
          running?.offer && running.period
            ? {
                id: running.offer.id,
                periodName: localName(running.period, locale),
                months: running.period.months,
                price: priceQuote(
                  await taxOf(await positionOf(actor.id), running.offer.taxId, running.offer.priceCents, locale),
                  running.offer.priceCents,
                ),
              }
            : null,
        seats:
          running?.offer?.seatPricing === 'per_seat'
            ? {
                billed: running.subscription.seats ?? seatsToBill(running.offer, inUse)!,
                inUse,
                minSeats: running.offer.minSeats,
                atRenewal: renewing && !running.subscription.cancelAtPeriodEnd ? seatsToBill(renewing, inUse) : null,
              }
            : null,
        renewsAt: end && !running?.subscription.cancelAtPeriodEnd && !running?.plan.isFree ? end.toISOString() : null,
        pendingChange: pending
          ? {
              offerId: pending.offer.id,
              planName: localName(pending.plan, locale),
              periodName: localName(pending.period, locale),
              priceCents: pending.offer.priceCents,
              effectiveAt: end?.toISOString() ?? null,
            }
          : null,
        defaultMethod: method ? toMethod(method) : null,
        creditBalanceCents,
      };
    },

    /** Ends the paid plan when the period ends (the renewal falls back to Free then); nothing changes now. */
    async cancelAtPeriodEnd(actor: Actor, cancel: boolean): Promise<void> {
      await requireCustomer(actor);
      const running = await repo.running(actor.id);
      if (!running || running.plan.isFree || !running.subscription.currentPeriodEnd) throw new AppError('subscription.no_paid_plan');
      await repo.transaction(async (tx) => {
        await repo.updateSubscription(tx, running.subscription.id, { cancelAtPeriodEnd: cancel });
        await recordSubscriptionEvent(tx, {
          subscriptionId: running.subscription.id,
          kind: cancel ? 'cancel_scheduled' : 'resumed',
          detail: { periodEnd: running.subscription.currentPeriodEnd?.toISOString() },
          at: clock(),
        });
      });
    },

    /** Stores a downgrade for the end of the period (applied by the renewal); replaces an earlier one. */
    async scheduleDowngrade(actor: Actor, offerId: string): Promise<void> {
      const customer = await requireCustomer(actor);
      const target = await visibleOffer(offerId, customer.accountTypeId);
      const running = await current(actor.id);
      if (!running || running.plan.isFree || !running.subscription.currentPeriodEnd) throw new AppError('subscription.no_paid_plan');
      const kind = changeKind(
        { plan: running.plan, period: running.period, offerId: running.subscription.offerId },
        { plan: target.plan, period: target.period, offerId: target.offer.id },
      );
      if (kind === 'current') throw new AppError('subscription.already_on_offer');
      if (kind === 'upgrade') throw new AppError('subscription.upgrade_now');
      await repo.transaction(async (tx) => {
        await repo.schedule(tx, running.subscription.id, target.offer.id);
        await recordSubscriptionEvent(tx, {
          subscriptionId: running.subscription.id,
          kind: 'downgrade_scheduled',
          detail: {
            fromPlan: running.plan.code,
            toPlan: target.plan.code,
            periodEnd: running.subscription.currentPeriodEnd?.toISOString(),
          },
          at: clock(),
        });
      });
    },

    async cancelDowngrade(actor: Actor): Promise<void> {
      await requireCustomer(actor);
      const running = await repo.running(actor.id);
      const removed = running
        ? await repo.transaction(async (tx) => {
            const done = await repo.unschedule(tx, running.subscription.id);
            if (done)
              await recordSubscriptionEvent(tx, { subscriptionId: running.subscription.id, kind: 'downgrade_cancelled', at: clock() });
            return done;
          })
        : false;
      if (!removed) throw new AppError('record.not_found');
    },
  };
}
