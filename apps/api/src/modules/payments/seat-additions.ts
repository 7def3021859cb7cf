import type { Locale } from '@enlaza/contracts';
import type { Transaction } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { localName } from '../../lib/catalogue-names.js';
import { translate } from '../../lib/i18n.js';
import type { Jobs } from '../../platform/jobs.js';
import { recordSubscriptionEvent } from '../subscriptions/index.js';
import type { Charge } from './charge.js';
import { remainingCharge } from './proration.js';
import type { OfferRow, PaymentRow } from './repository.js';
import { createSeatDunning, stamps, type SeatAddition, type SeatOutcome, type SeatRunning } from './seat-dunning.js';
import { seatsLine, seatsLineText } from './seat-lines.js';
import { seatsInUse, seatsToBill } from './seats.js';
import { texts, type PaymentsContext } from './service-context.js';
import type { ResumeArgs } from './schema.js';

declare module '../../platform/jobs.js' {
  interface JobPayloads {
    /** A team's members changed: bill the seats its owner's per-seat subscription gained, from `at` (product time). */
    'payments.add-seats': { userId: string; at: string };
  }
}

/** A seat addition waits this long after the change: members who join together are billed on one invoice. */
export const SEAT_ADDITION_DELAY_SECONDS = 60;
/** Seats gained in a period's last hour are billed by its renewal, moments later (never both). */
const RENEWAL_MARGIN_MS = 3_600_000;

/** Runs `work` holding the subscription's seat additions (one run at a time); `busy` when another run holds them. */
async function holding(
  repo: PaymentsContext['repo'],
  lease: { subscriptionId: string; seconds: number },
  work: () => Promise<SeatOutcome>,
): Promise<SeatOutcome> {
  if (!(await repo.claimSeats(lease.subscriptionId, lease.seconds))) return 'busy';
  try {
    return await work();
  } finally {
    await repo.releaseSeats(lease.subscriptionId);
  }
}

/** What raising the seats stands on: the payments' repository and clock, and the job that looks for more seats. */
type SeatRaising = Pick<PaymentsContext, 'repo' | 'clock'> & {
  queueCheck: (userId: string, at: Date, tx: Transaction, delaySeconds: number) => Promise<unknown>;
};

/**
 * In the addition's payment transaction (or alone, for seats worth nothing): the subscription's seats
 * rise (a past-due one is active again), the failure being retried is cleared, and the history
 * says so. A subscription changed since the addition was priced rolls the charge back.
 */
async function raiseSeats(
  { repo, clock, queueCheck }: SeatRaising,
  tx: Transaction,
  { running, add, payment }: { running: SeatRunning; add: SeatAddition; payment: PaymentRow | null },
): Promise<void> {
  const { subscription: sub, offer } = running;
  const periodEnd = add.periodEnd.toISOString();
  const locked = await repo.lockSubscription(tx, sub.id);
  if (locked?.currentPeriodEnd?.getTime() !== add.periodEnd.getTime() || locked.seats !== sub.seats)
    throw new Error(`subscription ${sub.id} changed during its seat addition`);
  const at = stamps(clock());
  await repo.updateSubscription(tx, sub.id, { seats: add.to, ...(locked.status === 'past_due' ? { status: 'active' as const } : {}) });
  await repo.clearSeatFailure(tx, sub.id);
  if (locked.status === 'past_due')
    await recordSubscriptionEvent(tx, {
      subscriptionId: sub.id,
      kind: 'reactivated',
      detail: { paymentId: payment?.id, periodEnd },
      at: at(),
    });
  await recordSubscriptionEvent(tx, {
    subscriptionId: sub.id,
    kind: 'seats_added',
    detail: {
      fromSeats: sub.seats ?? offer.minSeats,
      seats: add.to,
      periodStart: add.chargedFrom.toISOString(),
      periodEnd,
      amountCents: payment?.amountCents ?? 0,
      ...(payment ? { paymentId: payment.id } : {}),
    },
    at: at(),
  });
  // Members who joined while a failed addition waited are looked for now.
  if (add.attempt > 0) await queueCheck(sub.userId, clock(), tx, 0);
}

/**
 * Seats added to a per-seat subscription within its period (docs/billing.md, "Seats"): when the
 * team's active members pass the seats billed, the extra seats are charged for the rest of the
 * period, prorated by the second as a plan change is (`remainingCharge`), one invoice line "Seats ×
 * N" with its period, and `seats` is raised in the payment's transaction.
 *
 * Once: the charge's key is `seats:<subscription>:<period end>:<seats after>` (a retry appends
 * `:retry-<n>`), and the seats rise with the payment, so a run again, or the job of a redelivered
 * event, finds the seats billed and charges nothing. One run at a time per subscription (a lease in
 * `seat_additions`), so two runs never bill the same seats under two keys.
 *
 * A declined charge follows the renewals' dunning: `past_due`, retried 1, 3 and 7 days after the
 * first failure (the renewals' run retries the due ones), `expired` after the last; the customer is
 * told by the charge path's `payment.failed`. Removing members refunds nothing: the renewal bills
 * the seats needed then.
 */
