import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { EventBus } from '../../platform/events.js';
import type { CampaignRow } from './repository.js';
import { campaignRecipients, campaigns } from './schema.js';
import type { StallKind } from './smtp-failures.js';

/** What a stalled campaign keeps in its `error` column while it sends (translated when answered). */
export const STALLED = 'campaign.stalled';
export type StallParams = { kind: StallKind | 'unknown'; detail: string; since: string };
export type Problem = { kind: StallKind; detail: string };

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export const isStalled = (campaign: Pick<CampaignRow, 'error'>) => campaign.error?.code === STALLED;

/** The stall of a campaign that is sending or paused, or null. */
export function stallOf(campaign: Pick<CampaignRow, 'error' | 'state'>): StallParams | null {
  if (!isStalled(campaign) || (campaign.state !== 'sending' && campaign.state !== 'paused')) return null;
  return campaign.error!.params as StallParams;
}

/**
 * The stall watch. A sending campaign whose SMTP server has accepted none of its emails for
 * `stallMs` — counted from its last accepted email, or from when the current chain of sending runs
 * began or last settled a recipient (`floor`), whichever is later — is stalled: the reason goes into
 * the campaign's `error` (its page shows it) and its owner is notified, once per stall (the update
 * that marks it is conditional, and the notification commits with it). The first accepted email
 * clears it; a resume or the end of the campaign does too.
 */
export function createStallWatch(deps: { db: Database; events: Pick<EventBus, 'publish'>; stallMs: number }) {
  const { db, stallMs } = deps;

  async function lastSentAt(campaignId: string): Promise<number> {
    const [row] = rowsOf<{ at: number | null }>(
      await db.execute(
        sql`select (extract(epoch from max(sent_at)) * 1000)::float8 as at from ${campaignRecipients} where campaign_id = ${campaignId}`,
      ),
    );
    return row?.at === null || row?.at === undefined ? 0 : Number(row.at);
  }

  /** The error a recipient waiting for its retry got (a 4xx answer), when the run itself saw none. */
  async function waitingProblem(campaignId: string): Promise<Problem | null> {
    const [row] = await db
      .select({ error: campaignRecipients.error })
      .from(campaignRecipients)
      .where(and(eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.state, 'pending'), sql`error is not null`))
      .limit(1);
    return row?.error ? { kind: 'deferred', detail: row.error.slice(0, 300) } : null;
  }

  return {
    stallMs,

    /** Records the stall (and publishes `campaign.stalled`) when `campaign` has gone `stallMs` without progress; answers whether it is stalled. */
    async check(campaign: CampaignRow, floor: number, problem: Problem | null): Promise<boolean> {
      if (isStalled(campaign)) return true;
      const last = Math.max(floor, await lastSentAt(campaign.id));
      if (Date.now() - last < stallMs) return false;
      const reason = problem ?? (await waitingProblem(campaign.id));
      const params: StallParams = { kind: reason?.kind ?? 'unknown', detail: reason?.detail ?? '', since: new Date(last).toISOString() };
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(campaigns)
          .set({ error: { code: STALLED, params } })
          .where(
            and(
              eq(campaigns.id, campaign.id),
              eq(campaigns.state, 'sending'),
              sql`(${campaigns.error} is null or ${campaigns.error}->>'code' <> ${STALLED})`,
            ),
          )
          .returning({ id: campaigns.id, userId: campaigns.userId, name: campaigns.name });
        if (!row) return false;
        await deps.events.publish(
          'campaign.stalled',
          { campaignId: row.id, userId: row.userId, campaignName: row.name, since: params.since, kind: params.kind, detail: params.detail },
          tx,
        );
        return true;
      });
    },

    /** Progress again: the stall note goes (a no-op on a campaign that is not stalled). */
    async clear(campaignId: string): Promise<void> {
      await db
        .update(campaigns)
        .set({ error: null })
        .where(and(eq(campaigns.id, campaignId), sql`${campaigns.error}->>'code' = ${STALLED}`));
    },
  };
}

export type StallWatch = ReturnType<typeof createStallWatch>;
