import { sql, type SQL } from 'drizzle-orm';
import type { SegmentSignals } from '../audience/index.js';
import type { Clock } from '../../platform/clock.js';
import { campaignRecipients, campaigns } from './schema.js';

/**
 * The addresses (lower-cased, as the recipients are written) that opened or clicked an email of the
 * owner — any of their campaigns and automation steps, or the one named — since a time or ever: a
 * segment's engagement condition reads it as a set (audience/segment-sql.ts). Machine opens and
 * clicks (scanners, previews) are not people's and do not count: `opened_at`/`clicked_at` are people's.
 */
export function engagedAddresses(q: { ownerId: string; event: 'opened' | 'clicked'; since: Date | null; emailId: string | null }): SQL {
  const at = q.event === 'opened' ? sql`r.opened_at` : sql`r.clicked_at`;
  const when = q.since === null ? sql`${at} is not null` : sql`${at} >= ${q.since}`;
  const ofOwner =
    q.emailId === null
      ? sql`r.campaign_id in (select k.id from ${campaigns} k where k.user_id = ${q.ownerId})`
      : sql`r.campaign_id in (select k.id from ${campaigns} k where k.id = ${q.emailId} and k.user_id = ${q.ownerId})`;
  return sql`(select r.email from ${campaignRecipients} r where ${ofOwner} and ${when})`;
}

/** What an audience with segments is evaluated with when a campaign counts or starts: the product's time, and the piece above. */
export const segmentSignals = (clock: Pick<Clock, 'now'>): SegmentSignals => ({ now: clock.now(), engaged: engagedAddresses });
