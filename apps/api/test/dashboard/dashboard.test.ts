import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plans, subscriptions } from '../../src/db/schema/index.js';
import { daysEndingAt } from '../../src/lib/time-zone.js';
import { seedCampaignAudience } from '../helpers/campaigns.js';
import { startMailbox, type Mailbox } from '../helpers/mailbox.js';
import { ADMIN, bearer, createTestApp, insertUser, login, waitFor, type TestContext } from '../helpers/test-app.js';

let t: TestContext;
let mail: Mailbox;
beforeAll(async () => {
  mail = await startMailbox();
  t = await createTestApp(mail.env);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await mail?.close();
});

async function customer() {
  const user = await insertUser(t.db);
  const [pro] = await t.db.select().from(plans).where(eq(plans.code, 'pro'));
  await t.db.insert(subscriptions).values({ userId: user.id, planId: pro!.id, status: 'active', currentPeriodStart: new Date() });
  return { user, token: await login(t.app, user) };
}

async function create(token: string, body: object): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/profiles', headers: bearer(token), payload: body });
  expect(res.statusCode).toBe(201);
  return res.json().data.id;
}
const card = (firstName: string) => ({ kind: 'card', card: { firstName } });

let address = 0;
/** `times` visitors, each from an address of their own (a visitor counts once a day). */
async function visit(alias: string, id: string, times = 1) {
  for (let i = 0; i < times; i++) {
    address += 1;
    expect((await t.app.inject({ url: `/api/public/link/${alias}/${id}`, remoteAddress: `198.51.100.${address}` })).statusCode).toBe(200);
  }
}
async function click(alias: string, id: string) {
  expect(
    (await t.app.inject({ method: 'POST', url: `/api/public/link/${alias}/${id}/click`, payload: { url: 'https://example.com' } }))
      .statusCode,
  ).toBe(200);
}
async function write(alias: string, id: string, message: string) {
  address += 1;
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/public/link/${alias}/${id}/messages`,
    payload: { name: 'Vera Visitor', email: 'vera@visitor.example', message },
    remoteAddress: `198.51.100.${address}`,
  });
  expect(res.statusCode).toBe(201);
}
const dashboard = (token: string) => t.app.inject({ url: '/api/dashboard', headers: bearer(token) });

describe('GET /api/dashboard', () => {
  it('sums the user’s live profiles: counts, unread messages, 30 days of visits and clicks, the latest 5 messages', async () => {
    const a = await customer();
    const b = await customer();
    const first = await create(a.token, card('First'));
    const second = await create(a.token, card('Second'));
    const tag = await create(a.token, { kind: 'tag', tag: { name: 'Keys', tagKind: 'keys' } });
    const trashed = await create(a.token, card('Trashed'));
    const others = await create(b.token, card('Other'));

    await visit(a.user.alias, first, 3);
    await visit(a.user.alias, second, 2);
    await click(a.user.alias, tag);
    await visit(a.user.alias, trashed, 4);
    await visit(b.user.alias, others, 7);
    for (let i = 1; i <= 6; i++) await write(a.user.alias, i % 2 ? first : tag, `Message ${i}`);
    await write(b.user.alias, others, 'For someone else');
    await t.app.inject({
      method: 'POST',
      url: '/api/profiles/bulk?kind=card',
      headers: bearer(a.token),
      payload: { ids: [trashed], action: { type: 'trash' } },
    });

    // One message read: five stay unread.
    const inbox = (await t.app.inject({ url: `/api/mailbox/${first}/messages`, headers: bearer(a.token) })).json().data;
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/mailbox/messages/${inbox[0].id}`,
          headers: bearer(a.token),
          payload: { read: true },
        })
      ).statusCode,
    ).toBe(200);

    const res = await dashboard(a.token);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.counts).toEqual({ cards: 2, tags: 1, unreadMessages: 5 });

    // Days of the seller's calendar (SELLER_TIME_ZONE, Europe/Madrid by default).
    const days = daysEndingAt(new Date(), 'Europe/Madrid', 30);
    expect(data.visits.days).toHaveLength(30);
    expect(data.visits.days.at(-1)).toEqual({ day: days[29], visitors: 5, linkClicks: 1 });
    expect(data.visits.days[0].day).toBe(days[0]);
    expect(
      data.visits.days.slice(0, -1).every((d: { visitors: number; linkClicks: number }) => d.visitors === 0 && d.linkClicks === 0),
    ).toBe(true);
    expect(data.visits.totals).toEqual({ visitors: 5, linkClicks: 1 });

    expect(data.latestMessages).toHaveLength(5);
    expect(data.latestMessages.map((m: { body: string }) => m.body)).toEqual([
      'Message 6',
      'Message 5',
      'Message 4',
      'Message 3',
      'Message 2',
    ]);
    expect(data.latestMessages[0]).toMatchObject({ profileId: tag, profileName: 'Keys', profileKind: 'tag' });
    expect(JSON.stringify(data)).not.toContain('For someone else');

    // The other user sees only their own figures.
    const theirs = (await dashboard(b.token)).json().data;
    expect(theirs.counts).toEqual({ cards: 1, tags: 0, unreadMessages: 1 });
    expect(theirs.visits.totals).toEqual({ visitors: 7, linkClicks: 0 });
    expect(theirs.latestMessages.map((m: { body: string }) => m.body)).toEqual(['For someone else']);
  });

  it('answers zeros for a new user: 30 empty days, no messages', async () => {
    const { token } = await customer();
    const data = (await dashboard(token)).json().data;
    expect(data.counts).toEqual({ cards: 0, tags: 0, unreadMessages: 0 });
    expect(data.visits.days).toHaveLength(30);
    expect(data.visits.totals).toEqual({ visitors: 0, linkClicks: 0 });
    expect(data.latestMessages).toEqual([]);
    expect(data.latestCampaigns).toEqual([]);
  });

  it(
    'lists the user’s 5 newest live campaigns with their figures, never another user’s or a trashed one',
    { timeout: 120_000 },
    async () => {
      const a = await customer();
      const b = await customer();
      const { profileId, templateId } = await seedCampaignAudience(t.db, a.user.id, 3, { prefix: `dash${a.user.id.slice(0, 8)}-` });
      const campaign = async (token: string, name: string) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/campaigns',
          headers: bearer(token),
          payload: {
            name,
            templateId: token === a.token ? templateId : null,
            audience: { profileIds: token === a.token ? [profileId] : [] },
          },
        });
        expect(res.statusCode, res.body).toBe(201);
        return res.json().data.id as string;
      };
      const sent = await campaign(a.token, 'Sent one');
      expect(
        (await t.app.inject({ method: 'POST', url: `/api/campaigns/${sent}/start`, headers: bearer(a.token), payload: {} })).statusCode,
      ).toBe(200);
      await waitFor(
        async () =>
          (await t.app.inject({ url: `/api/campaigns/${sent}`, headers: bearer(a.token) })).json().data.state === 'sent' ? true : undefined,
        'the campaign to be sent',
        60_000,
      );
      for (let i = 1; i <= 5; i++) await campaign(a.token, `Draft ${i}`);
      const trashed = await campaign(a.token, 'Trashed');
      expect(
        (await t.app.inject({ method: 'DELETE', url: `/api/campaigns/${trashed}`, headers: bearer(a.token) })).statusCode,
      ).toBeLessThan(300);
      await campaign(b.token, 'Someone else’s');

      let data = (await dashboard(a.token)).json().data;
      expect(data.latestCampaigns.map((c: { name: string }) => c.name)).toEqual(['Draft 5', 'Draft 4', 'Draft 3', 'Draft 2', 'Draft 1']);
      expect(data.latestCampaigns[0]).toMatchObject({ state: 'draft', figures: { recipients: 0, sent: 0 } });
      expect(JSON.stringify(data)).not.toContain('Someone else');

      // Older campaigns come in as newer ones leave: the sent one with its figures.
      for (const c of data.latestCampaigns.slice(0, 4))
        expect((await t.app.inject({ method: 'DELETE', url: `/api/campaigns/${c.id}`, headers: bearer(a.token) })).statusCode).toBeLessThan(
          300,
        );
      data = (await dashboard(a.token)).json().data;
      expect(data.latestCampaigns.map((c: { name: string }) => c.name)).toEqual(['Draft 1', 'Sent one']);
      expect(data.latestCampaigns[1]).toMatchObject({ id: sent, state: 'sent', figures: { recipients: 3, sent: 3, pending: 0 } });

      expect((await dashboard(b.token)).json().data.latestCampaigns.map((c: { name: string }) => c.name)).toEqual(['Someone else’s']);
    },
  );

  it('is for signed-in users only', async () => {
    expect((await t.app.inject({ url: '/api/dashboard' })).statusCode).toBe(401);
    const admin = await login(t.app, ADMIN);
    expect((await dashboard(admin)).statusCode).toBe(403);
  });
});
