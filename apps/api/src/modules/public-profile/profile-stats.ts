import type { ProfileStats } from '@enlaza/contracts';
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { DailyCounters } from './daily-counters.js';
import type { createProfileReader } from './profile-reader.js';
import { profileDailyStats } from './schema.js';

/** Unique visitors and clicks on each of `days`, zero-filled. */
function series(rows: { day: string; visitors: number; linkClicks: number }[], days: string[]): ProfileStats {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const list = days.map((day) => {
    const row = byDay.get(day);
    return { day, visitors: row?.visitors ?? 0, linkClicks: row?.linkClicks ?? 0 };
  });
  return {
    days: list,
    totals: { visitors: list.reduce((n, d) => n + d.visitors, 0), linkClicks: list.reduce((n, d) => n + d.linkClicks, 0) },
  };
}

/** The visit statistics: a profile's, and the sum of a user's live profiles. */
export function profileStats(db: Database, counters: DailyCounters, { live }: ReturnType<typeof createProfileReader>['pieces']) {
  return {
    /** Unique visitors and clicks per day over the last `days` days (the seller's calendar, zero-filled); the route checked access to the profile. */
    async stats(profileId: string, days = 30, now?: Date): Promise<ProfileStats> {
      await counters.flush();
      const list = counters.lastDays(days, now);
      const rows = await db
        .select()
        .from(profileDailyStats)
        .where(and(eq(profileDailyStats.profileId, profileId), gte(profileDailyStats.day, list[0]!)))
        .orderBy(asc(profileDailyStats.day));
      return series(rows, list);
    },

    /** Unique visitors and clicks per day over the last `days` days, summed over all the user's live profiles (zero-filled). */
    async userStats(userId: string, days = 30, now?: Date): Promise<ProfileStats> {
      await counters.flush();
      const list = counters.lastDays(days, now);
      const rows = await db
        .select({
          day: profileDailyStats.day,
          visitors: sql<number>`sum(${profileDailyStats.visitors})::int`,
          linkClicks: sql<number>`sum(${profileDailyStats.linkClicks})::int`,
        })
        .from(profileDailyStats)
        .innerJoin(live, eq(live.id, profileDailyStats.profileId))
        .where(and(eq(live.userId, userId), gte(profileDailyStats.day, list[0]!)))
        .groupBy(profileDailyStats.day);
      return series(rows, list);
    },

    /** Per profile and day over the last `days` days (the seller's calendar): unique visitors and vCard downloads; `days` lists them all. */
    async dailyFigures(profileIds: string[], days = 30, now?: Date) {
      await counters.flush();
      const list = counters.lastDays(days, now);
      const rows =
        profileIds.length === 0
          ? []
          : await db
              .select({
                profileId: profileDailyStats.profileId,
                day: profileDailyStats.day,
                visitors: profileDailyStats.visitors,
                saves: profileDailyStats.saves,
              })
              .from(profileDailyStats)
              .where(and(inArray(profileDailyStats.profileId, profileIds), gte(profileDailyStats.day, list[0]!)));
      return { days: list, rows };
    },
  };
}
