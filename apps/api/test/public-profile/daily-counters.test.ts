import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { createDailyCounters, type Visitor } from '../../src/modules/public-profile/daily-counters.js';
import { openTestDatabase } from '../helpers/database.js';
import { insertUser } from '../helpers/test-app.js';

// The database alone, without the app: the app's own counters run on the real clock and, when the
// real day is later than these tests' days, their periodic flush would delete these days' salts.
let t: DatabaseHandle;
let ids: string[];
beforeAll(async () => {
  t = await openTestDatabase('migrated');
  const owner = await insertUser(t.db);
  // More profiles than one multi-row VALUES upsert could take (65,535 parameters / 4 = 16,383 rows).
  const { rows } = await t.db.execute<{ id: string }>(sql`
    insert into profiles (user_id, kind, name, visibility) select ${owner.id}, 'card', 'Card ' || g, 'public' from generate_series(1, 17000) g
    returning id`);
  ids = rows.map((r) => r.id);
});
afterAll(() => t.close());

const TIME_ZONE = 'Europe/Madrid';
const visitor = (n: number, userAgent = 'Mozilla/5.0 (Android 14; Mobile) Firefox/128.0'): Visitor => ({ ip: `203.0.113.${n}`, userAgent });

async function stored(): Promise<Map<string, { day: string; visitors: number; linkClicks: number }>> {
  const { rows } = await t.db.execute<{ profile_id: string; day: string; visitors: number; link_clicks: number }>(
    sql`select profile_id, day::text as day, visitors, link_clicks from profile_daily_stats`,
  );
  return new Map(
    rows.map((r) => [`${r.profile_id}|${r.day}`, { day: r.day, visitors: Number(r.visitors), linkClicks: Number(r.link_clicks) }]),
  );
}

/** Every row of the three tables as text: what a database dump would show. */
async function everythingStored(): Promise<string> {
  const { rows } = await t.db.execute<{ row: string }>(sql`
    select s::text as row from profile_daily_stats s
    union all select v::text from profile_daily_visitors v
    union all select x::text from visitor_salts x`);
  return rows.map((r) => r.row).join('\n');
}

const reset = () =>
  t.db.execute(sql`with s as (delete from profile_daily_stats), v as (delete from profile_daily_visitors) delete from visitor_salts`);

