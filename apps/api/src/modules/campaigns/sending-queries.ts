import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { markDeliveriesSent, setDeliveryStatus } from '../communications/index.js';
import { campaignRecipients } from './schema.js';

export type ClaimedRecipient = { id: string; email: string; name: string; profileId: string | null; attempts: number };

/** Rows of a query result, whichever driver (node-postgres and PGlite both answer `{ rows }`). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The sender's hold on recipient rows: claims and leases, then each row's outcome. */
export function sendingQueries(db: Database) {
  return {
    /**
     * Claims up to `limit` pending rows nobody holds: FOR UPDATE SKIP LOCKED makes two claimants take
     * different rows, and the lease keeps them taken while they are sent. A claimed row has no `error`
     * (a row waiting for its retry has one): that is how cancel tells the rows a run holds.
     */
    async claim(campaignId: string, limit: number, leaseSeconds: number): Promise<ClaimedRecipient[]> {
      const result = await db.execute(sql`
        update campaign_recipients set lease_until = now() + make_interval(secs => ${leaseSeconds}), attempts = attempts + 1, error = null
        where id in (
          select id from campaign_recipients
          where campaign_id = ${campaignId} and state = 'pending' and (lease_until is null or lease_until < now())
          order by id limit ${limit}
          for update skip locked
        )
        returning id, email, name, profile_id as "profileId", attempts`);
      return rowsOf<ClaimedRecipient>(result);
    },

    /**
     * Right before a send: keeps the row for `seconds` if this claim still holds it. `attempts`, set by
     * the claim, is the fencing token — a run whose lease ran out while the row waited in its batch
     * finds it taken by another run (attempts moved on) and skips it instead of sending it twice.
     */
    async hold(id: string, attempts: number, seconds: number): Promise<boolean> {
      const result = await db.execute(sql`
        update campaign_recipients set lease_until = now() + make_interval(secs => ${seconds})
        where id = ${id} and state = 'pending' and attempts = ${attempts}
        returning id`);
      return rowsOf<{ id: string }>(result).length === 1;
    },

    /**
     * Accepted messages marked `sent` in one short statement (the crash window; the sender's group
     * commit: the rows named together had their 250 while the previous mark was being written). Each
     * row's Message-ID is `<id@domain>`.
     */
    async markSentMany(ids: string[], domain: string): Promise<void> {
      if (ids.length === 0) return;
      await db.execute(
        sql`update campaign_recipients set state = 'sent', sent_at = now(), message_id = '<' || id::text || ${`@${domain}>`}, lease_until = null, error = null
          where id in (select unnest(${`{${ids.join(',')}}`}::uuid[]))`,
      );
    },

    /** Claimed rows a paused run did not start: claimable again at once. */
    async releaseLeases(ids: string[]): Promise<void> {
      if (ids.length)
        await db
          .update(campaignRecipients)
          .set({ leaseUntil: null, attempts: sql`greatest(${campaignRecipients.attempts} - 1, 0)` })
          .where(and(inArray(campaignRecipients.id, ids), eq(campaignRecipients.state, 'pending')));
    },

    /** A temporary failure: pending again, not claimable before `delaySeconds`. */
    async markRetry(id: string, error: string, delaySeconds: number): Promise<void> {
      await db.execute(
        sql`update campaign_recipients set lease_until = now() + make_interval(secs => ${delaySeconds}), error = ${error} where id = ${id} and state = 'pending'`,
      );
    },

    async markSettled(id: string, state: 'failed' | 'bounced', error: string, bounce: 'hard' | 'soft' | null = null): Promise<void> {
      await db.execute(
        sql`update campaign_recipients set state = ${state}, lease_until = null, error = ${error}, bounce = ${bounce} where id = ${id}`,
      );
      await setDeliveryStatus(db, id, state, error);
    },

    /** The Comunicaciones rows of messages just accepted, in one statement. */
    async deliveriesSent(ids: string[], status: 'sent' | 'logged'): Promise<void> {
      await markDeliveriesSent(db, ids, status);
    },

    /** On PGlite one process owns the data: leases left by a process that died are free at once. */
    async releaseAllLeases(): Promise<void> {
      await db.execute(
        sql`update campaign_recipients set lease_until = null where state = 'pending' and lease_until is not null and attempts > 0 and error is null`,
      );
    },
  };
}
