import type {
  AdminCancelSubscription,
  AdminExtendSubscription,
  AdminSubscriptionDetail,
  AdminSubscriptionListQuery,
  AdminSubscriptionSummary,
  Locale,
} from '@enlaza/contracts';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor.js';
import type { Actor } from '../../platform/actor.js';
import type { RequestOrigin } from '../../lib/request-context.js';
import type { EventBus } from '../../platform/events.js';
import type { AdminSubscriptionRow, AdminSubscriptionsRepository } from './admin-repository.js';
import { listSubscriptionEvents, recordSubscriptionEvent } from './history.js';

const RUNNING = new Set(['trialing', 'active', 'past_due']);
const DAY = 86_400_000;

/** What the detail needs from the payments and invoices modules (their index's queries). */
export type BillingViews = {
  /** A subscription's payments, each with its latest dispute. */
  paymentsOf(subscriptionId: string): Promise<AdminSubscriptionDetail['payments']>;
  invoicesOf(paymentIds: string[]): Promise<{ id: string; number: string; issuedAt: string; totalCents: number; kind: string }[]>;
};

type Deps = {
  db: Database;
  repo: AdminSubscriptionsRepository;
  events: Pick<EventBus, 'publish'>;
  billing: BillingViews;
  /** The product's clock (the sandbox test clock when it runs): the time of the admin's changes. */
  now: () => Date;
};

function toSummary(row: AdminSubscriptionRow): AdminSubscriptionSummary {
  const s = row.subscription;
  return {
    id: s.id,
    user: row.user,
    plan: row.plan,
    period: row.periodCode ? { code: row.periodCode, name: row.periodName ?? row.periodCode, months: row.periodMonths ?? 1 } : null,
    status: s.status,
    currentPeriodStart: s.currentPeriodStart.toISOString(),
    currentPeriodEnd: s.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    priceCents: row.priceCents ?? null,
    seats: s.seats,
    createdAt: s.createdAt.toISOString(),
  };
}

/** Suscripcions (PRODUCT.md section 7): list, detail, cancel, extend; every change in the history and the audit log. */
export function createAdminSubscriptionsService({ db, repo, events, billing, now }: Deps) {
  async function detail(id: string, locale: Locale): Promise<AdminSubscriptionDetail> {
    const row = await repo.find(id, locale);
    if (!row) throw new AppError('record.not_found');
    const [history, payments] = await Promise.all([listSubscriptionEvents(db, id), billing.paymentsOf(id)]);
    const invoices = await billing.invoicesOf(payments.map((p) => p.id));
    return { ...toSummary(row), history, payments, invoices };
  }

  /** Locks a running paid subscription for an admin change, or refuses (404 unknown, 409 ended or Free). */
  async function lockChangeable(tx: Parameters<Parameters<AdminSubscriptionsRepository['transaction']>[0]>[0], id: string) {
    const locked = await repo.lock(tx, id);
    if (!locked) throw new AppError('record.not_found');
    if (!RUNNING.has(locked.subscription.status)) throw new AppError('subscription.not_running');
    if (locked.isFree || !locked.subscription.currentPeriodEnd) throw new AppError('subscription.free_plan');
    return { ...locked.subscription, currentPeriodEnd: locked.subscription.currentPeriodEnd };
  }

  return {
    async list(query: AdminSubscriptionListQuery, locale: Locale) {
      const rows = await repo.list(
        { status: query.status, plan: query.plan, period: query.period, q: query.q },
        decodeCursor(query.before, 'before'),
        query.limit,
        locale,
      );
      const shown = rows.slice(0, query.limit);
      const last = shown.at(-1);
      return {
        data: shown.map(toSummary),
        nextCursor: rows.length > query.limit && last ? encodeCursor({ createdAt: last.createdAtText, id: last.subscription.id }) : null,
      };
    },

    detail,

    /**
     * Now: the subscription ends (`cancelled`) and the customer falls back to the Free plan's limits;
     * nothing of theirs is deleted. At period end: it is marked to end when the period does.
     */
    async cancel(admin: Actor, id: string, body: AdminCancelSubscription, origin: RequestOrigin, locale: Locale) {
      await repo.transaction(async (tx) => {
        const before = await lockChangeable(tx, id);
        const after = body.atPeriodEnd
          ? { status: before.status, cancelAtPeriodEnd: true }
          : { status: 'cancelled' as const, cancelAtPeriodEnd: false };
        await repo.update(tx, id, after);
        const at = now();
        await recordSubscriptionEvent(tx, {
          subscriptionId: id,
          kind: body.atPeriodEnd ? 'cancel_scheduled' : 'cancelled',
          detail: { reason: body.reason, atPeriodEnd: body.atPeriodEnd },
          actorId: admin.id,
          at,
        });
        // The admin history's event commits with the change, dated by the same clock.
        await events.publish(
          'admin.subscription_cancelled',
          {
            userId: before.userId,
            actorId: admin.id,
            origin,
            target: { type: 'subscription', id },
            before: { status: before.status, cancelAtPeriodEnd: before.cancelAtPeriodEnd },
            after: { ...after, reason: body.reason },
            at: at.toISOString(),
          },
          tx,
        );
        // Ended now: the customer is told (at the period end, renewals tell them when it comes).
        if (!body.atPeriodEnd)
          await events.publish(
            'subscription.ended',
            { subscriptionId: id, userId: before.userId, endedAt: at.toISOString(), reason: 'admin' },
            tx,
          );
      });
      return detail(id, locale);
    },

    /**
     * Moves the end of the running period N days later (the next renewal with it): the new end is the
     * billing anchor from then on, so the periods after it keep its day of the month.
     */
    async extend(admin: Actor, id: string, body: AdminExtendSubscription, origin: RequestOrigin, locale: Locale) {
      await repo.transaction(async (tx) => {
        const before = await lockChangeable(tx, id);
        const end = new Date(before.currentPeriodEnd.getTime() + body.days * DAY);
        await repo.update(tx, id, { currentPeriodEnd: end, billingAnchor: end });
        const at = now();
        await recordSubscriptionEvent(tx, {
          subscriptionId: id,
          kind: 'extended',
          detail: { days: body.days, reason: body.reason, periodEnd: end.toISOString() },
          actorId: admin.id,
          at,
        });
        await events.publish(
          'admin.subscription_extended',
          {
            userId: before.userId,
            actorId: admin.id,
            origin,
            target: { type: 'subscription', id },
            before: { currentPeriodEnd: before.currentPeriodEnd.toISOString() },
            after: { currentPeriodEnd: end.toISOString(), days: body.days, reason: body.reason },
            at: at.toISOString(),
          },
          tx,
        );
      });
      return detail(id, locale);
    },
  };
}

export type AdminSubscriptionsService = ReturnType<typeof createAdminSubscriptionsService>;
