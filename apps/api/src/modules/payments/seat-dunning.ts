import { recordSubscriptionEvent } from '../subscriptions/index.js';
import type { OfferRow, PlanRow, SubscriptionRow } from './repository.js';
import type { PaymentsContext } from './service-context.js';

/** Days after the first failure of the retries of a failed charge: the renewals' dunning (3 retries over 7 days). */
export const DUNNING_RETRY_DAYS = [1, 3, 7] as const;
const DAY_MS = 86_400_000;

export type SeatOutcome = 'added' | 'none' | 'failed' | 'expired' | 'busy';
/** A running per-seat subscription with its plan and offer. */
export type SeatRunning = { subscription: SubscriptionRow; plan: PlanRow; offer: OfferRow };
/** One addition: the subscription raised to `to` seats, the added seats charged from `chargedFrom` to the period's end. */
export type SeatAddition = { to: number; chargedFrom: Date; periodEnd: Date; attempt: number; failedSince: Date | null };

/** Events of one change a millisecond apart, so the history reads in the order they were written. */
export const stamps = (now: Date) => {
  let i = 0;
  return () => new Date(now.getTime() + i++);
};

/** A declined seat addition, in the dunning a declined renewal goes through (seat-additions.ts). */
export function createSeatDunning({ repo, events, clock }: PaymentsContext) {
  /**
   * Attempt `add.attempt` failed: `past_due` with the next retry, or `expired` after the last one
   * (as a renewal's dunning). Nothing is recorded twice: the failure of an attempt already recorded
   * (a run again after a crash) is skipped.
   */
  return async function failed(running: SeatRunning, add: SeatAddition, code: string): Promise<SeatOutcome> {
    const { subscription: sub } = running;
    const now = clock();
    return repo.transaction(async (tx) => {
      const locked = await repo.lockSubscription(tx, sub.id);
      if (locked?.currentPeriodEnd?.getTime() !== add.periodEnd.getTime() || !['active', 'past_due'].includes(locked.status)) return 'none';
      if (((await repo.failedSeatAddition(sub.id, tx))?.attempt ?? 0) !== add.attempt) return 'none';
      const failures = add.attempt + 1;
      const since = add.failedSince ?? now;
      const retryDays = DUNNING_RETRY_DAYS[failures - 1];
      const next = retryDays === undefined ? null : new Date(since.getTime() + retryDays * DAY_MS);
      const at = stamps(now);
      const periodEnd = add.periodEnd.toISOString();
      const event = (kind: 'past_due' | 'payment_failed' | 'expired', detail: object) =>
        recordSubscriptionEvent(tx, { subscriptionId: sub.id, kind, detail, at: at() });
      if (!next) {
        await repo.updateSubscription(tx, sub.id, { status: 'expired' });
        await repo.clearSeatFailure(tx, sub.id);
        await event('payment_failed', { attempt: failures, reason: code, periodEnd, seats: add.to });
        await event('expired', { periodEnd, reason: code });
        await events.publish(
          'subscription.ended',
          { subscriptionId: sub.id, userId: sub.userId, endedAt: now.toISOString(), reason: 'payment_failed' },
          tx,
        );
        return 'expired';
      }
      await repo.updateSubscription(tx, sub.id, { status: 'past_due' });
      await repo.recordSeatFailure(tx, sub.id, {
        periodEnd: add.periodEnd,
        seats: add.to,
        chargedFrom: add.chargedFrom,
        attempt: failures,
        failedSince: since,
        nextAttemptAt: next,
      });
      if (failures === 1) await event('past_due', { periodEnd });
      await event('payment_failed', { attempt: failures, reason: code, nextAttemptAt: next.toISOString(), periodEnd, seats: add.to });
      return 'failed';
    });
  };
}
