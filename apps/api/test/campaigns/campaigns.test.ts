import { and, eq, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Campaign } from '@enlaza/contracts';
import { contactLists, deliveries, folders, labels, notifications, suppressions, users } from '../../src/db/schema/index.js';
import { recipientStates, seedCampaignAudience } from '../helpers/campaigns.js';
import { startMailbox, type Mailbox } from '../helpers/mailbox.js';
import { ADMIN, bearer, createTestApp, DEMO, insertUser, login, queueIdle, waitFor, type TestContext } from '../helpers/test-app.js';

vi.setConfig({ testTimeout: 600_000, hookTimeout: 180_000 });

const WEBHOOK_SECRET = 'bounce-secret-0123456789abcdef';
let ctx: TestContext;
let mail: Mailbox;
let token: string;
let demoId: string;
let refused = new Set<string>();

beforeAll(async () => {
  mail = await startMailbox({ refuseRecipient: (a) => (refused.has(a) ? 550 : undefined) });
  ctx = await createTestApp({
    ...mail.env,
    DEMO_PLAN: 'business',
    BOUNCE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    PUBLIC_URL: 'http://enlaza.test',
  });
  token = await login(ctx.app, DEMO);
  const [demo] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO.email));
  demoId = demo!.id;
});
afterAll(async () => {
  await ctx?.close();
  await mail?.close();
});

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

