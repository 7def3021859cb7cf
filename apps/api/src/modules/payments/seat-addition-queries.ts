import { and, asc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { subscriptionRowPiece } from '../subscriptions/index.js';
import { seatAdditions } from './schema.js';

type Db = Database | Transaction;
export type SeatAdditionRow = typeof seatAdditions.$inferSelect;
/** A failed seat addition as it is retried: the period (its end), the seats, from when, the failures so far and the next try. */
export type FailedSeatAddition = Pick<SeatAdditionRow, 'periodEnd' | 'seats' | 'chargedFrom' | 'attempt' | 'failedSince' | 'nextAttemptAt'>;

const NOTHING_FAILED = { periodEnd: null, seats: null, chargedFrom: null, attempt: 0, failedSince: null, nextAttemptAt: null };

/** Seat additions' state per subscription (schema.ts `seatAdditions`): the run's lease and the failed addition being retried. */
export function seatAdditionQueries(db: Database) {
  return {
    /** Takes the subscription's seat additions for `leaseSeconds` (real time) unless a live lease holds them. */
    async claimSeats(subscriptionId: string, leaseSeconds: number): Promise<boolean> {
      const result = await db.execute(sql`
        insert into ${seatAdditions} (subscription_id, lease_until) values (${subscriptionId}, now() + make_interval(secs => ${leaseSeconds}))
        on conflict (subscription_id) do update set lease_until = excluded.lease_until, updated_at = now()
          where ${seatAdditions}.lease_until is null or ${seatAdditions}.lease_until < now()
        returning subscription_id`);
      return result.rows.length > 0;
    },

    async releaseSeats(subscriptionId: string) {
      await db.update(seatAdditions).set({ leaseUntil: null }).where(eq(seatAdditions.subscriptionId, subscriptionId));
    },

    /** The failed addition of the subscription being retried, if any. */
    async failedSeatAddition(subscriptionId: string, q: Db = db) {
      const [row] = await q
        .select()
        .from(seatAdditions)
        .where(and(eq(seatAdditions.subscriptionId, subscriptionId), isNotNull(seatAdditions.periodEnd)));
      return row;
    },

    /** Failed additions whose next retry is due by `now` (product time), oldest first, with their subscription's customer. */
    async dueSeatRetries(now: Date, limit: number) {
      const subscription = subscriptionRowPiece('retried_seats');
      return db
        .select({ subscriptionId: seatAdditions.subscriptionId, userId: subscription.userId })
        .from(seatAdditions)
        .innerJoin(subscription, eq(subscription.id, seatAdditions.subscriptionId))
        .where(lte(seatAdditions.nextAttemptAt, now))
        .orderBy(asc(seatAdditions.nextAttemptAt))
        .limit(limit);
    },

    /** Stores the failed addition (the next retry) in the failure's transaction. */
    async recordSeatFailure(tx: Transaction, subscriptionId: string, failed: FailedSeatAddition) {
      await tx
        .insert(seatAdditions)
        .values({ subscriptionId, ...failed })
        .onConflictDoUpdate({ target: seatAdditions.subscriptionId, set: { ...failed, updatedAt: new Date() } });
    },

    /** Nothing left to retry (paid, renewed or ended), in that change's transaction. */
    async clearSeatFailure(tx: Transaction, subscriptionId: string) {
      await tx
        .update(seatAdditions)
        .set({ ...NOTHING_FAILED, updatedAt: new Date() })
        .where(eq(seatAdditions.subscriptionId, subscriptionId));
    },
  };
}
