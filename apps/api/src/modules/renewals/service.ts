import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from '../../db/client.js';
import { localName } from '../../lib/catalogue-names.js';
import type { Clock } from '../../platform/clock.js';
import type { EventBus } from '../../platform/events.js';
import type { Metrics } from '../../platform/metrics.js';
import { nextPeriodEnd, type PaymentsService } from '../payments/index.js';
import { CLEAR, DAY_MS, event, failed, reverseRenewal, RUNNING, stamps, unchanged, type Outcome } from './dunning.js';

export { RETRY_DAYS } from './dunning.js';
import type { RenewalState, RenewalsRepository } from './repository.js';

/** Paid subscribers not cancelling are reminded this many days before the renewal (every period length). */
export const REMINDER_DAYS = 7;

/** How long the test clock's run waits for a seat retry another worker holds (it holds it for one charge). */
const HELD_WAIT_MS = 15_000;

export type RenewalRun = { renewed: number; failed: number; reminded: number; expired: number; cancelled: number };
/** A subscription as a renewal loads it: with its plan, its offer's months and seat pricing, and its dunning state. */
type RenewalRow = NonNullable<Awaited<ReturnType<RenewalsRepository['load']>>>;

type Deps = {
  repo: RenewalsRepository;
  clock: Pick<Clock, 'now' | 'refresh'>;
  payments: Pick<
    PaymentsService,
    'chargeOffer' | 'pendingChange' | 'unschedule' | 'defaultMethod' | 'renewalTotal' | 'renewalSeats' | 'retryDueSeatAdditions'
  >;
  /** Published in the renewal's transaction; the notifications module tells the owner. */
  events: Pick<EventBus, 'publish'>;
  log: FastifyBaseLogger;
  /** How long a worker holds a claimed subscription (real seconds): past it, the worker is presumed dead. */
  leaseSeconds: number;
  /** The seller's calendar (SELLER_TIME_ZONE): each next period end keeps the anchor's day and hour on it. */
  timeZone?: string;
  metrics: Metrics;
};

/** A subscription set to cancel ends at its period end instead of renewing: `cancelled`, the owner told (`subscription.ended`). */
async function endAtPeriodEnd(
  { repo, events }: Pick<Deps, 'repo' | 'events'>,
  { subscription: sub, plan }: RenewalRow,
  periodEnd: Date,
  now: Date,
): Promise<Outcome> {
  const id = sub.id;
  const endIso = periodEnd.toISOString();
  const done = await repo.transaction(async (tx) => {
    if (!unchanged(await repo.lock(tx, id), periodEnd)) return false;
    const at = stamps(now);
    await repo.updateSubscription(tx, id, { status: 'cancelled' });
    await repo.setState(tx, id, CLEAR);
    await event(tx, id, 'cancelled', at(), { atPeriodEnd: true, fromPlan: plan.code, periodEnd: endIso });
    await events.publish('subscription.ended', { subscriptionId: id, userId: sub.userId, endedAt: endIso, reason: 'period_end' }, tx);
    return true;
  });
  return done ? 'cancelled' : 'skipped';
}

/** The charge's idempotency key: one per period, per retry of it, and per retry after a card change. */
const renewalKey = (id: string, endIso: string, attempt: number, methodId: string | undefined) =>
  methodId
    ? `renewal:${id}:${endIso}:card-${methodId}`
    : attempt === 0
      ? `renewal:${id}:${endIso}`
      : `renewal:${id}:${endIso}:retry-${attempt}`;

/**
 * In the renewal charge's transaction: the subscription moves to its next period (on the scheduled
 * plan, if a downgrade waited), its dunning state is cleared, and the history says so. A subscription
 * changed since it was claimed rolls the charge back.
 */
