import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDailyCounters } from '../../src/lib/daily-counters.js';
import { createTestApp, insertUser, type TestContext } from '../helpers/test-app.js';

let t: TestContext;
let ids: string[];
beforeAll(async () => {
  t = await createTestApp();
  const owner = await insertUser(t.db);
  // More profiles than one multi-row VALUES upsert could take (65,535 parameters / 4 = 16,383 rows).
  const { rows } = await t.db.execute<{ id: string }>(sql`
    insert into profiles (user_id, kind, name, visibility) select ${owner.id}, 'card', 'Card ' || g, 'public' from generate_series(1, 17000) g
    returning id`);
  ids = rows.map((r) => r.id);
});
afterAll(() => t.close());

async function stored(): Promise<Map<string, { day: string; visits: number; linkClicks: number }>> {
  const { rows } = await t.db.execute<{ profile_id: string; day: string; visits: number; link_clicks: number }>(
    sql`select profile_id, day::text as day, visits, link_clicks from profile_daily_stats`,
  );
  return new Map(
    rows.map((r) => [`${r.profile_id}|${r.day}`, { day: r.day, visits: Number(r.visits), linkClicks: Number(r.link_clicks) }]),
  );
}

describe('daily visit and click counters', () => {
  it('writes 17,000 profiles’ counts in one flush, adds to what is stored, per UTC day', async () => {
    const counters = createDailyCounters(t.db, 60_000);
    const monday = new Date('2026-11-23T23:59:59.999Z');
    const tuesday = new Date('2026-11-24T00:00:00.000Z');
    ids.forEach((id, i) => {
      for (let n = 0; n <= i % 3; n++) counters.hit(id, 'visits', monday);
      if (i % 5 === 0) counters.hit(id, 'linkClicks', monday);
    });
    counters.hit(ids[0]!, 'visits', tuesday);
    await counters.flush();
    // A second interval adds to the first.
    counters.hit(ids[1]!, 'visits', monday);
    counters.hit(ids[1]!, 'linkClicks', monday);
    await counters.stop();

    const rows = await stored();
    expect(rows.size).toBe(17_001);
    expect(rows.get(`${ids[0]}|2026-11-23`)).toEqual({ day: '2026-11-23', visits: 1, linkClicks: 1 });
    expect(rows.get(`${ids[0]}|2026-11-24`)).toEqual({ day: '2026-11-24', visits: 1, linkClicks: 0 });
    expect(rows.get(`${ids[1]}|2026-11-23`)).toEqual({ day: '2026-11-23', visits: 3, linkClicks: 1 });
    expect(rows.get(`${ids[16_999]}|2026-11-23`)).toEqual({ day: '2026-11-23', visits: (16_999 % 3) + 1, linkClicks: 0 });
    const total = [...rows.values()].reduce((n, r) => n + r.visits, 0);
    expect(total).toBe(ids.reduce((n, _id, i) => n + (i % 3) + 1, 0) + 2);
  });

  it('keeps the other profiles’ counts when one was deleted before the flush', async () => {
    await t.db.execute(sql`delete from profile_daily_stats`);
    const counters = createDailyCounters(t.db, 60_000);
    const day = new Date('2026-11-25T10:00:00Z');
    counters.hit(ids[10]!, 'visits', day);
    counters.hit(ids[11]!, 'visits', day);
    counters.hit(ids[12]!, 'linkClicks', day);
    await t.db.execute(sql`delete from profiles where id = ${ids[11]!}`);
    await counters.stop();
    const rows = await stored();
    expect([...rows.keys()].sort()).toEqual([`${ids[10]}|2026-11-25`, `${ids[12]}|2026-11-25`].sort());
  });
});
