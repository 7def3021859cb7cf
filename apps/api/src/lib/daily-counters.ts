import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { profileDailyStats } from '../db/schema/index.js';

type Field = 'visits' | 'linkClicks';
type Row = { profileId: string; day: string; visits: number; linkClicks: number };
const DAY = 86_400_000;

/** A PostgreSQL array literal of ids, dates or integers (nothing in them needs quoting). */
const arrayLiteral = (values: (string | number)[]) => `{${values.join(',')}}`;

/**
 * Adds the rows' counts to the stored ones: one statement with four array parameters, whatever the
 * number of rows. (A multi-row VALUES list took four parameters a row: building it cost more than a
 * visit, and past 16,383 profiles in one interval it went over PostgreSQL's 65,535 parameters.)
 */
function upsert(db: Database, rows: Row[]) {
  return db.execute(sql`
    insert into ${profileDailyStats} (profile_id, day, visits, link_clicks)
    select * from unnest(
      ${arrayLiteral(rows.map((r) => r.profileId))}::uuid[], ${arrayLiteral(rows.map((r) => r.day))}::date[],
      ${arrayLiteral(rows.map((r) => r.visits))}::int[], ${arrayLiteral(rows.map((r) => r.linkClicks))}::int[])
    on conflict (profile_id, day) do update
      set visits = ${profileDailyStats}.visits + excluded.visits, link_clicks = ${profileDailyStats}.link_clicks + excluded.link_clicks`);
}

/**
 * Visit and click counters, added up in memory and written every few seconds as one upsert per
 * profile and day, so a busy public page costs no write per request. Each process flushes only its
 * own increments, so nothing another process needs is kept here; a crash loses at most one interval.
 */
export function createDailyCounters(db: Database, flushEveryMs = 5000) {
  let pending = new Map<string, Row>();
  let flushing: Promise<void> = Promise.resolve();

  async function write(batch: typeof pending) {
    const rows = [...batch.values()];
    if (rows.length === 0) return;
    try {
      await upsert(db, rows);
    } catch {
      // A profile deleted meanwhile fails the whole batch: write the others one by one; a row that
      // fails for another reason (database briefly away) goes back to be written next time.
      for (const row of rows) {
        await upsert(db, [row]).catch((error: unknown) => {
          const state = (error as { code?: string; cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
          if (state !== '23503') merge(row);
        });
      }
    }
  }

  function merge(row: Row) {
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
