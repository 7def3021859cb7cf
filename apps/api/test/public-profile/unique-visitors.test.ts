import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { plans, subscriptions } from '../../src/db/schema/index.js';
import { localDate } from '../../src/lib/time-zone.js';
import { callAs, useTestClockApp } from '../helpers/subscriber.js';
import { bearer, insertUser, login } from '../helpers/test-app.js';

// The sandbox test clock is the product's "now": moving it a day on starts a new day of visitors.
const app = useTestClockApp();

const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36';
const LAPTOP = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15';

async function ownerWithCard() {
  const user = await insertUser(app.t.db, { alias: `uv-${Date.now() % 100000}` });
  const [pro] = await app.t.db.select().from(plans).where(eq(plans.code, 'pro'));
  await app.t.db.insert(subscriptions).values({ userId: user.id, planId: pro!.id, status: 'active', currentPeriodStart: new Date() });
  const token = await login(app.t.app, user);
  const created = await app.t.app.inject({
    method: 'POST',
    url: '/api/profiles',
    headers: bearer(token),
    payload: { kind: 'card', card: { firstName: 'Vera' } },
  });
  expect(created.statusCode).toBe(201);
  return { alias: user.alias, token, id: created.json().data.id as string };
}

describe('unique visitors per card and day', () => {
  it('counts a visitor once a day (page or JSON), another browser or address as another, again the next day; stores no address', async () => {
    const { alias, token, id } = await ownerWithCard();
    const page = (ip: string, userAgent: string) =>
      app.t.app.inject({ url: `/link/${alias}/${id}`, remoteAddress: ip, headers: { 'user-agent': userAgent } });
    const json = (ip: string, userAgent: string) =>
      app.t.app.inject({ url: `/api/public/link/${alias}/${id}`, remoteAddress: ip, headers: { 'user-agent': userAgent } });
    const stats = async () => (await app.t.app.inject({ url: `/api/profiles/${id}/stats`, headers: bearer(token) })).json().data;

    // The same visitor reloading, and the page's own data asked as JSON: one visitor.
    for (let i = 0; i < 3; i++) expect((await page('203.0.113.9', PHONE)).statusCode).toBe(200);
    expect((await json('203.0.113.9', PHONE)).statusCode).toBe(200);
    expect((await stats()).totals).toEqual({ visitors: 1, linkClicks: 0 });
    // Another browser at the same address, the same browser at another address: two more.
    expect((await page('203.0.113.9', LAPTOP)).statusCode).toBe(200);
    expect((await page('2001:db8:5::9', PHONE)).statusCode).toBe(200);
    expect((await page('2001:db8:5::9', PHONE)).statusCode).toBe(200);
    // A chat app's link preview is a visitor like any other (machine fetches are counted as they were), once a day too.
    for (let i = 0; i < 2; i++) expect((await page('198.51.100.77', 'facebookexternalhit/1.1')).statusCode).toBe(200);
    const first = await stats();
    const today = localDate(await app.clockNow(), 'Europe/Madrid');
    expect(first.totals.visitors).toBe(4);
    expect(first.days.at(-1)).toEqual({ day: today, visitors: 4, linkClicks: 0 });

    // Nothing stored names the visitor: not the address, not the browser.
    const { rows } = await app.t.db.execute<{ row: string }>(sql`
      select s::text as row from profile_daily_stats s
      union all select v::text from profile_daily_visitors v
      union all select x::text from visitor_salts x`);
    const dump = rows.map((r) => r.row).join('\n');
    for (const detail of ['203.0.113.9', '2001:db8:5::9', '198.51.100.77', 'Android', 'Macintosh', 'facebookexternalhit']) {
      expect(dump, `${detail} stored`).not.toContain(detail);
      expect(dump, `${detail} stored as hex`).not.toContain(Buffer.from(detail).toString('hex'));
    }

    // The next day (the product's clock moved a day on), the same visitor counts again, on that day.
    const moved = await callAs(app.t, app.admin, 'POST', '/api/admin/test-clock/advance', { days: 1 });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const tomorrow = localDate(await app.clockNow(), 'Europe/Madrid');
    expect(tomorrow).not.toBe(today);
    for (let i = 0; i < 2; i++) expect((await page('203.0.113.9', PHONE)).statusCode).toBe(200);
    const next = await stats();
    expect(next.days.at(-1)).toEqual({ day: tomorrow, visitors: 1, linkClicks: 0 });
    expect(next.days.at(-2)).toEqual({ day: today, visitors: 4, linkClicks: 0 });
    expect(next.totals.visitors).toBe(5);
    // The earlier day's salt and visitor hashes are gone once the new day's visitors are written.
    const salts = await app.t.db.execute<{ day: string }>(sql`select day::text as day from visitor_salts`);
    expect(salts.rows).toEqual([{ day: tomorrow }]);
    const hashed = await app.t.db.execute<{ day: string }>(sql`select distinct day::text as day from profile_daily_visitors`);
    expect(hashed.rows).toEqual([{ day: tomorrow }]);
  });
});
