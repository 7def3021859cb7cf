import type { SubscriptionEventKind } from '@enlaza/contracts';
import type { Transaction } from '../../db/client.js';
import { localName } from '../../lib/catalogue-names.js';
import type { EventBus } from '../../platform/events.js';
import { DUNNING_RETRY_DAYS } from '../payments/index.js';
import { recordSubscriptionEvent } from '../subscriptions/index.js';
import type { RenewalsRepository } from './repository.js';

/** Days after the period end of the three retries of a failed renewal (3 retries over 7 days; a failed seat addition's too). */
export const RETRY_DAYS = DUNNING_RETRY_DAYS;
export const DAY_MS = 86_400_000;
export const RUNNING = new Set(['trialing', 'active', 'past_due']);
/** What payments answers when the user has no (default) payment method to charge. */
const NO_METHOD = 'payment.no_method';
/** The dunning state of a subscription with nothing pending. */
export const CLEAR = {
  leaseUntil: null,
  periodEnd: null,
  attempt: 0,
  nextAttemptAt: null,
  seats: null,
  waitingPaymentId: null,
  waitingKey: null,
};
export type Outcome = 'renewed' | 'failed' | 'expired' | 'cancelled' | 'skipped';
type DunningDeps = { repo: RenewalsRepository; events: Pick<EventBus, 'publish'> };

/** One line of the subscription's history, written in the change's transaction. */
export const event = (
  tx: Transaction,
  subscriptionId: string,
  kind: SubscriptionEventKind,
  at: Date,
  detail: Parameters<typeof recordSubscriptionEvent>[1]['detail'] = {},
) => recordSubscriptionEvent(tx, { subscriptionId, kind, detail, at });

/** The events of one change a millisecond apart, so the history reads in the order they were written. */
export const stamps = (now: Date) => {
  let i = 0;
  return () => new Date(now.getTime() + i++);
};

/** The subscription is still the one claimed: running, same period end. */
export const unchanged = (row: { status: string; currentPeriodEnd: Date | null } | undefined, periodEnd: Date) =>
  Boolean(row && RUNNING.has(row.status) && row.currentPeriodEnd?.getTime() === periodEnd.getTime());

/**
 * Attempt `attempt` of the period failed: past due with the next retry, or expired after the last one.
 * A declined charge published `payment.failed` with its payment; a renewal that found no payment
 * method to charge has no payment, so it publishes `renewal.no_payment_method` here (the owner is
 * told in-app, and by email when chosen). Every failed attempt also publishes `renewal.payment_failed`
 * (the customer's email: why, and the next retry), and the last one `subscription.ended`.
 */
