import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { EventBus } from '../../platform/events.js';

/**
 * The complaint-rate watch. Gmail's and Yahoo's bulk-sender rules (2024) ask senders to keep the
 * rate of messages their recipients report as spam below 0.3 %; above it their mail goes to spam or
 * is refused, for every customer who sends through the same servers. So each owner's rate is
 * watched: complaints (feedback-loop reports, provider webhooks, ARF reports to the inbound
 * listener) over the messages their campaigns had accepted, within the last COMPLAINT_WINDOW_DAYS.
 *
 * Above the limit — and with at least COMPLAINT_MIN complaints, so that one person of a small list
 * is not a "rate" — the owner's sending campaigns are paused (the campaign page and a notification
 * say why) and no campaign of theirs starts, is scheduled or resumes until the rate is back under
 * the limit, which happens as the window moves on.
 */
export const COMPLAINT_RATE_LIMIT = 0.003;
export const COMPLAINT_WINDOW_DAYS = 30;
export const COMPLAINT_MIN = 3;

/** The error a paused campaign keeps (its page shows it translated) and the one a refused start answers. */
export const PAUSED_FOR_COMPLAINTS = 'campaign.paused_complaints' as const;

export type ComplaintStanding = { complaints: number; sent: number; rate: number; over: boolean };

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** A rate as people read it: "0.45 %" (two decimals, the limit's scale). */
export const percent = (rate: number) => `${(rate * 100).toFixed(2)} %`;

/** The owner's complaints and accepted messages of the window, and whether the rate is over the limit. */
export async function complaintStanding(db: Database | Transaction, ownerId: string): Promise<ComplaintStanding> {
  const [row] = rowsOf<{ complaints: number | string; sent: number | string }>(
    await db.execute(sql`
      select count(*) filter (where r.complained_at > now() - make_interval(days => ${COMPLAINT_WINDOW_DAYS}))::int as complaints,
             count(*) filter (where r.sent_at > now() - make_interval(days => ${COMPLAINT_WINDOW_DAYS}))::int as sent
      from campaign_recipients r join campaigns c on c.id = r.campaign_id
      where c.user_id = ${ownerId}
        and (r.complained_at > now() - make_interval(days => ${COMPLAINT_WINDOW_DAYS})
          or r.sent_at > now() - make_interval(days => ${COMPLAINT_WINDOW_DAYS}))`),
  );
  const complaints = Number(row?.complaints ?? 0);
  const sent = Number(row?.sent ?? 0);
  const rate = sent > 0 ? complaints / sent : complaints > 0 ? 1 : 0;
  return { complaints, sent, rate, over: complaints >= COMPLAINT_MIN && rate > COMPLAINT_RATE_LIMIT };
}

const reasonOf = (s: ComplaintStanding) => ({
  code: PAUSED_FOR_COMPLAINTS,
  params: {
    rate: percent(s.rate),
    limit: percent(COMPLAINT_RATE_LIMIT),
    complaints: s.complaints,
    sent: s.sent,
    days: COMPLAINT_WINDOW_DAYS,
  },
});

/** Refuses a start, a schedule or a resume while the owner's rate is over the limit (409, with the figures). */
export async function requireComplaintRateOk(db: Database | Transaction, ownerId: string): Promise<void> {
  const standing = await complaintStanding(db, ownerId);
  if (standing.over) {
    const { code, params } = reasonOf(standing);
    throw new AppError(code, params);
  }
}

/**
 * After complaints were recorded for `ownerId` (in `tx`): over the limit, the owner's sending
 * campaigns are paused with the reason and `campaigns.paused` is published with the pause (the
 * owner's notification follows it once per set of campaigns paused). Answers the campaigns paused.
 */
export async function pauseIfOverComplaintLimit(tx: Transaction, events: Pick<EventBus, 'publish'>, ownerId: string): Promise<string[]> {
  const standing = await complaintStanding(tx, ownerId);
  if (!standing.over) return [];
  const reason = reasonOf(standing);
  const paused = rowsOf<{ id: string; name: string }>(
    await tx.execute(sql`
      update campaigns set state = 'paused', error = ${JSON.stringify(reason)}::jsonb, updated_at = now()
      where user_id = ${ownerId} and state = 'sending' and deleted_at is null
      returning id, name`),
  );
  if (paused.length > 0)
    await events.publish(
      'campaigns.paused',
      { userId: ownerId, campaigns: paused, rate: reason.params.rate, limit: reason.params.limit, complaints: standing.complaints },
      tx,
    );
  return paused.map((c) => c.id);
}
