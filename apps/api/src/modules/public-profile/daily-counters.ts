import { hash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { daysEndingAt, localDate, startOfLocalDay } from '../../lib/time-zone.js';
import { profileDailyStats, profileDailyVisitors, visitorSalts } from './schema.js';

const DAY = 86_400_000;
/** Visits waiting for the day's salt (read once a day per process, in milliseconds): beyond this many, not counted. */
const MAX_AWAITING = 10_000;

/** Who a visit comes from, as the request shows it (the address as Fastify resolves it behind the trusted proxies): hashed, never kept. */
export type Visitor = { ip: string; userAgent: string | undefined };

/** A profile's day in this interval: the hashes of its visitors (hex), its link clicks and its vCard downloads. */
type Row = { profileId: string; day: string; visitors: Set<string>; linkClicks: number; saves: number };

/** A PostgreSQL array literal of ids, dates, hex strings or integers (nothing in them needs quoting). */
const arrayLiteral = (values: (string | number)[]) => `{${values.join(',')}}`;
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY).toISOString().slice(0, 10);

/**
 * A visitor of one profile on one day, as the day's random salt (hex) hides it: the first 16 bytes
 * of SHA-256 over the salt, the profile, the client address and the User-Agent (Plausible's scheme),
 * as hex. Once the salt is deleted at the day's end, nobody can tell whose hash it was. One-shot
 * `crypto.hash`: a third of `createHash`'s cost, on every visit.
 */
export function visitorHash(salt: string, profileId: string, visitor: Visitor): string {
  return hash('sha256', `${salt}\n${profileId}\n${visitor.ip}\n${(visitor.userAgent ?? '').slice(0, 512)}`).slice(0, 32);
}

/**
 * Adds an interval's visitors, clicks and vCard downloads in one statement with array parameters, whatever the number
 * of rows: the visitor hashes go into today's set, where its key refuses one already there (a repeat
 * visit, from this process or another), and only the hashes that went in are added to the day's
 * count. A reload costs the key lookup and no write of the day's row.
 */
function upsert(db: Database, rows: Row[]) {
  const hashes = rows.flatMap((r) => [...r.visitors].map((hash) => [r.day, r.profileId, hash] as const));
  const clicks = rows.filter((r) => r.linkClicks > 0 || r.saves > 0);
  return db.execute(sql`
    with fresh as (
      insert into ${profileDailyVisitors} (day, profile_id, visitor)
      select v.day, v.profile_id, decode(v.visitor, 'hex') from unnest(
        ${arrayLiteral(hashes.map((h) => h[0]))}::date[], ${arrayLiteral(hashes.map((h) => h[1]))}::uuid[],
        ${arrayLiteral(hashes.map((h) => h[2]))}::text[]) as v(day, profile_id, visitor)
      on conflict do nothing
      returning profile_id, day
    ), counted as (
      select profile_id, day, 1 as visitors, 0 as link_clicks, 0 as saves from fresh
      union all
      select c.profile_id, c.day, 0, c.link_clicks, c.saves from unnest(
        ${arrayLiteral(clicks.map((r) => r.profileId))}::uuid[], ${arrayLiteral(clicks.map((r) => r.day))}::date[],
        ${arrayLiteral(clicks.map((r) => r.linkClicks))}::int[], ${arrayLiteral(clicks.map((r) => r.saves))}::int[]) as c(profile_id, day, link_clicks, saves)
    )
    insert into ${profileDailyStats} (profile_id, day, visitors, link_clicks, saves)
    select profile_id, day, sum(visitors)::int, sum(link_clicks)::int, sum(saves)::int from counted group by profile_id, day
    on conflict (profile_id, day) do update
      set visitors = ${profileDailyStats}.visitors + excluded.visitors, link_clicks = ${profileDailyStats}.link_clicks + excluded.link_clicks,
        saves = ${profileDailyStats}.saves + excluded.saves`);
}

/** The day's salt, made by the first process that asks and read by the others (32 random bytes, as hex). */
async function daySalt(db: Database, day: string): Promise<string> {
  const { rows } = await db.execute<{ salt: string }>(sql`
    insert into ${visitorSalts} (day, salt) values (${day}, decode(${randomBytes(32).toString('hex')}, 'hex'))
    on conflict (day) do update set day = excluded.day
    returning encode(salt, 'hex') as salt`);
  return rows[0]!.salt;
}

/**
 * Unique visitors and link clicks per profile and day, gathered in memory and written every few
 * seconds in one statement, so a busy public page costs no query per request. A visitor is counted
 * once per profile and day across every process (the hashes' key in the database decides); the next
 * day counts them again. Days are the seller's calendar days (SELLER_TIME_ZONE) of the product's
 * clock. Each process flushes only its own visits, so nothing another process needs is kept here; a
 * crash loses at most one interval. When a day ends, the earlier days' salts and hashes are deleted.
 */