export async function failed(
  { repo, events }: DunningDeps,
  id: string,
  periodEnd: Date,
  attempt: number,
  code: string,
  now: Date,
  owner: { userId: string; plan: Parameters<typeof localName>[0] },
  /** A payment that now waits for the customer's authentication (first time): it is kept, and the customer is asked to authenticate. */
  waiting?: { paymentId: string; key: string; amountCents: number; waitingFor: 'authentication' | 'payment' },
): Promise<Outcome> {
  return repo.transaction(async (tx) => {
    if (!unchanged(await repo.lock(tx, id), periodEnd)) return 'skipped';
    const current = await repo.load(id, tx);
    const recorded = current?.state?.periodEnd?.getTime() === periodEnd.getTime() ? current.state.attempt : 0;
    if (recorded !== attempt) return 'skipped'; // another run recorded this failure already
    const failures = attempt + 1;
    const at = stamps(now);
    const endIso = periodEnd.toISOString();
    if (code === NO_METHOD)
      await events.publish(
        'renewal.no_payment_method',
        { subscriptionId: id, userId: owner.userId, planName: localName(owner.plan, 'en'), periodEnd: endIso, attempt: failures },
        tx,
      );
    const last = failures > RETRY_DAYS.length;
    const next = last ? null : new Date(periodEnd.getTime() + RETRY_DAYS[failures - 1]! * DAY_MS);
    // A payment waiting for the customer: they are asked to authenticate it, or (no card to charge) to pay it, by an email with its link, once.
    if (waiting && next)
      await events.publish(
        'renewal.action_required',
        {
          subscriptionId: id,
          userId: owner.userId,
          paymentId: waiting.paymentId,
          planName: localName(owner.plan, 'en'),
          amountCents: waiting.amountCents,
          currency: 'EUR',
          periodEnd: endIso,
          waitingFor: waiting.waitingFor,
        },
        tx,
      );
    // The customer's "payment failed" email (why, and the next retry if any); a checkout's decline has none, it is on screen.
    else
      await events.publish(
        'renewal.payment_failed',
        {
          subscriptionId: id,
          userId: owner.userId,
          planName: localName(owner.plan, 'en'),
          periodEnd: endIso,
          attempt: failures,
          reason: code,
          nextAttemptAt: next?.toISOString() ?? null,
        },
        tx,
      );
    if (!next) {
      await repo.updateSubscription(tx, id, { status: 'expired' });
      await repo.setState(tx, id, CLEAR);
      await event(tx, id, 'payment_failed', at(), { attempt: failures, reason: code, periodEnd: endIso });
      await event(tx, id, 'expired', at(), { periodEnd: endIso, reason: code });
      await events.publish(
        'subscription.ended',
        { subscriptionId: id, userId: owner.userId, endedAt: now.toISOString(), reason: 'payment_failed' },
        tx,
      );
      return 'expired';
    }
    await repo.updateSubscription(tx, id, { status: 'past_due' });
    await repo.setState(tx, id, {
      leaseUntil: null,
      periodEnd,
      attempt: failures,
      nextAttemptAt: next,
      ...(waiting ? { waitingPaymentId: waiting.paymentId, waitingKey: waiting.key } : {}),
    });
    if (failures === 1) await event(tx, id, 'past_due', at(), { periodEnd: endIso });
    await event(tx, id, 'payment_failed', at(), {
      attempt: failures,
      reason: code,
      nextAttemptAt: next.toISOString(),
      periodEnd: endIso,
    });
    return 'failed';
  });
}

/**
 * A renewal's debit came back (SEPA, days after the period was renewed and invoiced; payments has
 * credited the invoice): in that transaction the subscription goes back to the period that ended,
 * past due, and dunning starts as after a declined renewal (retries from now, the customer told).
 * A subscription changed since (renewed again, ended) is left as it is.
 */
export async function reverseRenewal(
  { repo, events }: DunningDeps,
  tx: Transaction,
  input: { subscriptionId: string; periodEnd: Date; previousPeriodStart: Date; paymentId: string; code: string; at: Date },
): Promise<void> {
  const { subscriptionId: id, periodEnd, at } = input;
  const locked = await repo.lock(tx, id);
  if (!locked || !RUNNING.has(locked.status) || locked.currentPeriodStart.getTime() !== periodEnd.getTime()) return;
  const row = await repo.load(id, tx);
  if (!row) return;
  const next = new Date(at.getTime() + RETRY_DAYS[0] * DAY_MS);
  const endIso = periodEnd.toISOString();
  const stamp = stamps(at);
  await repo.updateSubscription(tx, id, {
    status: 'past_due',
    currentPeriodStart: input.previousPeriodStart,
    currentPeriodEnd: periodEnd,
  });
  await repo.setState(tx, id, { ...CLEAR, periodEnd, attempt: 1, nextAttemptAt: next });
  await event(tx, id, 'past_due', stamp(), { periodEnd: endIso });
  await event(tx, id, 'payment_failed', stamp(), {
    attempt: 1,
    reason: input.code,
    nextAttemptAt: next.toISOString(),
    periodEnd: endIso,
    paymentId: input.paymentId,
  });
  await events.publish(
    'renewal.payment_failed',
    {
      subscriptionId: id,
      userId: locked.userId,
      planName: localName(row.plan, 'en'),
      periodEnd: endIso,
      attempt: 1,
      reason: input.code,
      nextAttemptAt: next.toISOString(),
    },
    tx,
  );
}
