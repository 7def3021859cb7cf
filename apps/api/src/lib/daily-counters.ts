import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { profileDailyStats } from '../db/schema/index.js';

type Field = 'visits' | 'linkClicks';
const DAY = 86_400_000;

/**
 * Visit and click counters, added up in memory and written every few seconds as one upsert per
 * profile and day, so a busy public page costs no write per request. Each process flushes only its
 * own increments, so nothing another process needs is kept here; a crash loses at most one interval.
 */
export function createDailyCounters(db: Database, flushEveryMs = 5000) {
  let pending = new Map<string, { profileId: string; day: string; visits: number; linkClicks: number }>();
  let flushing: Promise<void> = Promise.resolve();

  async function write(batch: typeof pending) {
    const rows = [...batch.values()];
    if (rows.length === 0) return;
    const upsert = (values: typeof rows) =>
      db
        .insert(profileDailyStats)
        .values(values)
        .onConflictDoUpdate({
          target: [profileDailyStats.profileId, profileDailyStats.day],
          set: {
            visits: sql`${profileDailyStats.visits} + excluded.visits`,
            linkClicks: sql`${profileDailyStats.linkClicks} + excluded.link_clicks`,
          },
        });
    try {
      await upsert(rows);
    } catch {
      // A profile deleted meanwhile fails the whole batch: write the others one by one; a row that
      // fails for another reason (database briefly away) goes back to be written next time.
      for (const row of rows) {
        await upsert([row]).catch((error: unknown) => {
          const state = (error as { code?: string; cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
          if (state !== '23503') merge(row);
        });
      }
    }
  }

  function merge(row: { profileId: string; day: string; visits: number; linkClicks: number }) {
    const key = `${row.profileId}|${row.day}`;
    const entry = pending.get(key) ?? { profileId: row.profileId, day: row.day, visits: 0, linkClicks: 0 };
    entry.visits += row.visits;
    entry.linkClicks += row.linkClicks;
    pending.set(key, entry);
  }

  const timer = setInterval(() => void flush(), flushEveryMs);
  timer.unref();

  function flush(): Promise<void> {
    const batch = pending;
    pending = new Map();
    flushing = flushing.then(() => write(batch));
    return flushing;
  }

  /** The UTC day of the last hit and when it ends: a day's date is written once, not per visit. */
  let today = { day: '', start: 0, end: 0 };
  function dayOf(time: number): string {
    if (time < today.start || time >= today.end) {
      const start = time - (((time % DAY) + DAY) % DAY);
      today = { day: new Date(start).toISOString().slice(0, 10), start, end: start + DAY };
    }
    return today.day;
  }

  return {
    hit(profileId: string, field: Field, now?: Date): void {
      const day = dayOf(now ? now.getTime() : Date.now());
      const key = `${profileId}|${day}`;
      const entry = pending.get(key) ?? { profileId, day, visits: 0, linkClicks: 0 };
      entry[field] += 1;
      pending.set(key, entry);
    },
    flush,
    async stop(): Promise<void> {
      clearInterval(timer);
      await flush();
    },
  };
}

export type DailyCounters = ReturnType<typeof createDailyCounters>;