async function startNextPeriod(
  { repo, payments }: Pick<Deps, 'repo' | 'payments'>,
  tx: Transaction,
  renewal: {
    row: RenewalRow;
    pending: Awaited<ReturnType<Deps['payments']['pendingChange']>>;
    offerId: string;
    periodEnd: Date;
    nextEnd: Date;
    seats: number | null;
    payment: { id: string; amountCents: number };
    now: Date;
  },
): Promise<void> {
  const { row, pending, offerId, periodEnd, nextEnd, seats, payment } = renewal;
  const { subscription: sub, plan } = row;
  const id = sub.id;
  const endIso = periodEnd.toISOString();
  const locked = await repo.lock(tx, id);
  if (!locked || !unchanged(locked, periodEnd)) throw new Error(`subscription ${id} changed during its renewal`);
  const at = stamps(renewal.now);
  await repo.updateSubscription(tx, id, {
    planId: pending?.plan.id ?? sub.planId,
    offerId,
    status: 'active',
    currentPeriodStart: periodEnd,
    currentPeriodEnd: nextEnd,
    offerSince: null,
    seats,
    cancelAtPeriodEnd: false,
  });
  await repo.setState(tx, id, CLEAR);
  if (pending) {
    await payments.unschedule(tx, id);
    await event(tx, id, 'downgraded', at(), { fromPlan: plan.code, toPlan: pending.plan.code, periodStart: endIso });
  }
  if (locked.status === 'past_due') await event(tx, id, 'reactivated', at(), { paymentId: payment.id, periodEnd: endIso });
  await event(tx, id, 'renewed', at(), {
    toPlan: pending?.plan.code ?? plan.code,
    periodStart: endIso,
    periodEnd: nextEnd.toISOString(),
    amountCents: payment.amountCents,
    paymentId: payment.id,
    ...(seats === null ? {} : { seats, fromSeats: locked.seats ?? undefined }),
  });
}

/** What the reminder tells: the amount with tax the renewal will charge (a scheduled downgrade's offer, if any) and the card. */
async function renewalQuote(payments: Deps['payments'], row: { id: string; userId: string; offerId: string }) {
  const pending = await payments.pendingChange(row.id);
  const total = await payments.renewalTotal(row.userId, pending?.offer.id ?? row.offerId);
  const method = await payments.defaultMethod(row.userId);
  return {
    amountCents: total?.totalCents ?? null,
    currency: total?.currency ?? 'EUR',
    card: method ? { brand: method.brand, last4: method.last4 } : null,
  };
}

/** "Your plan renews in 7 days" to every paid subscriber not cancelling, once per period. */
async function remind({ repo, events, payments }: Pick<Deps, 'repo' | 'events' | 'payments'>, now: Date): Promise<number> {
  let sent = 0;
  const until = new Date(now.getTime() + REMINDER_DAYS * DAY_MS);
  for (;;) {
    const due = await repo.dueReminders(now, until, 200);
    for (const row of due) {
      // Read before the transaction (on PGlite a read outside it would wait for it).
      const quote = await renewalQuote(payments, row);
      const done = await repo.transaction(async (tx) => {
        if (!(await repo.markReminded(tx, row.id, row.periodEnd))) return false;
        const endsAt = row.periodEnd.toISOString();
        await events.publish(
          'renewal.reminder_due',
          { subscriptionId: row.id, userId: row.userId, planName: localName(row.plan, 'en'), endsAt, ...quote },
          tx,
        );
        await event(tx, row.id, 'renewal_reminder', now, { periodEnd: endsAt });
        return true;
      });
      if (done) sent += 1;
    }
    if (due.length < 200) return sent;
  }
}

type RunOptions = { budgetMs?: number; batchSize?: number; parallel?: number };

/**
 * Everything due at the product's "now": reminders, then renewals, retries and ends, claimed in
 * batches (`parallel` at once within a batch). Stops claiming after `budgetMs` and answers `more:
 * true` (the job enqueues its successor). `busy`: seat retries due that another worker held then.
 */