/** The owner is emailed the seat charge's page to authenticate it, as for a renewal (`renewal.action_required`, purpose `seats`; once per payment). */
async function askToAuthenticate(
  { repo, events }: Pick<PaymentsContext, 'repo' | 'events'>,
  payment: PaymentRow,
  seats: { subscriptionId: string; planName: string; periodEnd: string },
) {
  await repo.transaction((tx) =>
    events.publish(
      'renewal.action_required',
      { ...seats, userId: payment.userId, paymentId: payment.id, amountCents: payment.amountCents, currency: 'EUR', purpose: 'seats' },
      tx,
    ),
  );
}

export function createSeatAdditions(
  context: PaymentsContext,
  charge: Charge,
  { jobs, leaseSeconds }: { jobs: Pick<Jobs, 'send'>; leaseSeconds: number },
) {
  const { repo, clock, positionOf, taxOf, current } = context;
  const failed = createSeatDunning(context);

  /** The seats `offerId` would bill the user now (their team's active members, at least its minimum); null: a flat offer. */
  async function seatsFor(userId: string, offer: Pick<OfferRow, 'seatPricing' | 'minSeats'>): Promise<number | null> {
    return offer.seatPricing === 'per_seat' ? seatsToBill(offer, await seatsInUse(repo.db, userId)) : null;
  }

  /** Looks for seats to add to the user's subscription after `delaySeconds` (in `tx` when given: only if it commits). */
  const queueCheck = (userId: string, at: Date, tx?: Transaction, delaySeconds = SEAT_ADDITION_DELAY_SECONDS) =>
    jobs.send('payments.add-seats', { userId, at: at.toISOString() }, { startAfter: delaySeconds, ...(tx ? { tx } : {}) });

  /** The running per-seat subscription of a paid plan, or undefined. */
  async function perSeat(userId: string): Promise<SeatRunning | undefined> {
    const running = await current(userId);
    if (!running?.offer || running.offer.seatPricing !== 'per_seat' || running.plan.isFree) return undefined;
    return { subscription: running.subscription, plan: running.plan, offer: running.offer };
  }

  /** Charges one addition; answers what became of it (a decline is recorded by `failed`). */
  async function bill(running: SeatRunning, add: SeatAddition): Promise<SeatOutcome> {
    const { subscription: sub, offer } = running;
    const from = sub.seats ?? offer.minSeats;
    const extra = add.to - from;
    const periodEnd = add.periodEnd.toISOString();
    const planName = (l: Locale) => localName(running.plan, l);
    // One seat for the rest of the period, as a plan change prices the rest of a kept period.
    const unitCents = remainingCharge({
      priceCents: offer.priceCents,
      periodStart: sub.currentPeriodStart,
      periodEnd: add.periodEnd,
      at: add.chargedFrom,
    });
    const tax = await taxOf(await positionOf(sub.userId), offer.taxId, unitCents * extra);
    const key = `seats:${sub.id}:${periodEnd}:${add.to}${add.attempt > 0 ? `:retry-${add.attempt}` : ''}`;
    const [customer, method] = await Promise.all([repo.customer(sub.userId), repo.defaultMethod(sub.userId)]);
    const raise = (tx: Transaction, payment: PaymentRow | null) => raiseSeats({ repo, clock, queueCheck }, tx, { running, add, payment });
    // A seat worth nothing for the seconds left (a price of 0): the seats rise, nothing is charged.
    if (unitCents === 0) {
      await repo.transaction((tx) => raise(tx, null));
      return 'added';
    }
    if (!method) return failed(running, add, 'payment.no_method');
    try {
      const payment = await charge({
        userId: sub.userId,
        method,
        idempotencyKey: key,
        purpose: 'seats',
        offSession: true,
        resume: {
          kind: 'seats',
          userId: sub.userId,
          subscriptionId: sub.id,
          to: add.to,
          chargedFrom: add.chargedFrom.toISOString(),
          periodEnd,
          attempt: add.attempt,
          failedSince: add.failedSince?.toISOString() ?? null,
        },
        description: texts((l) => translate(l, 'billing.payment_seats', { plan: planName(l), seats: extra })),
        subscriptionId: sub.id,
        locale: customer?.locale ?? 'en',
        lines: [
          seatsLine(tax, seatsLineText(planName, extra, 'line_seats_added'), unitCents, extra, {
            start: add.chargedFrom,
            end: add.periodEnd,
          }),
        ],
        taxRule: tax.rule,
        apply: raise,
      });
      // The bank asks the customer to authenticate: not a decline, so no dunning; the owner is emailed the
      // payment's page (as for a renewal), and the seats rise once they authenticate (`resumeSeats`).
      if (payment.status === 'requires_action') {
        await askToAuthenticate(context, payment, { subscriptionId: sub.id, planName: planName('en'), periodEnd });
        return 'none';
      }
      return 'added';
    } catch (error) {
      if (error instanceof AppError && error.code.startsWith('payment.')) return failed(running, add, error.code);
      throw error;
    }
  }

  /**
   * The job: bills the seats the user's running per-seat subscription gained, charged from `at`
   * (the change's time). Nothing when the seats billed cover the members, the subscription is not
   * active (a past-due renewal bills the seats needed when it goes through), a failed addition is
   * being retried, or the period ends within the hour (its renewal bills them).
   */
  async function addSeats(userId: string, at: Date): Promise<SeatOutcome> {
    const found = await perSeat(userId);
    if (!found) return 'none';
    return holding(repo, { subscriptionId: found.subscription.id, seconds: leaseSeconds }, async () => {
      const running = await perSeat(userId);
      const sub = running?.subscription;
      const periodEnd = sub?.currentPeriodEnd;
      if (!running || sub?.id !== found.subscription.id || sub.status !== 'active' || !periodEnd) return 'none';
      if (periodEnd.getTime() - Math.max(at.getTime(), clock().getTime()) < RENEWAL_MARGIN_MS) return 'none';
      if (await repo.failedSeatAddition(sub.id)) return 'none';
      const to = (await seatsFor(userId, running.offer))!;
      if (to <= (sub.seats ?? running.offer.minSeats)) return 'none';
      // Charged from the change, or from the period's start when a renewal came between.
      const chargedFrom = new Date(Math.max(at.getTime(), sub.currentPeriodStart.getTime()));
      return bill(running, { to, chargedFrom, periodEnd, attempt: 0, failedSince: null });
    });
  }

  /**
   * The failed additions whose retry is due at `now` (the renewals' run calls it): each charged again,
   * or given up. `busy`: the due ones another run held at that moment (left for the next run).
   */
  async function retryDueSeatAdditions(now: Date): Promise<{ retried: number; busy: number }> {
    let retried = 0;
    let busy = 0;
    for (const { subscriptionId, userId } of await repo.dueSeatRetries(now, 100)) {
      const outcome = await holding(repo, { subscriptionId, seconds: leaseSeconds }, async () => {
        const state = await repo.failedSeatAddition(subscriptionId);
        const running = await perSeat(userId);
        const sub = running?.subscription;
        if (!state?.periodEnd || !state.seats || !state.chargedFrom || !state.nextAttemptAt || state.nextAttemptAt > now) return 'none';
        // The period ended (its renewal bills the seats needed) or the subscription changed: nothing left to retry.
        if (
          !running ||
          sub?.id !== subscriptionId ||
          sub.currentPeriodEnd?.getTime() !== state.periodEnd.getTime() ||
          state.periodEnd <= now
        ) {
          await repo.transaction((tx) => repo.clearSeatFailure(tx, subscriptionId));
          return 'none';
        }
        const add = {
          to: state.seats,
          chargedFrom: state.chargedFrom,
          periodEnd: state.periodEnd,
          attempt: state.attempt,
          failedSince: state.failedSince,
        };
        return bill(running, add);
      });
      if (outcome === 'busy') busy += 1;
      else if (outcome !== 'none') retried += 1;
    }
    return { retried, busy };
  }

  /**
   * A seat charge that waited for the customer's authentication, completed since: the same addition
   * billed again with the same key (the charge path then applies it once).
   */
  async function resumeSeats(args: Extract<ResumeArgs, { kind: 'seats' }>): Promise<SeatOutcome> {
    return holding(repo, { subscriptionId: args.subscriptionId, seconds: leaseSeconds }, async () => {
      const running = await perSeat(args.userId);
      if (running?.subscription.id !== args.subscriptionId) return 'none';
      return bill(running, {
        to: args.to,
        chargedFrom: new Date(args.chargedFrom),
        periodEnd: new Date(args.periodEnd),
        attempt: args.attempt,
        failedSince: args.failedSince ? new Date(args.failedSince) : null,
      });
    });
  }

  return {
    resumeSeats,
    seatsFor,
    queueCheck,
    addSeats,
    retryDueSeatAdditions,
    /** A renewal paid the period: a failed addition of the period before is settled by it (in the renewal's transaction). */
    settleSeatAdditions: (tx: Transaction, subscriptionId: string) => repo.clearSeatFailure(tx, subscriptionId),
  };
}

export type SeatAdditions = ReturnType<typeof createSeatAdditions>;