describe('daily unique visitor and click counters', () => {
  it('writes 17,000 profiles’ visitors in one flush, each visitor once a day, per day of the seller’s calendar', async () => {
    await reset();
    // 23:30 UTC on the 23rd is already the 24th in Madrid (UTC+1 in November).
    const at = new Date('2026-11-23T23:30:00Z');
    const counters = createDailyCounters(t.db, { timeZone: TIME_ZONE, now: () => at, flushEveryMs: 60_000 });
    // The day's salt is read with the first visit; visits wait for it only that long.
    counters.visit(ids[0]!, visitor(0));
    await counters.flush();
    ids.forEach((id, i) => {
      // (i % 3) + 1 different visitors, each of them twice (a reload).
      for (let n = 0; n <= i % 3; n++) for (let again = 0; again < 2; again++) counters.visit(id, visitor(n));
      if (i % 5 === 0) counters.click(id);
    });
    await counters.flush();
    // A second interval: a visitor already counted is not counted again; a new one and every click are.
    counters.visit(ids[1]!, visitor(0));
    counters.visit(ids[1]!, visitor(7));
    counters.click(ids[1]!);
    counters.click(ids[1]!);
    await counters.stop();

    const rows = await stored();
    expect(rows.size).toBe(17_000);
    expect(rows.get(`${ids[0]}|2026-11-24`)).toEqual({ day: '2026-11-24', visitors: 1, linkClicks: 1 });
    expect(rows.get(`${ids[1]}|2026-11-24`)).toEqual({ day: '2026-11-24', visitors: 3, linkClicks: 2 });
    expect(rows.get(`${ids[16_999]}|2026-11-24`)).toEqual({ day: '2026-11-24', visitors: (16_999 % 3) + 1, linkClicks: 0 });
    const total = [...rows.values()].reduce((n, r) => n + r.visitors, 0);
    expect(total).toBe(ids.reduce((n, _id, i) => n + (i % 3) + 1, 0) + 1);
    // One salt for the day, shared by whoever counts.
    expect((await t.db.execute(sql`select day::text as day from visitor_salts`)).rows).toEqual([{ day: '2026-11-24' }]);
  });

  it('counts a visitor once across processes, a different address or browser as another visitor, and never stores either', async () => {
    await reset();
    const at = new Date('2026-11-25T10:00:00Z');
    // Two API processes on one database: each has its own counters, the day's salt is shared.
    const first = createDailyCounters(t.db, { timeZone: TIME_ZONE, now: () => at, flushEveryMs: 60_000 });
    const second = createDailyCounters(t.db, { timeZone: TIME_ZONE, now: () => at, flushEveryMs: 60_000 });
    const ana = { ip: '198.51.100.23', userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5) Safari/604.1' };
    first.visit(ids[20]!, ana);
    await first.flush();
    second.visit(ids[20]!, ana);
    await second.flush();
    first.visit(ids[20]!, { ...ana, userAgent: 'Mozilla/5.0 (Windows NT 10.0) Chrome/126.0' });
    second.visit(ids[20]!, { ...ana, ip: '2001:db8::23' });
    // The same visitor on another card is that card's visitor.
    second.visit(ids[21]!, ana);
    await Promise.all([first.stop(), second.stop()]);

    const rows = await stored();
    expect(rows.get(`${ids[20]}|2026-11-25`)?.visitors).toBe(3);
    expect(rows.get(`${ids[21]}|2026-11-25`)?.visitors).toBe(1);
    expect((await t.db.execute(sql`select count(*)::int as n from visitor_salts`)).rows).toEqual([{ n: 1 }]);
    const dump = await everythingStored();
    expect(dump).toContain(ids[20]!);
    for (const detail of ['198.51.100.23', '2001:db8::23', 'iPhone', 'Chrome', 'Mozilla'])
      expect(dump, `${detail} stored`).not.toContain(detail);
    // Hex of the address would be no better.
    expect(dump).not.toContain(Buffer.from('198.51.100.23').toString('hex'));
  });

  it('counts the same visitor again the next day, and deletes the earlier day’s salt and visitors when that day starts', async () => {
    await reset();
    let at = new Date('2026-11-26T22:59:00Z'); // 23:59 in Madrid
    const counters = createDailyCounters(t.db, { timeZone: TIME_ZONE, now: () => at, flushEveryMs: 60_000 });
    counters.visit(ids[30]!, visitor(1));
    await counters.flush();
    const [yesterday] = (await t.db.execute<{ salt: string }>(sql`select encode(salt, 'hex') as salt from visitor_salts`)).rows;

    at = new Date('2026-11-26T23:01:00Z'); // 00:01 on the 27th in Madrid
    counters.visit(ids[30]!, visitor(1));
    counters.visit(ids[30]!, visitor(1));
    await counters.flush();

    const rows = await stored();
    expect(rows.get(`${ids[30]}|2026-11-26`)?.visitors).toBe(1);
    expect(rows.get(`${ids[30]}|2026-11-27`)?.visitors).toBe(1);
    const salts = (
      await t.db.execute<{ day: string; salt: string }>(sql`select day::text as day, encode(salt, 'hex') as salt from visitor_salts`)
    ).rows;
    expect(salts.map((s) => s.day)).toEqual(['2026-11-27']);
    expect(salts[0]!.salt).not.toBe(yesterday!.salt);
    const hashed = await t.db.execute<{ day: string }>(sql`select day::text as day from profile_daily_visitors`);
    expect(hashed.rows).toEqual([{ day: '2026-11-27' }]);
    await counters.stop();
  });

  it('keeps the other profiles’ counts when one was deleted before the flush', async () => {
    await reset();
    const at = new Date('2026-11-28T10:00:00Z');
    const counters = createDailyCounters(t.db, { timeZone: TIME_ZONE, now: () => at, flushEveryMs: 60_000 });
    counters.visit(ids[10]!, visitor(1));
    counters.visit(ids[11]!, visitor(1));
    counters.click(ids[12]!);
    await t.db.execute(sql`delete from profiles where id = ${ids[11]!}`);
    await counters.stop();
    const rows = await stored();
    expect([...rows.keys()].sort()).toEqual([`${ids[10]}|2026-11-28`, `${ids[12]}|2026-11-28`].sort());
  });
});
