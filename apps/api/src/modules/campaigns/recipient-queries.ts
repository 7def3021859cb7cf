import type { CampaignFigures } from '@enlaza/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { dropQueuedDeliveries, queueDeliveries, settleQueuedDeliveries } from '../communications/index.js';
import { campaignRecipients } from './schema.js';
import { SOFT_BOUNCE_DAYS } from './smtp-failures.js';

export type NewRecipient = { id: string; email: string; name: string; profileId: string | null; subject: string };

/** A campaign's figures before it has recipients. */
export const EMPTY_FIGURES: CampaignFigures = {
  recipients: 0,
  pending: 0,
  sent: 0,
  failed: 0,
  bounced: 0,
  skipped: 0,
  opened: 0,
  clicked: 0,
  unsubscribed: 0,
  totalOpens: 0,
  totalClicks: 0,
  machineOpens: 0,
  machineClicks: 0,
};

/** Rows of a query result, whichever driver (node-postgres and PGlite both answer `{ rows }`). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** A campaign's recipients as a whole: writing them at the start, counting them, skipping them on a cancel. */
export function recipientQueries(db: Database) {
  return {
    /** The recipients and their `deliveries` rows (queued: they count against the monthly sends from now on), in chunks. */
    async insertRecipients(tx: Transaction, campaign: { id: string; userId: string }, recipients: NewRecipient[]): Promise<void> {
      for (let i = 0; i < recipients.length; i += 500) {
        const chunk = recipients.slice(i, i + 500);
        await tx
          .insert(campaignRecipients)
          .values(chunk.map((r) => ({ id: r.id, campaignId: campaign.id, email: r.email, name: r.name, profileId: r.profileId })));
        await queueDeliveries(
          tx,
          chunk.map((r) => ({ id: r.id, userId: campaign.userId, kind: 'campaign' as const, toEmail: r.email, subject: r.subject })),
        );
      }
    },

    /** Figures per campaign, unique per recipient. */
    async figures(ids: string[]): Promise<Map<string, CampaignFigures>> {
      const out = new Map<string, CampaignFigures>();
      if (ids.length === 0) return out;
      const rows = await db
        .select({
          campaignId: campaignRecipients.campaignId,
          recipients: sql<number>`count(*)`.mapWith(Number),
          pending: sql<number>`count(*) filter (where ${campaignRecipients.state} = 'pending')`.mapWith(Number),
          sent: sql<number>`count(*) filter (where ${campaignRecipients.state} = 'sent')`.mapWith(Number),
          failed: sql<number>`count(*) filter (where ${campaignRecipients.state} = 'failed')`.mapWith(Number),
          bounced: sql<number>`count(*) filter (where ${campaignRecipients.state} = 'bounced')`.mapWith(Number),
          skipped: sql<number>`count(*) filter (where ${campaignRecipients.state} = 'skipped')`.mapWith(Number),
          opened: sql<number>`count(${campaignRecipients.openedAt})`.mapWith(Number),
          clicked: sql<number>`count(${campaignRecipients.clickedAt})`.mapWith(Number),
          unsubscribed: sql<number>`count(${campaignRecipients.unsubscribedAt})`.mapWith(Number),
          totalOpens: sql<number>`coalesce(sum(${campaignRecipients.opens}), 0)`.mapWith(Number),
          totalClicks: sql<number>`coalesce(sum(${campaignRecipients.clicks}), 0)`.mapWith(Number),
          machineOpens: sql<number>`coalesce(sum(${campaignRecipients.machineOpens}), 0)`.mapWith(Number),
          machineClicks: sql<number>`coalesce(sum(${campaignRecipients.machineClicks}), 0)`.mapWith(Number),
        })
        .from(campaignRecipients)
        .where(inArray(campaignRecipients.campaignId, ids))
        .groupBy(campaignRecipients.campaignId);
      for (const id of ids) out.set(id, { ...EMPTY_FIGURES });
      for (const { campaignId, ...figures } of rows) out.set(campaignId, figures);
      return out;
    },

    /** How many rows are still pending, and when the earliest held one becomes claimable. */
    async pendingInfo(campaignId: string): Promise<{ pending: number; nextAt: Date | null }> {
      const [row] = await db
        .select({
          pending: sql<number>`count(*)`.mapWith(Number),
          nextAt: sql<number | null>`(extract(epoch from min(${campaignRecipients.leaseUntil})) * 1000)::float8`,
        })
        .from(campaignRecipients)
        .where(and(eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.state, 'pending')));
      return {
        pending: row?.pending ?? 0,
        nextAt: row?.nextAt === null || row?.nextAt === undefined ? null : new Date(Number(row.nextAt)),
      };
    },

    async stateCounts(tx: Transaction, campaignId: string): Promise<{ pending: number; sent: number; failed: number; bounced: number }> {
      const [row] = await tx
        .select({
          pending: sql<number>`count(*) filter (where ${campaignRecipients.state} = 'pending')`.mapWith(Number),
          sent: sql<number>`count(*) filter (where ${campaignRecipients.state} = 'sent')`.mapWith(Number),
          failed: sql<number>`count(*) filter (where ${campaignRecipients.state} = 'failed')`.mapWith(Number),
          bounced: sql<number>`count(*) filter (where ${campaignRecipients.state} = 'bounced')`.mapWith(Number),
        })
        .from(campaignRecipients)
        .where(eq(campaignRecipients.campaignId, campaignId));
      return row ?? { pending: 0, sent: 0, failed: 0, bounced: 0 };
    },

    /**
     * Cancelling: the pending rows no sending run holds (never claimed, given back, or waiting for a
     * retry) are skipped and their queued deliveries removed (they no longer count). A row a run holds
     * may be on its way to the SMTP server: it is left to that run, which sends it (it then counts and
     * is in Comunicaciones like any sent email) or gives it back; answers how many are held and until when.
     */
    async skipPending(tx: Transaction, campaignId: string): Promise<{ count: number; until: number | null }> {
      const free = sql`${campaignRecipients.campaignId} = ${campaignId} and ${campaignRecipients.state} = 'pending'
        and (${campaignRecipients.leaseUntil} is null or ${campaignRecipients.leaseUntil} <= now() or ${campaignRecipients.error} is not null)`;
      await dropQueuedDeliveries(tx, tx.select({ id: campaignRecipients.id }).from(campaignRecipients).where(free));
      await tx.update(campaignRecipients).set({ state: 'skipped', leaseUntil: null }).where(free);
      const [held] = rowsOf<{ count: number; until: number | null }>(
        await tx.execute(sql`select count(*)::int as count, (extract(epoch from max(lease_until)) * 1000)::float8 as until
          from campaign_recipients where campaign_id = ${campaignId} and state = 'pending'`),
      );
      return { count: held?.count ?? 0, until: held?.until === null || held?.until === undefined ? null : Number(held.until) };
    },

    /** Brings the Comunicaciones rows in line with the recipients (after a crash between the two updates). */
    async reconcileDeliveries(tx: Transaction, campaignId: string): Promise<void> {
      await settleQueuedDeliveries(
        tx,
        sql`select r.id, r.state as status, r.sent_at, r.error from ${campaignRecipients} r
          where r.campaign_id = ${campaignId} and r.state in ('sent', 'failed', 'bounced')`,
      );
    },

    /** Soft bounces of an address by the owner's campaigns started within SOFT_BOUNCE_DAYS (this one's included). */
    async recentSoftBounces(ownerId: string, email: string, tx: Database | Transaction = db): Promise<number> {
      const result = await tx.execute(sql`
        select count(*)::int as n from campaign_recipients r join campaigns c on c.id = r.campaign_id
        where c.user_id = ${ownerId} and r.email = ${email} and r.bounce = 'soft'
          and c.started_at > now() - make_interval(days => ${SOFT_BOUNCE_DAYS})`);
      return Number(rowsOf<{ n: number | string }>(result)[0]?.n ?? 0);
    },
  };
}