export function createDailyCounters(
  db: Database,
  { timeZone, now = () => new Date(), flushEveryMs = 5000 }: { timeZone: string; now?: () => Date; flushEveryMs?: number },
) {
  let pending = new Map<string, Row>();
  let flushing: Promise<void> = Promise.resolve();

  function rowOf(profileId: string, day: string): Row {
    const key = `${profileId}|${day}`;
    let row = pending.get(key);
    if (!row) pending.set(key, (row = { profileId, day, visitors: new Set(), linkClicks: 0, saves: 0 }));
    return row;
  }

  function merge(row: Row) {
    const into = rowOf(row.profileId, row.day);
    for (const hash of row.visitors) into.visitors.add(hash);
    into.linkClicks += row.linkClicks;
    into.saves += row.saves;
  }

  async function write(batch: Map<string, Row>) {
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

  /** The calendar day of an instant and when it ends: worked out once a day, not per visit. */
  let today = { day: '', start: 0, end: 0 };
  function dayOf(time: number): string {
    if (time < today.start || time >= today.end) {
      const day = localDate(new Date(time), timeZone);
      today = { day, start: startOfLocalDay(day, timeZone).getTime(), end: startOfLocalDay(nextDay(day), timeZone).getTime() };
    }
    return today.day;
  }

  // The day's salt, once read; visits that came before it are hashed when it arrives.
  let salt: { day: string; key: string } | null = null;
  let loading: Promise<void> | null = null;
  let awaiting: { profileId: string; day: string; visitor: Visitor }[] = [];

  function saltFor(day: string): Promise<void> {
    loading ??= daySalt(db, day)
      .then((key) => {
        if (!salt || salt.day <= day) salt = { day, key };
      })
      // The database briefly away: asked again at the next visit or flush.
      .catch(() => undefined)
      .finally(() => {
        loading = null;
        hashAwaiting();
      });
    return loading;
  }

  function hashAwaiting() {
    if (!salt || awaiting.length === 0) return;
    const waiting = awaiting;
    awaiting = [];
    for (const entry of waiting) {
      if (entry.day === salt.day) rowOf(entry.profileId, entry.day).visitors.add(visitorHash(salt.key, entry.profileId, entry.visitor));
      // A later day's visit waits for its own salt; an earlier day's salt is gone (that day is over).
      else if (entry.day > salt.day) awaiting.push(entry);
    }
    if (awaiting[0]) void saltFor(awaiting[0].day);
  }

  /** When a day starts: its earlier days' salts and visitor hashes are deleted (by whichever process sees it first; again is harmless). */
  let forgottenBefore = '';
  async function forgetEarlierDays() {
    const day = dayOf(now().getTime());
    if (forgottenBefore === day) return;
    try {
      await db.execute(sql`
        with salts as (delete from ${visitorSalts} where day < ${day})
        delete from ${profileDailyVisitors} where day < ${day}`);
      forgottenBefore = day;
      if (salt && salt.day < day) salt = null;
    } catch {
      // Tried again at the next flush.
    }
  }

  function flush(): Promise<void> {
    flushing = flushing.then(async () => {
      if (awaiting[0]) await saltFor(awaiting[0].day);
      const batch = pending;
      pending = new Map();
      await write(batch);
      await forgetEarlierDays();
    });
    return flushing;
  }

  const timer = setInterval(() => void flush(), flushEveryMs);
  timer.unref();

  return {
    /** A page view of a profile: counted when it is this visitor's first of the day (`at`: the product's now). */
    visit(profileId: string, visitor: Visitor, at?: Date): void {
      const day = dayOf((at ?? now()).getTime());
      if (salt?.day === day) {
        rowOf(profileId, day).visitors.add(visitorHash(salt.key, profileId, visitor));
        return;
      }
      if (awaiting.length < MAX_AWAITING) awaiting.push({ profileId, day, visitor });
      void saltFor(day);
    },
    /** A click on one of the profile's links (every click counts). */
    click(profileId: string, at?: Date): void {
      rowOf(profileId, dayOf((at ?? now()).getTime())).linkClicks += 1;
    },
    /** A download of the profile's vCard ("save contact"; every download counts). */
    save(profileId: string, at?: Date): void {
      rowOf(profileId, dayOf((at ?? now()).getTime())).saves += 1;
    },
    /** The `count` calendar days ending today (or `at`'s day), oldest first: the days a chart shows. */
    lastDays(count: number, at?: Date): string[] {
      return daysEndingAt(at ?? now(), timeZone, count);
    },
    flush,
    async stop(): Promise<void> {
      clearInterval(timer);
      await flush();
    },
  };
}

export type DailyCounters = ReturnType<typeof createDailyCounters>;