async function runDueOnce(
  { repo, clock, payments, events, log, leaseSeconds }: Pick<Deps, 'repo' | 'clock' | 'payments' | 'events' | 'log' | 'leaseSeconds'>,
  renewOne: (id: string, now: Date) => Promise<Outcome>,
  options: RunOptions,
) {
  await clock.refresh();
  const now = clock.now();
  const run: RenewalRun = { renewed: 0, failed: 0, reminded: 0, expired: 0, cancelled: 0 };
  run.reminded = await remind({ repo, events, payments }, now);
  // The dunning of seat additions whose charge failed (payments' seat-additions.ts): the retries due now.
  const { busy } = await payments.retryDueSeatAdditions(now);
  const started = Date.now();
  const parallel = Math.max(1, options.parallel ?? 1);
  for (;;) {
    if (options.budgetMs !== undefined && Date.now() - started > options.budgetMs) return { ...run, busy, more: true };
    const ids = await repo.claim(now, leaseSeconds, options.batchSize ?? 25);
    if (ids.length === 0) break;
    let next = 0;
    const work = async () => {
      while (next < ids.length) {
        const id = ids[next++]!;
        try {
          const outcome = await renewOne(id, now);
          if (outcome !== 'skipped') run[outcome] += 1;
        } catch (error) {
          // The lease stays: the subscription is taken again once it expires.
          log.error({ err: error, subscription: id }, 'renewal failed');
        }
        // PGlite answers in microtasks: without a turn of the event loop, requests and logs would wait for the whole run.
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    await Promise.all(Array.from({ length: Math.min(parallel, ids.length) }, work));
    log.info({ ...run }, 'renewals batch');
  }
  return { ...run, busy, more: false };
}

/**
 * Renewals and dunning. Each due subscription is claimed (a lease) and then, in ONE transaction
 * with its payment (payments' `chargeOffer`): a scheduled downgrade takes effect, the next period
 * starts from the old end, the invoice is issued and the history records `renewed`. A cancel at
 * period end ends it instead (`cancelled`, the user falls back to Free). A decline makes it
 * `past_due` and schedules retries at +1, +3 and +7 days; after the last one it `expired`s. Period
 * ends follow the subscription's billing anchor (its day of the month is kept across short months).
 *
 * Exactly once: the charge's idempotency key is `renewal:<id>:<period end>` (a retry appends
 * `:retry-<n>`, a retry after a card change `:card-<method>`), unique in `payments`; the period moves
 * in the payment's transaction, so a run after a crash finds the subscription renewed, or charges
 * again with the same key (the provider answers the first charge) and records it then.
 */
export function createRenewalsService({ repo, clock, payments, events, log, leaseSeconds, timeZone = 'UTC', metrics }: Deps) {
  const outcomes = metrics.counter(
    'renewals_total',
    'Renewals of due subscriptions in this process, by outcome: renewed, failed (a retry is scheduled), expired (retries used up), cancelled (ended at period end), error (it threw; tried again later)',
    ['outcome'],
  );

  /**
   * The seats a per-seat renewal of the period ending at `periodEnd` bills (null: a flat offer): the
   * team's active members at its first attempt (at least the offer's minimum), kept with the
   * period's dunning state, so every attempt of the period (a run again after a crash above all,
   * whose key is the same) charges the same amount. Members removed by then are no longer billed.
   */
  async function seatsOfPeriod(
    id: string,
    userId: string,
    offer: { id: string; perSeat: boolean },
    periodEnd: Date,
    state: RenewalState | null,
  ) {
    if (!offer.perSeat) return null;
    if (state?.periodEnd?.getTime() === periodEnd.getTime() && state.seats !== null) return state.seats;
    const seats = await payments.renewalSeats(userId, offer.id);
    if (seats !== null) await repo.transaction((tx) => repo.setState(tx, id, { periodEnd, seats }));
    return seats;
  }

  /** One due subscription renewed, counted by its outcome (a subscription not due is not a renewal). */
  async function renewOne(id: string, now: Date, options: { methodId?: string } = {}): Promise<Outcome> {
    let outcome: Outcome;
    try {
      outcome = await renewOrEnd(id, now, options);
    } catch (error) {
      outcomes.inc({ outcome: 'error' });
      throw error;
    }
    if (outcome !== 'skipped') outcomes.inc({ outcome });
    return outcome;
  }

  async function renewOrEnd(id: string, now: Date, options: { methodId?: string }): Promise<Outcome> {
    const row = await repo.load(id);
    if (!row) return 'skipped';
    const { subscription: sub, plan, state } = row;
    const periodEnd = sub.currentPeriodEnd;
    // Not due (any more): leave the lease to expire, so the claim loop does not take it again in this run.
    if (!RUNNING.has(sub.status) || plan.isFree || !periodEnd || periodEnd > now) return 'skipped';
    const endIso = periodEnd.toISOString();
    const attempt = state?.periodEnd?.getTime() === periodEnd.getTime() ? state.attempt : 0;

    if (sub.cancelAtPeriodEnd) return endAtPeriodEnd({ repo, events }, row, periodEnd, now);

    const pending = await payments.pendingChange(id);
    const offerId = pending?.offer.id ?? sub.offerId;
    const months = pending ? pending.period.months : row.periodMonths;
    if (!offerId || !months) {
      log.error({ subscription: id }, 'renewal: the subscription has no offer to renew');
      return 'skipped';
    }
    // A payment of this period waiting for the customer's authentication is asked about again with its
    // own key (a new charge would be a second payment for the same period); a new method chosen charges anew.
    const waitingKey = !options.methodId && state?.periodEnd?.getTime() === periodEnd.getTime() ? state.waitingKey : null;
    const key = waitingKey ?? renewalKey(id, endIso, attempt, options.methodId);
    // Kept on the billing anchor's day: 31 Jan → 28 Feb → 31 Mar (never 28 Mar), see billing-anchor.ts.
    const nextEnd = nextPeriodEnd(sub.billingAnchor, periodEnd, months, timeZone);
    const perSeat = (pending ? pending.offer.seatPricing : row.seatPricing) === 'per_seat';
    const seats = await seatsOfPeriod(id, sub.userId, { id: offerId, perSeat }, periodEnd, state);
    const result = await payments.chargeOffer({
      userId: sub.userId,
      subscriptionId: id,
      offerId,
      idempotencyKey: key,
      methodId: options.methodId,
      period: { start: periodEnd, end: nextEnd },
      previousPeriodStart: sub.currentPeriodStart,
      seats,
      apply: (tx, payment) => startNextPeriod({ repo, payments }, tx, { row, pending, offerId, periodEnd, nextEnd, seats, payment, now }),
    });
    if (result.ok) return 'renewed';
    // A retry after a card change that fails leaves the schedule of retries as it was.
    if (options.methodId) return 'failed';
    // Waiting for the customer: the first time they are asked to authenticate; after that each due
    // retry only counts (no charge), and the last one ends the subscription as usual.
    const firstWait =
      result.waiting && !waitingKey
        ? {
            paymentId: result.waiting.id,
            key,
            amountCents: result.waiting.amountCents,
            // A payment the provider was never asked for (no card to charge): the customer pays it from the link.
            waitingFor: result.waiting.providerChargeRef ? ('authentication' as const) : ('payment' as const),
          }
        : undefined;
    return failed({ repo, events }, id, periodEnd, attempt, result.code, now, { userId: sub.userId, plan }, firstWait);
  }

  /** The customer authenticated a renewal's payment that waited for them: the renewal completes with that payment's key. */
  async function resumeRenewal(subscriptionId: string): Promise<void> {
    if (!(await repo.claimOne(subscriptionId, leaseSeconds))) throw new Error(`renewal of ${subscriptionId} is held by another run`);
    try {
      await clock.refresh();
      await renewOne(subscriptionId, clock.now());
    } finally {
      await repo.release(subscriptionId);
    }
  }

  /** The scheduled job's run (see `runDueOnce`). */
  const runDue = (options: RunOptions = {}) => runDueOnce({ repo, clock, payments, events, log, leaseSeconds }, renewOne, options);

  return {
    renewOne,
    /** A renewal's returned debit (payments' reverser, in its transaction): back to dunning. */
    reverseRenewal: (tx: Transaction, input: Parameters<typeof reverseRenewal>[2]) => reverseRenewal({ repo, events }, tx, input),
    resumeRenewal,

    runDue,

    /**
     * The test clock's run: what is due at "now" is done when it answers. A seat retry that another
     * worker held when it ran (the members' job's seat look, the scheduled run) is run again once
     * that worker lets go, for at most `HELD_WAIT_MS`. (A renewal the scheduled run took after the
     * clock moved is that run's to finish: its lease cannot be told from one left to expire.)
     */
    async runAllDue(): Promise<RenewalRun> {
      const total: RenewalRun = { renewed: 0, failed: 0, reminded: 0, expired: 0, cancelled: 0 };
      const until = Date.now() + HELD_WAIT_MS;
      for (;;) {
        const { more: _more, busy, ...run } = await runDue({});
        for (const key of Object.keys(total) as (keyof RenewalRun)[]) total[key] += run[key];
        if (busy === 0 || Date.now() > until) return total;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },

    /** A past-due user chose a (new) default card: retry their renewals now with it. */
    async retryNow(userId: string): Promise<void> {
      const ids = await repo.pastDue(userId);
      if (ids.length === 0) return;
      const method = await payments.defaultMethod(userId);
      if (!method) return;
      await clock.refresh();
      for (const id of ids) {
        if (!(await repo.claimOne(id, leaseSeconds))) continue;
        try {
          await renewOne(id, clock.now(), { methodId: method.id });
        } finally {
          await repo.release(id);
        }
      }
    },

    releaseAllLeases: () => repo.releaseAllLeases(),
  };
}

export type RenewalsService = ReturnType<typeof createRenewalsService>;
