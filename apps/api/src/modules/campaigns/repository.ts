import type { AudienceSelector, CampaignFigures, CampaignState } from '@enlaza/contracts';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { trashQueries } from '../../platform/trash-sql.js';
import { publicIdentity } from '../account/index.js';
import {
  dropQueuedDeliveries,
  markDeliveriesSent,
  queueDeliveries,
  setDeliveryStatus,
  settleQueuedDeliveries,
} from '../communications/index.js';
import { campaignRecipients, campaigns } from './schema.js';
import { SOFT_BOUNCE_DAYS } from './smtp-failures.js';

export type CampaignRow = typeof campaigns.$inferSelect;
export type ClaimedRecipient = { id: string; email: string; name: string; profileId: string | null; attempts: number };
export type NewRecipient = { id: string; email: string; name: string; profileId: string | null; subject: string };

const EMPTY_FIGURES: CampaignFigures = {
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

export function createCampaignsRepository(db: Database) {
  const owned = (userId: string, id: string) => and(eq(campaigns.id, id), eq(campaigns.userId, userId));

  return {
    db,

    async list(userId: string, state?: CampaignState, limit = 500): Promise<CampaignRow[]> {
      return db
        .select()
        .from(campaigns)
        .where(and(eq(campaigns.userId, userId), isNull(campaigns.deletedAt), state ? eq(campaigns.state, state) : undefined))
        .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
        .limit(limit);
    },

    async find(userId: string, id: string): Promise<CampaignRow | undefined> {
      const [row] = await db
        .select()
        .from(campaigns)
        .where(and(owned(userId, id), isNull(campaigns.deletedAt)));
      return row;
    },

    /** Any owner's live campaign (the sender and the scheduled start). */
    async findById(id: string, tx: Database | Transaction = db): Promise<CampaignRow | undefined> {
      const [row] = await tx
        .select()
        .from(campaigns)
        .where(and(eq(campaigns.id, id), isNull(campaigns.deletedAt)));
      return row;
    },

    async insert(
      userId: string,
      values: { name: string; templateId: string | null; templateName: string | null; audience: AudienceSelector },
    ): Promise<CampaignRow> {
      const [row] = await db
        .insert(campaigns)
        .values({ userId, ...values })
        .returning();
      return row!;
    },

    /** Edits a draft or a scheduled campaign (which goes back to draft). */
    async updateDraft(
      userId: string,
      id: string,
      values: { name: string; templateId: string | null; templateName: string | null; audience: AudienceSelector },
    ): Promise<CampaignRow | undefined> {
      const [row] = await db
        .update(campaigns)
        .set({
          ...values,
          state: 'draft',
          scheduledAt: null,
          subject: null,
          bodyHtml: null,
          bodyText: null,
          sender: null,
          error: null,
          updatedAt: sql`now()`,
        })
        .where(and(owned(userId, id), isNull(campaigns.deletedAt), inArray(campaigns.state, ['draft', 'scheduled', 'failed'])))
        .returning();
      return row;
    },

    /** Moves a campaign between states; answers the row only when it was in one of `from`. */
    async transition(
      id: string,
      from: CampaignState[],
      to: CampaignState,
      extra: Partial<typeof campaigns.$inferInsert> = {},
      tx: Database | Transaction = db,
    ): Promise<CampaignRow | undefined> {
      const [row] = await tx
        .update(campaigns)
        .set({ ...extra, state: to, updatedAt: sql`now()` })
        .where(and(eq(campaigns.id, id), isNull(campaigns.deletedAt), inArray(campaigns.state, from)))
        .returning();
      return row;
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

    /** Soft bounces of an address by the owner's campaigns started within SOFT_BOUNCE_DAYS (this one's included). */
    async recentSoftBounces(ownerId: string, email: string, tx: Database | Transaction = db): Promise<number> {
      const result = await tx.execute(sql`
        select count(*)::int as n from campaign_recipients r join campaigns c on c.id = r.campaign_id
        where c.user_id = ${ownerId} and r.email = ${email} and r.bounce = 'soft'
          and c.started_at > now() - make_interval(days => ${SOFT_BOUNCE_DAYS})`);
      return Number(rowsOf<{ n: number | string }>(result)[0]?.n ?? 0);
    },

    /** The Comunicaciones rows of messages just accepted, in one statement. */
    async deliveriesSent(ids: string[], status: 'sent' | 'logged'): Promise<void> {
      await markDeliveriesSent(db, ids, status);
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

    async ownerInfo(userId: string): Promise<{ alias: string; locale: string; role: 'admin' | 'user' }> {
      return publicIdentity(db, userId);
    },

    /** On PGlite one process owns the data: leases left by a process that died are free at once. */
    async releaseAllLeases(): Promise<void> {
      await db.execute(
        sql`update campaign_recipients set lease_until = null where state = 'pending' and lease_until is not null and attempts > 0 and error is null`,
      );
    },

    // --- tracking ---------------------------------------------------------------------------

    async recipientOwner(id: string): Promise<{ id: string; email: string; userId: string; campaignId: string } | undefined> {
      const [row] = await db
        .select({ id: campaignRecipients.id, email: campaignRecipients.email, userId: campaigns.userId, campaignId: campaigns.id })
        .from(campaignRecipients)
        .innerJoin(campaigns, eq(campaigns.id, campaignRecipients.campaignId))
        .where(eq(campaignRecipients.id, id));
      return row;
    },

    /** A recipient as their email was rendered (the "view in browser" page). */
    async recipientForView(
      id: string,
    ): Promise<{ id: string; email: string; name: string; profileId: string | null; campaignId: string } | undefined> {
      const [row] = await db
        .select({
          id: campaignRecipients.id,
          email: campaignRecipients.email,
          name: campaignRecipients.name,
          profileId: campaignRecipients.profileId,
          campaignId: campaignRecipients.campaignId,
        })
        .from(campaignRecipients)
        .where(eq(campaignRecipients.id, id));
      return row;
    },

    /** A machine fetched the pixel or a link (a scanner, a preview): counted apart, never as a person's. */
    async recordMachineFetch(id: string, what: 'open' | 'click'): Promise<void> {
      await db.execute(
        what === 'open'
          ? sql`update campaign_recipients set machine_opens = machine_opens + 1 where id = ${id}`
          : sql`update campaign_recipients set machine_clicks = machine_clicks + 1 where id = ${id}`,
      );
    },

    async recordOpen(id: string): Promise<void> {
      await db.execute(sql`update campaign_recipients set opens = opens + 1, opened_at = coalesce(opened_at, now()) where id = ${id}`);
    },

    /** A click implies the email was opened (images are often blocked). */
    async recordClick(id: string): Promise<void> {
      await db.execute(
        sql`update campaign_recipients set clicks = clicks + 1, clicked_at = coalesce(clicked_at, now()), opened_at = coalesce(opened_at, now()) where id = ${id}`,
      );
    },

    async recordUnsubscribe(tx: Transaction, id: string): Promise<void> {
      await tx.execute(sql`update campaign_recipients set unsubscribed_at = coalesce(unsubscribed_at, now()) where id = ${id}`);
    },

    /** Rows a bounce or complaint report names: by Message-ID, or the address's emails of the last 30 days. */
    async reportTargets(email: string, recipientId: string | null): Promise<{ id: string; userId: string }[]> {
      const rows = await db
        .select({ id: campaignRecipients.id, userId: campaigns.userId, email: campaignRecipients.email })
        .from(campaignRecipients)
        .innerJoin(campaigns, eq(campaigns.id, campaignRecipients.campaignId))
        .where(
          recipientId
            ? eq(campaignRecipients.id, recipientId)
            : and(
                eq(campaignRecipients.email, email.toLowerCase()),
                eq(campaignRecipients.state, 'sent'),
                sql`${campaignRecipients.sentAt} > now() - interval '30 days'`,
              ),
        );
      return rows.filter((r) => r.email === email.toLowerCase()).map(({ id, userId }) => ({ id, userId }));
    },

    /**
     * A bounce reported after the message left (a DSN, a provider): the row becomes `bounced` with
     * its kind and the server's words; answers false when it already was (a report delivered twice).
     * A complaint is dated once.
     */
    async markReported(
      tx: Transaction,
      id: string,
      type: 'bounce' | 'complaint',
      bounce: 'hard' | 'soft' = 'hard',
      detail = 'bounce reported by the mail provider',
    ): Promise<boolean> {
      if (type === 'bounce') {
        const changed = rowsOf<{ id: string }>(
          await tx.execute(
            sql`update campaign_recipients set state = 'bounced', bounce = ${bounce}, error = ${detail}, lease_until = null
                where id = ${id} and state in ('sent', 'pending') returning id`,
          ),
        );
        if (changed.length === 0) return false;
        await setDeliveryStatus(tx, id, 'bounced', detail);
        return true;
      }
      const changed = rowsOf<{ id: string }>(
        await tx.execute(sql`update campaign_recipients set complained_at = now() where id = ${id} and complained_at is null returning id`),
      );
      return changed.length > 0;
    },

    /**
     * Takes a webhook's one-time token: true the first time, false when it was taken within
     * `keepHours` (older ones are deleted on the way).
     */
    async takeWebhookToken(provider: string, token: string, keepHours: number): Promise<boolean> {
      await db.execute(sql`delete from webhook_tokens where seen_at < now() - make_interval(hours => ${keepHours})`);
      const taken = rowsOf<{ token: string }>(
        await db.execute(
          sql`insert into webhook_tokens (provider, token) values (${provider}, ${token}) on conflict (provider, token) do nothing returning token`,
        ),
      );
      return taken.length === 1;
    },

    /** Gives a token back when applying its request failed: the provider's retry must be taken. */
    async releaseWebhookToken(provider: string, token: string): Promise<void> {
      await db.execute(sql`delete from webhook_tokens where provider = ${provider} and token = ${token}`);
    },

    // --- trash ------------------------------------------------------------------------------

    async softDelete(userId: string, id: string): Promise<CampaignRow | undefined> {
      const [row] = await db
        .update(campaigns)
        .set({
          deletedAt: sql`now()`,
          state: sql<CampaignState>`case when ${campaigns.state} = 'scheduled' then 'draft' else ${campaigns.state} end`,
          scheduledAt: null,
        })
        .where(
          and(
            owned(userId, id),
            isNull(campaigns.deletedAt),
            inArray(campaigns.state, ['draft', 'scheduled', 'sent', 'cancelled', 'failed']),
          ),
        )
        .returning();
      return row;
    },

    /** The trash's queries (platform/trash-sql.ts). */
    trash: trashQueries(db, campaigns),
  };
}

export type CampaignsRepository = ReturnType<typeof createCampaignsRepository>;