type Answer = { ok: number; data: Campaign; code?: string; message?: string };

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, auth = token) {
  const res = await ctx.app.inject({
    method,
    url,
    headers: { ...bearer(auth), 'accept-language': 'en' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: res.statusCode, body: res.json<Answer>() };
}

async function createCampaign(name: string, profileIds: string[], templateId: string, auth = token): Promise<Campaign> {
  const res = await call('POST', '/api/campaigns', { name, templateId, audience: { profileIds } }, auth);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

const campaignOf = async (id: string, auth = token) => (await call('GET', `/api/campaigns/${id}`, undefined, auth)).body.data;
const finished = (id: string, auth = token) =>
  waitFor(
    async () => ((await campaignOf(id, auth)).state === 'sent' ? campaignOf(id, auth) : undefined),
    `campaign ${id} to be sent`,
    240_000,
  );

const pathOf = (url: string) => url.replace('http://enlaza.test', '');

/**
 * Starts a campaign, pauses it once `atLeast` emails to `@domain` have arrived, and waits until no row
 * is held by a sender any more (the emails in flight have finished). Answers a counter of the emails
 * received at `@domain`.
 */
async function startThenPause(id: string, domain: string, atLeast: number): Promise<() => number> {
  const received = () => mail.received.filter((m) => m.to[0]?.endsWith(`@${domain}`)).length;
  await call('POST', `/api/campaigns/${id}/start`, {});
  await waitFor(async () => (received() >= atLeast ? true : undefined), `${atLeast} emails`, 300_000);
  expect((await call('POST', `/api/campaigns/${id}/pause`)).body.data.state).toBe('paused');
  await waitFor(
    async () => {
      const held = await ctx.db.execute(
        sql`select count(*)::int as n from campaign_recipients where campaign_id = ${id} and state = 'pending' and lease_until > now()`,
      );
      return (held.rows[0] as { n: number }).n === 0 ? true : undefined;
    },
    'the emails in flight to finish',
    60_000,
  );
  return received;
}

describe('campaigns', () => {
  it('sends one email per consenting sender with unsubscribe headers, tracking links and a Comunicaciones row each, then notifies', async () => {
    const { profileId, templateId } = await seedCampaignAudience(ctx.db, demoId, 30, { prefix: 'basic' });
    const draft = await createCampaign('Spring news', [profileId], templateId);
    expect(draft.state).toBe('draft');
    expect((await call('POST', '/api/campaigns/audience-count', { profileIds: [profileId] })).body.data).toEqual({ recipients: 30 });

    const started = await call('POST', `/api/campaigns/${draft.id}/start`, {});
    expect(started.status).toBe(200);
    expect(started.body.data.state).toBe('sending');
    expect(started.body.data.subject).toBe('News for {{nombre}}');
    const done = await finished(draft.id);
    expect(done.figures).toMatchObject({ recipients: 30, sent: 30, pending: 0, failed: 0, bounced: 0 });

    const email = await mail.next('basic7@campaign.example');
    expect(email.subject).toBe('News for Person 7');
    expect(email.raw).toMatch(/^List-Unsubscribe:\s*<http:\/\/enlaza\.test\/u\/[0-9a-f-]{36}\.[\w-]+>/im);
    expect(email.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/im);
    // {{perfil_url}} is the owner's short link, as in the template's preview and test email (not the card the sender wrote to).
    expect(email.text).toMatch(/My card: http:\/\/enlaza\.test\/link\/demo\r?\n/);
    // The template has no {{baja_url}}: a visible footer carries the link.
    expect(email.text).toMatch(/Unsubscribe: http:\/\/enlaza\.test\/u\//);
    // Links in the HTML go through the signed click redirect; the open pixel is there.
    expect(email.html).toContain('http://enlaza.test/api/campaigns/t/c/');
    expect(email.html).toContain('http://enlaza.test/api/campaigns/t/o/');
    expect(email.html).not.toContain('href="https://example.org');
    for (let i = 0; i < 30; i += 1) expect(mail.count(`basic${i}@campaign.example`)).toBe(1);

    const rows = await ctx.db
      .select()
      .from(deliveries)
      .where(and(eq(deliveries.userId, demoId), eq(deliveries.kind, 'campaign')));
    expect(rows.filter((r) => r.status === 'sent')).toHaveLength(30);
    expect(rows.find((r) => r.toEmail === 'basic7@campaign.example')?.subject).toBe('News for Person 7');
    await queueIdle(ctx.app, 'event.'); // the notification follows `campaign.finished`
    const notes = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, demoId), eq(notifications.type, 'campaign_finished')));
    expect(notes.filter((n) => (n.payload as { campaignId: string }).campaignId === draft.id)).toHaveLength(1);
    // The quota counts them.
    const quota = await ctx.app.inject({ method: 'GET', url: '/api/envio/data', headers: bearer(token) });
    expect(JSON.stringify(quota.json())).toMatch(/30/);
  });

  it('counts opens and clicks once per recipient (plus totals) and answers 404 to a forged or altered link', async () => {
    const { profileId, templateId } = await seedCampaignAudience(ctx.db, demoId, 3, { prefix: 'track' });
    const c = await createCampaign('Tracked', [profileId], templateId);
    await call('POST', `/api/campaigns/${c.id}/start`, {});
    await finished(c.id);
    const email = await mail.next('track0@campaign.example');
    const pixel = /src="(http:\/\/enlaza\.test\/api\/campaigns\/t\/o\/[^"]+)"/.exec(email.html)![1]!;
    const click = /href="(http:\/\/enlaza\.test\/api\/campaigns\/t\/c\/[^"]+)"/.exec(email.html)![1]!.replace(/&amp;/g, '&');

    for (let i = 0; i < 2; i += 1) {
      const open = await ctx.app.inject({ method: 'GET', url: pathOf(pixel), headers: { 'user-agent': CHROME } });
      expect(open.statusCode).toBe(200);
      expect(open.headers['content-type']).toBe('image/gif');
    }
    const go = await ctx.app.inject({ method: 'GET', url: pathOf(click), headers: { 'user-agent': CHROME } });
    expect(go.statusCode).toBe(302);
    expect(go.headers.location).toBe('https://example.org/news?a=1&b=2');

    // Another destination with the same signature, a changed signature, or a made-up recipient: 404.
    const other = pathOf(click).replace(/\?u=.*/, `?u=${encodeURIComponent('https://evil.example/')}`);
    expect((await ctx.app.inject({ method: 'GET', url: other })).statusCode).toBe(404);
    const forged = pathOf(click).replace(/\.([\w-]{5})/, '.AAAAA');
    expect((await ctx.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/campaigns/t/c/00000000-0000-4000-8000-000000000000.abc?u=${encodeURIComponent('https://evil.example/')}`,
        })
      ).statusCode,
    ).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: pathOf(pixel).slice(0, -2) + 'xx' })).statusCode).toBe(404);

    const figures = (await campaignOf(c.id)).figures;
    expect(figures).toMatchObject({ recipients: 3, sent: 3, opened: 1, clicked: 1, totalOpens: 2, totalClicks: 1 });
  });

  it('names its list and campaign in each email: List-Id (RFC 2919) per owner, Feedback-ID per campaign, as a mail parser reads them', async () => {
    const { profileId, templateId } = await seedCampaignAudience(ctx.db, demoId, 1, { prefix: 'listed' });
    const c = await createCampaign('Listed', [profileId], templateId);
    await call('POST', `/api/campaigns/${c.id}/start`, {});
    await finished(c.id);
    const parsed = await simpleParser((await mail.next('listed0@campaign.example')).raw);
    // The mail domain is MAIL_FROM's; the list label is the owner's id (a dot-atom, RFC 2919 section 2).
    const domain = /@([^>\s]+)>?\s*$/.exec(parsed.from!.text)![1]!;
    const [owner] = await ctx.db.select({ alias: users.alias }).from(users).where(eq(users.id, demoId));
    expect(parsed.headers.get('list')).toMatchObject({ id: { name: owner!.alias, id: `${demoId.replaceAll('-', '')}.list.${domain}` } });
    expect(parsed.headers.get('feedback-id')).toBe(`${c.id}:${demoId}:campaign:enlaza`);
    expect(parsed.headers.get('x-enlaza-campaign')).toBe(c.id);
    expect(parsed.headers.get('list')).toMatchObject({ unsubscribe: { url: expect.stringMatching(/^http:\/\/enlaza\.test\/u\//) } });
  });

  it('leaves machines out of the figures: a HEAD request, a link scanner, a preview fetch or no User-Agent gets its answer and counts nothing', async () => {
    const { profileId, templateId } = await seedCampaignAudience(ctx.db, demoId, 1, { prefix: 'scanned' });
    const c = await createCampaign('Scanned', [profileId], templateId);
    await call('POST', `/api/campaigns/${c.id}/start`, {});
    await finished(c.id);
    const email = await mail.next('scanned0@campaign.example');
    const pixel = pathOf(/src="(http:\/\/enlaza\.test\/api\/campaigns\/t\/o\/[^"]+)"/.exec(email.html)![1]!);
    const click = pathOf(/href="(http:\/\/enlaza\.test\/api\/campaigns\/t\/c\/[^"]+)"/.exec(email.html)![1]!.replace(/&amp;/g, '&'));
    const machines: { method: 'GET' | 'HEAD'; agent?: string }[] = [
      { method: 'HEAD', agent: CHROME },
      { method: 'GET' },
      { method: 'GET', agent: 'Mozilla/5.0 (compatible; Barracuda Sentinel scanner)' },
      { method: 'GET', agent: 'Mozilla/5.0 (compatible; Google-Safety; +http://www.google.com/bot.html)' },
      { method: 'GET', agent: 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)' },
      { method: 'GET', agent: 'WhatsApp/2.23.20.0' },
      { method: 'GET', agent: 'python-requests/2.31.0' },
      {
        method: 'GET',
        agent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36',
      },
    ];
    for (const { method, agent } of machines) {
      const headers = { 'user-agent': agent ?? '' };
      const go = await ctx.app.inject({ method, url: click, headers });
      expect(go.statusCode, `${method} ${agent ?? '(no agent)'}`).toBe(302);
      expect(go.headers.location).toBe('https://example.org/news?a=1&b=2');
      const fetched = await ctx.app.inject({ method, url: pixel, headers });
      expect(fetched.statusCode).toBe(200);
      // Mail clients' pages on other origins may load it (the app's answers are same-origin only).
      expect(fetched.headers['cross-origin-resource-policy']).toBe('cross-origin');
    }
    // Counted apart: one fetch of the pixel and one of the link per machine above.
    expect((await campaignOf(c.id)).figures).toMatchObject({
      opened: 0,
      clicked: 0,
      totalOpens: 0,
      totalClicks: 0,
      machineOpens: machines.length,
      machineClicks: machines.length,
    });

    // A person's browser and mail app count.
    expect((await ctx.app.inject({ method: 'GET', url: click, headers: { 'user-agent': CHROME } })).statusCode).toBe(302);
    const appleMail = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
    // Gmail fetches the pixel through its image proxy when its user opens the message.
    const gmail = 'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)';
    for (const agent of [appleMail, gmail]) {
      expect((await ctx.app.inject({ method: 'GET', url: pixel, headers: { 'user-agent': agent } })).statusCode).toBe(200);
    }
    expect((await campaignOf(c.id)).figures).toMatchObject({
      opened: 1,
      clicked: 1,
      totalOpens: 2,
      totalClicks: 1,
      machineOpens: machines.length,
      machineClicks: machines.length,
    });
  });

  it('takes a link’s token only for its own purpose: the open pixel’s token does not unsubscribe, nor the reverse', async () => {
    const { profileId, templateId } = await seedCampaignAudience(ctx.db, demoId, 1, { prefix: 'purpose' });
    const c = await createCampaign('Purposes', [profileId], templateId);
    await call('POST', `/api/campaigns/${c.id}/start`, {});
    await finished(c.id);
    const email = await mail.next('purpose0@campaign.example');
    const openToken = /\/api\/campaigns\/t\/o\/([^"]+)"/.exec(email.html)![1]!;
    const unsubscribeToken = /^List-Unsubscribe:\s*<[^>]*\/u\/([^>]+)>/im.exec(email.raw)![1]!;

    // The pixel's token (signed for the same recipient) neither shows nor performs an unsubscribe.
    expect((await ctx.app.inject({ method: 'GET', url: `/u/${openToken}` })).statusCode).toBe(404);
    const oneClick = await ctx.app.inject({
      method: 'POST',
      url: `/u/${openToken}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.statusCode).toBe(404);
    // Nor does the unsubscribe token count as an open.
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/campaigns/t/o/${unsubscribeToken}`, headers: { 'user-agent': CHROME } }))
        .statusCode,
    ).toBe(404);

    const suppressed = await ctx.db
      .select()
      .from(suppressions)
      .where(and(eq(suppressions.userId, demoId), eq(suppressions.email, 'purpose0@campaign.example')));
    expect(suppressed).toEqual([]);
    expect((await campaignOf(c.id)).figures).toMatchObject({ opened: 0, unsubscribed: 0 });
    // Each token still works for what it was made for.
    expect((await ctx.app.inject({ method: 'GET', url: `/u/${unsubscribeToken}` })).statusCode).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/campaigns/t/o/${openToken}`, headers: { 'user-agent': CHROME } })).statusCode,
    ).toBe(200);
  });

  it('one-click unsubscribe (a POST without a session) suppresses the address; the next campaign skips it', async () => {
    const { profileId, templateId } = await seedCampaignAudience(ctx.db, demoId, 4, { prefix: 'unsub' });
    const first = await createCampaign('First', [profileId], templateId);
    await call('POST', `/api/campaigns/${first.id}/start`, {});
    await finished(first.id);
    const email = await mail.next('unsub1@campaign.example');
    const link = /^List-Unsubscribe:\s*<([^>]+)>/im.exec(email.raw)![1]!;

    // The page works signed out, in the reader's language.
    const page = await ctx.app.inject({ method: 'GET', url: pathOf(link), headers: { 'accept-language': 'es' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Darse de baja');
    expect(page.body).toMatch(/u•+@campaign\.example/);
    expect(page.body).not.toContain('unsub1@');
    // A forged token: 404, nothing suppressed.
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: pathOf(link).slice(0, -3) + 'abc',
          payload: 'List-Unsubscribe=One-Click',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
      ).statusCode,
    ).toBe(404);

    const oneClick = await ctx.app.inject({
      method: 'POST',
      url: pathOf(link),
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.statusCode).toBe(200);
    const [row] = await ctx.db
      .select()
      .from(suppressions)
      .where(and(eq(suppressions.userId, demoId), eq(suppressions.email, 'unsub1@campaign.example')));
    expect(row?.reason).toBe('unsubscribed');
    expect((await campaignOf(first.id)).figures.unsubscribed).toBe(1);

    const second = await createCampaign('Second', [profileId], templateId);
    const started = await call('POST', `/api/campaigns/${second.id}/start`, {});
    expect(started.body.data.figures.recipients).toBe(3);
    await finished(second.id);
    expect(mail.count('unsub1@campaign.example')).toBe(1);
    expect(mail.count('unsub2@campaign.example')).toBe(2);
  });

  it('marks a recipient refused with a permanent SMTP error bounced and suppresses the address', async () => {
    const { profileId, templateId } = await seedCampaignAudience(ctx.db, demoId, 5, { prefix: 'bounce' });
    refused = new Set(['bounce3@campaign.example']);
    const c = await createCampaign('Bouncy', [profileId], templateId);
    await call('POST', `/api/campaigns/${c.id}/start`, {});
    const done = await finished(c.id);
    refused = new Set();
    expect(done.figures).toMatchObject({ recipients: 5, sent: 4, bounced: 1 });
    const [row] = await ctx.db
      .select()
      .from(suppressions)
      .where(and(eq(suppressions.userId, demoId), eq(suppressions.email, 'bounce3@campaign.example')));
    expect(row?.reason).toBe('bounced');
    const [delivery] = await ctx.db.select().from(deliveries).where(eq(deliveries.toEmail, 'bounce3@campaign.example'));
    expect(delivery?.status).toBe('bounced');
    expect(delivery?.error).toMatch(/550|No such user/);
  });

  it('takes bounce and complaint reports from the mail provider only with the shared secret', async () => {
    const { profileId, templateId } = await seedCampaignAudience(ctx.db, demoId, 2, { prefix: 'hook' });
    const c = await createCampaign('Hooked', [profileId], templateId);
    await call('POST', `/api/campaigns/${c.id}/start`, {});
    await finished(c.id);
    const email = await mail.next('hook0@campaign.example');
    const messageId = /^Message-ID:\s*(\S+)/im.exec(email.raw)![1]!;
    const report = {
      events: [
        { email: 'hook0@campaign.example', type: 'bounce', messageId },
        { email: 'hook1@campaign.example', type: 'complaint' },
      ],
    };

    const noSecret = await ctx.app.inject({ method: 'POST', url: '/api/campaigns/webhooks/bounces', payload: report });
    expect(noSecret.statusCode).toBe(401);
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/campaigns/webhooks/bounces',
      payload: report,
      headers: { authorization: 'Bearer not-the-secret-at-all' },
    });
    expect(wrong.statusCode).toBe(401);
    // The refusal says what it is, in the caller's language: the shared secret, not a signed-out session.
    for (const refused of [noSecret, wrong]) expect(refused.json<{ code: string }>().code).toBe('webhook.secret_invalid');
    const said = async (language: string) =>
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/campaigns/webhooks/bounces',
          payload: report,
          headers: { authorization: 'Bearer not-the-secret-at-all', 'accept-language': language },
        })
      ).json<{ message: string }>().message;
    expect(await said('en')).toMatch(/shared secret.*BOUNCE_WEBHOOK_SECRET/);
    expect(await said('es')).toMatch(/secreto compartido.*BOUNCE_WEBHOOK_SECRET/);
    expect(await said('ja')).toMatch(/共有シークレット.*BOUNCE_WEBHOOK_SECRET/);
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/campaigns/webhooks/bounces',
      payload: report,
      headers: { authorization: `Bearer ${WEBHOOK_SECRET}` },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: 1, data: { matched: 2, suppressed: 2, paused: 0 } });
    const rows = await ctx.db.select().from(suppressions).where(eq(suppressions.userId, demoId));
    expect(rows.find((r) => r.email === 'hook0@campaign.example')?.reason).toBe('bounced');
    expect(rows.find((r) => r.email === 'hook1@campaign.example')?.reason).toBe('complained');
    expect((await campaignOf(c.id)).figures).toMatchObject({ sent: 1, bounced: 1 });
  });

  it('refuses a campaign past the remaining monthly sends with both numbers, writing nothing', async () => {
    const user = await insertUser(ctx.db);
    const userToken = await login(ctx.app, user);
    // Free plan: 100 emails a month.
    const { profileId, templateId } = await seedCampaignAudience(ctx.db, user.id, 150, { prefix: 'quota' });
    const c = await createCampaign('Too big', [profileId], templateId, userToken);
    const res = await call('POST', `/api/campaigns/${c.id}/start`, {}, userToken);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('campaign.over_quota');
    expect(res.body.message).toContain('150 recipients');
    expect(res.body.message).toContain('emails left this month: 100 of 100');
    expect((await campaignOf(c.id, userToken)).state).toBe('draft');
    expect(await recipientStates(ctx.db, c.id)).toEqual({});
  });

  it('compares a campaign with the sends left this month, not the whole allowance, for a user who already sent some', async () => {
    const user = await insertUser(ctx.db);
    const userToken = await login(ctx.app, user);
    // Free plan: 100 emails a month; 60 of them go out in a first campaign.
    const first = await seedCampaignAudience(ctx.db, user.id, 60, { prefix: 'used', domain: 'used.example' });
    const sent = await createCampaign('First 60', [first.profileId], first.templateId, userToken);
    expect((await call('POST', `/api/campaigns/${sent.id}/start`, {}, userToken)).status).toBe(200);
    await finished(sent.id, userToken);

    // 50 more do not fit in the 40 left, though they would in the 100 of the plan.
    const next = await seedCampaignAudience(ctx.db, user.id, 50, { prefix: 'more', domain: 'more.example' });
    const tooMany = await createCampaign('Next 50', [next.profileId], next.templateId, userToken);
    const refused = await call('POST', `/api/campaigns/${tooMany.id}/start`, {}, userToken);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('campaign.over_quota');
    expect(refused.body.message).toContain('50 recipients');
    expect(refused.body.message).toContain('emails left this month: 40 of 100');
    expect((await campaignOf(tooMany.id, userToken)).state).toBe('draft');
    expect(await recipientStates(ctx.db, tooMany.id)).toEqual({});

    // Exactly the 40 left do.
    const last = await seedCampaignAudience(ctx.db, user.id, 40, { prefix: 'last', domain: 'last.example' });
    const fits = await createCampaign('Last 40', [last.profileId], last.templateId, userToken);
    const started = await call('POST', `/api/campaigns/${fits.id}/start`, {}, userToken);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect((await finished(fits.id, userToken)).figures).toMatchObject({ recipients: 40, sent: 40 });
  });

  it('answers 404 to a campaign created or edited with another user’s template, and never starts one that names it', async () => {
    const stranger = await insertUser(ctx.db);
    const theirs = await seedCampaignAudience(ctx.db, stranger.id, 1, {
      prefix: 'theirs',
      template: { subject: 'Private to the stranger', bodyHtml: '<p>Theirs</p>', bodyText: 'Theirs' },
    });
    const mine = await seedCampaignAudience(ctx.db, demoId, 1, { prefix: 'borrow' });

    const created = await call('POST', '/api/campaigns', {
      name: 'Borrowed',
      templateId: theirs.templateId,
      audience: { profileIds: [mine.profileId] },
    });
    expect(created.status).toBe(404);
    expect(created.body.code).toBe('record.not_found');
    expect((await call('GET', '/api/campaigns')).body.data as unknown as Campaign[]).not.toContainEqual(
      expect.objectContaining({ name: 'Borrowed' }),
    );

    const draft = await createCampaign('Mine first', [mine.profileId], mine.templateId);
    const edited = await call('PUT', `/api/campaigns/${draft.id}`, {
      name: 'Borrowed later',
      templateId: theirs.templateId,
      audience: { profileIds: [mine.profileId] },
    });
    expect(edited.status).toBe(404);
    expect((await campaignOf(draft.id)).templateId).toBe(mine.templateId);

    // A draft that names another user's template (a row written past that check) does not start: to its
    // owner that template is as missing as a deleted one, and nothing of it is sent.
    await ctx.db.execute(sql`update campaigns set template_id = ${theirs.templateId} where id = ${draft.id}`);
    for (const body of [{}, { at: new Date(Date.now() + 3_600_000).toISOString() }]) {
      const started = await call('POST', `/api/campaigns/${draft.id}/start`, body);
      expect(started.status).toBe(422);
      expect(started.body.code).toBe('campaign.template_missing');
    }
    expect((await campaignOf(draft.id)).state).toBe('draft');
    expect(await recipientStates(ctx.db, draft.id)).toEqual({});
    expect(mail.count('borrow0@campaign.example')).toBe(0);
  });

  it('answers 404 to a campaign created or edited with another user’s profile, folder, label or list, and stores none of them', async () => {
    const stranger = await insertUser(ctx.db);
    const theirs = await seedCampaignAudience(ctx.db, stranger.id, 1, { prefix: 'stranger-own' });
    const [folder] = await ctx.db
      .insert(folders)
      .values({ userId: stranger.id, kind: 'card', name: 'Their folder', color: 'blue' })
      .returning();
    const [label] = await ctx.db
      .insert(labels)
      .values({ userId: stranger.id, kind: 'card', name: 'Their label', color: 'red' })
      .returning();
    const [list] = await ctx.db.insert(contactLists).values({ userId: stranger.id, name: 'Their list' }).returning();
    const mine = await seedCampaignAudience(ctx.db, demoId, 1, { prefix: 'mine-only' });
    const draft = await createCampaign('Only mine', [mine.profileId], mine.templateId);

    for (const foreign of [
      { profileIds: [mine.profileId, theirs.profileId] },
      { folderIds: [folder!.id] },
      { labelIds: [label!.id] },
      { listIds: [list!.id] },
    ]) {
      const audience = { profileIds: [], folderIds: [], labelIds: [], listIds: [], ...foreign };
      const created = await call('POST', '/api/campaigns', { name: 'Reaching out', templateId: mine.templateId, audience });
      expect([created.status, created.body.code]).toEqual([404, 'record.not_found']);
      const edited = await call('PUT', `/api/campaigns/${draft.id}`, { name: 'Reaching out', templateId: mine.templateId, audience });
      expect([edited.status, edited.body.code]).toEqual([404, 'record.not_found']);
    }
    expect((await call('GET', '/api/campaigns')).body.data as unknown as Campaign[]).not.toContainEqual(
      expect.objectContaining({ name: 'Reaching out' }),
    );
    expect((await campaignOf(draft.id)).audience).toMatchObject({ profileIds: [mine.profileId], folderIds: [], labelIds: [], listIds: [] });
  });

  it('keeps campaigns to their owner: another user gets 404, an admin 403', async () => {
    const { profileId, templateId } = await seedCampaignAudience(ctx.db, demoId, 1, { prefix: 'own' });
    const c = await createCampaign('Mine', [profileId], templateId);
    const other = await insertUser(ctx.db);
    const otherToken = await login(ctx.app, other);
    expect((await call('GET', `/api/campaigns/${c.id}`, undefined, otherToken)).status).toBe(404);
    expect((await call('POST', `/api/campaigns/${c.id}/start`, {}, otherToken)).status).toBe(404);
    expect((await call('DELETE', `/api/campaigns/${c.id}`, undefined, otherToken)).status).toBe(404);
    // Another owner's template cannot be picked.
    expect((await call('PUT', `/api/campaigns/${c.id}`, { name: 'x', templateId, audience: { profileIds: [] } }, otherToken)).status).toBe(
      404,
    );
    const adminToken = await login(ctx.app, ADMIN);
    expect((await call('GET', '/api/campaigns', undefined, adminToken)).status).toBe(403);
    // Bad input is a 422 with the field.
    const bad = await call('POST', '/api/campaigns', { name: '', templateId: 'nope' });
    expect(bad.status).toBe(422);
  });

  it('schedules a campaign with a snapshot of the template, cancels it back to draft, and trashes and restores it', async () => {
    const { profileId, templateId } = await seedCampaignAudience(ctx.db, demoId, 1, { prefix: 'sched' });
    const c = await createCampaign('Later', [profileId], templateId);
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await call('POST', `/api/campaigns/${c.id}/start`, { at });
    expect(scheduled.body.data).toMatchObject({ state: 'scheduled', scheduledAt: at, subject: 'News for {{nombre}}' });
    const cancelled = await call('POST', `/api/campaigns/${c.id}/cancel`);
    expect(cancelled.body.data).toMatchObject({ state: 'draft', scheduledAt: null });
    expect((await call('DELETE', `/api/campaigns/${c.id}`)).status).toBe(200);
    expect((await call('GET', `/api/campaigns/${c.id}`)).status).toBe(404);
    const trash = await ctx.app.inject({ method: 'GET', url: '/api/trash?kind=campaign', headers: bearer(token) });
    expect(trash.json<{ data: { id: string }[] }>().data.map((i) => i.id)).toContain(c.id);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/trash/campaign/${c.id}/restore`, headers: bearer(token) })).statusCode).toBe(
      200,
    );
    expect((await call('GET', `/api/campaigns/${c.id}`)).body.data.state).toBe('draft');
  });

  it('pause stops sending and resume continues: 2,000 recipients each get exactly one email', async () => {
    const total = 2000;
    const { profileId, templateId } = await seedCampaignAudience(ctx.db, demoId, total, { prefix: 'pause', domain: 'pause.example' });
    const c = await createCampaign('Pause me', [profileId], templateId);
    // In-flight emails finish: no row stays claimed; then nothing more goes out.
    const received = await startThenPause(c.id, 'pause.example', 300);
    const atPause = received();
    // Every sending run due now has ended (each found the campaign paused): none is left to send
    // more. Jobs due later (an earlier test's campaign scheduled an hour ahead) are not runs.
    await waitFor(
      async () => {
        const { rows } = await ctx.db.execute(
          sql`select count(*)::int as n from pgboss.job where starts_with(name, 'campaign.') and (state = 'active' or (state in ('created', 'retry') and start_after <= now()))`,
        );
        return (rows[0] as { n: number }).n === 0 ? true : undefined;
      },
      'the campaign runs due now to end',
      60_000,
    );
    expect(received()).toBe(atPause);
    expect(atPause).toBeLessThan(total);
    const paused = await campaignOf(c.id);
    expect(paused.state).toBe('paused');
    expect(paused.figures.sent).toBe(atPause);

    expect((await call('POST', `/api/campaigns/${c.id}/resume`)).body.data.state).toBe('sending');
    const done = await finished(c.id);
    expect(done.figures).toMatchObject({ recipients: total, sent: total, pending: 0, failed: 0 });
    const counts = new Map<string, number>();
    for (const m of mail.received) for (const to of m.to) if (to.endsWith('@pause.example')) counts.set(to, (counts.get(to) ?? 0) + 1);
    expect(counts.size).toBe(total);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
  });

  it('cancelling a paused campaign skips its pending recipients and drops their queued Comunicaciones rows, keeping the sent ones', async () => {
    const total = 400;
    const { profileId, templateId } = await seedCampaignAudience(ctx.db, demoId, total, { prefix: 'cancel', domain: 'cancel.example' });
    const c = await createCampaign('Cancel me', [profileId], templateId);
    await startThenPause(c.id, 'cancel.example', 20);
    expect((await call('POST', `/api/campaigns/${c.id}/cancel`)).body.data.state).toBe('cancelled');

    const states = await recipientStates(ctx.db, c.id);
    expect(states.pending ?? 0).toBe(0);
    expect(states.sent).toBeGreaterThan(0);
    expect(states.skipped).toBe(total - states.sent!);
    const logged = await ctx.db.execute(
      sql`select status, count(*)::int as n from deliveries where id in (select id from campaign_recipients where campaign_id = ${c.id}) group by status`,
    );
    const byStatus = Object.fromEntries((logged.rows as { status: string; n: number }[]).map((r) => [r.status, r.n]));
    expect(byStatus.queued ?? 0).toBe(0);
    expect((byStatus.sent ?? 0) + (byStatus.logged ?? 0)).toBe(states.sent);
  });
});

describe('a slow run that lost its lease', () => {
  it('does not send a row another run claimed meanwhile (the claim count fences the holder)', async () => {
    const { createCampaignsRepository } = await import('../../src/modules/campaigns/repository.js');
    const repo = createCampaignsRepository(ctx.db);
    const { profileId, templateId } = await seedCampaignAudience(ctx.db, demoId, 3, { prefix: 'fence' });
    const draft = await createCampaign('Fenced', [profileId], templateId);
    // Rows of a draft are claimable directly: the sender is not involved, only the claim protocol.
    await ctx.db.execute(
      sql`insert into campaign_recipients (id, campaign_id, email, name) values (gen_random_uuid(), ${draft.id}, 'fence-a@example.com', 'A')`,
    );
    const [slow] = await repo.claim(draft.id, 1, 1);
    expect(slow).toBeDefined();
    // The slow run's lease runs out while the row waits in its batch; another run claims it.
    await ctx.db.execute(sql`update campaign_recipients set lease_until = now() - interval '1 second' where id = ${slow!.id}`);
    const [fast] = await repo.claim(draft.id, 1, 60);
    expect(fast!.id).toBe(slow!.id);
    expect(await repo.hold(fast!.id, fast!.attempts, 60)).toBe(true);
    // The slow run reaches the row: it is no longer its own, so it is not sent twice.
    expect(await repo.hold(slow!.id, slow!.attempts, 60)).toBe(false);
  });
});
