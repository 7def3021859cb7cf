import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Automation } from '@enlaza/contracts';
import {
  automationEnrolments,
  campaignSenders,
  deliveries,
  emailTemplates,
  plans,
  subscriptions,
  suppressions,
} from '../../src/db/schema/index.js';
import { startDnsServer, type DnsServer } from '../helpers/dns-server.js';
import { startMailbox, type Mailbox } from '../helpers/mailbox.js';
import { ADMIN, bearer, createTestApp, insertUser, login, queueIdle, waitFor, type TestContext } from '../helpers/test-app.js';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const DAY_MINUTES = 1440;
const WEBHOOK_SECRET = 'automation-bounces-0123456789abcdef';
let t: TestContext;
let mail: Mailbox;
let dns: DnsServer;
let addresses = 0;

beforeAll(async () => {
  mail = await startMailbox();
  dns = await startDnsServer();
  t = await createTestApp({
    ...mail.env,
    ...dns.env,
    TEST_CLOCK_ENABLED: 'true',
    PUBLIC_URL: 'http://enlaza.test',
    BOUNCE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });
});
afterAll(async () => {
  await t?.close();
  await mail?.close();
  await dns?.close();
});

type Owner = Awaited<ReturnType<typeof owner>>;

/** A new account on the business plan (double opt-in on, as every new account has it), with a sender, two templates and a card. */
async function owner(name = 'Ana Owner', plan: string | null = 'business') {
  const user = await insertUser(t.db, { name, notificationEmails: [] });
  const [chosen] = plan ? await t.db.select().from(plans).where(eq(plans.code, plan)) : [];
  if (chosen)
    await t.db.insert(subscriptions).values({ userId: user.id, planId: chosen.id, status: 'active', currentPeriodStart: new Date() });
  const token = await login(t.app, user);
  const o = { user, token };
  const card = (await call(o, 'POST', '/api/profiles', { kind: 'card', card: { firstName: 'Ana', lastName: 'Card' } })).json().data
    .id as string;
  const [welcome, followUp] = await t.db
    .insert(emailTemplates)
    .values([
      {
        userId: user.id,
        name: 'Welcome',
        subject: 'Welcome, {{nombre}}',
        bodyHtml: '<p>Hello {{nombre}}, <a href="https://example.org/start">start here</a>.</p>',
        bodyText: 'Hello {{nombre}}, start here: https://example.org/start',
      },
      { userId: user.id, name: 'Two days later', subject: 'How is it going?', bodyHtml: '<p>Still there?</p>', bodyText: 'Still there?' },
    ])
    .returning();
  return { ...o, card, welcome: welcome!.id, followUp: followUp!.id };
}
const saveSender = (o: { user: { id: string } }) =>
  t.db
    .insert(campaignSenders)
    .values({ userId: o.user.id, name: 'Ana Owner', postalAddress: 'Calle Mayor 1, Madrid' })
    .onConflictDoNothing();

function call(o: { token: string }, method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: { ...bearer(o.token), 'accept-language': 'en' }, ...(payload ? { payload } : {}) });
}
const data = async (o: { token: string }, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) => {
  const res = await call(o, method, url, payload);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().data as Automation;
};

/** A draft automation with steps: [templateId, delayMinutes, condition]. */
async function build(o: Owner, trigger: object, steps: [string, number, string?][], name = 'Welcome series') {
  let a = await data(o, 'POST', '/api/automations', { name, trigger });
  for (const [templateId, delayMinutes, condition] of steps)
    a = await data(o, 'POST', `/api/automations/${a.id}/steps`, { templateId, delayMinutes, condition: condition ?? 'always' });
  return a;
}

/** A visitor writes to `profileId` with consent ticked. */
function write(o: Owner, profileId: string, email: string, consent = true) {
  return t.app.inject({
    method: 'POST',
    url: `/api/public/link/${o.user.alias}/${profileId}/messages`,
    payload: { name: 'Vera Visitor', email, message: 'Keep me posted', consent },
    headers: { 'accept-language': 'en' },
    remoteAddress: `10.7.${Math.floor(++addresses / 250)}.${addresses % 250}`,
  });
}

/** The visitor opens the confirmation email's link and presses the button. */
async function confirm(email: string) {
  const message = await mail.next(email, (m) => /confirm/i.test(m.subject));
  const token = /\/confirmar\/([A-Za-z0-9_-]+)/.exec(message.text)![1]!;
  expect((await t.app.inject({ method: 'POST', url: `/confirmar/${token}` })).statusCode).toBe(200);
}

/** Everything that follows settles: events (who enters), the advance (who moves on), the sender (what goes out). */
async function settle() {
  await queueIdle(t.app);
}
const get = (o: Owner, id: string) => data(o, 'GET', `/api/automations/${id}`);
const advanceClock = async (days: number) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/test-clock/advance',
    headers: bearer(await login(t.app, ADMIN)),
    payload: { days },
  });
  expect(res.statusCode, res.body).toBe(200);
};

describe('automations', () => {
  // First: the test clock has not moved yet (the deliveries' times and the sending month agree).
  it('holds a step that would pass the monthly sends, and sends it when the next month brings more', async () => {
    const o = await owner('Quinn Quota', null);
    await saveSender(o);
    await call(o, 'PUT', '/api/audience/consent', { doubleOptIn: false, subject: null, body: null, thanks: null, pendingDays: 30 });
    const a = await build(o, { kind: 'consented', profileId: null }, [[o.welcome, 0]]);
    await data(o, 'POST', `/api/automations/${a.id}/activate`);
    const quota = (await call(o, 'GET', '/api/envio/data')).json();
    // All but one of the month's sends used.
    await t.db.insert(deliveries).values(
      Array.from({ length: quota.limit - quota.used - 1 }, (_, i) => ({
        userId: o.user.id,
        kind: 'test' as const,
        toEmail: `used${i}@x.example`,
        subject: 'x',
        status: 'sent' as const,
      })),
    );
    await write(o, o.card, 'first@visitor.example');
    await settle();
    await write(o, o.card, 'second@visitor.example');
    await settle();
    let shown = await get(o, a.id);
    expect(shown.steps[0]!.figures).toMatchObject({ sent: 1, waiting: 1 });
    expect((await call(o, 'GET', '/api/envio/data')).json()).toMatchObject({ used: quota.limit, remaining: 0 });
    const [held] = await t.db
      .select()
      .from(automationEnrolments)
      .where(and(eq(automationEnrolments.automationId, a.id), eq(automationEnrolments.email, 'second@visitor.example')));
    expect(held).toMatchObject({ state: 'active', nextPosition: 0 });
    // A new sending month: the held step goes out.
    await advanceClock(32);
    await waitFor(async () => ((await get(o, a.id)).people.finished === 2 ? true : undefined), 'the held person to get the step');
    await settle();
    shown = await get(o, a.id);
    expect(shown.steps[0]!.figures).toMatchObject({ sent: 2, waiting: 0 });
    await mail.next('second@visitor.example', (m) => m.subject.startsWith('Welcome'));
  });

  it('welcomes a confirmed visitor at once, sends the next step two days later to those who opened, and skips the others', async () => {
    const o = await owner();
    await saveSender(o);
    let a = await build(o, { kind: 'consented', profileId: null }, [
      [o.welcome, 0],
      [o.followUp, 2 * DAY_MINUTES, 'opened'],
    ]);
    expect(a).toMatchObject({
      state: 'draft',
      steps: [
        { position: 0, condition: 'always' },
        { position: 1, delayMinutes: 2880, condition: 'opened' },
      ],
    });
    // A draft takes nobody.
    await write(o, o.card, 'early@visitor.example');
    await confirm('early@visitor.example');
    await settle();
    a = await data(o, 'POST', `/api/automations/${a.id}/activate`);
    expect(a.state).toBe('active');

    for (const email of ['opener@visitor.example', 'silent@visitor.example']) {
      expect((await write(o, o.card, email)).json().data).toEqual({ received: true, confirmation: true });
      await settle();
      // Not in it until the consent is confirmed (double opt-in).
      expect((await get(o, a.id)).people.active).toBe(email === 'opener@visitor.example' ? 0 : 1);
      await confirm(email);
      await settle();
    }
    // The welcome step went out at once to each, exactly once, through the campaign sender (list headers, tracking).
    const welcome = await mail.next('opener@visitor.example', (m) => m.subject === 'Welcome, Vera Visitor');
    expect(welcome.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/im);
    await mail.next('silent@visitor.example', (m) => m.subject === 'Welcome, Vera Visitor');
    expect(mail.count('early@visitor.example')).toBe(1); // only its confirmation email
    a = await get(o, a.id);
    expect(a.people).toEqual({ active: 2, finished: 0, stopped: 0 });
    expect(a.steps[0]!.figures).toMatchObject({ sent: 2, pending: 0 });
    expect(a.steps[1]!.figures).toMatchObject({ sent: 0, waiting: 2 });
    // Counted sends (kinds the monthly quota counts): the confirmations (the early one's too) and the two welcomes.
    const sends = await t.db.select({ kind: deliveries.kind }).from(deliveries).where(eq(deliveries.userId, o.user.id));
    expect(sends.map((d) => d.kind).sort()).toEqual(['campaign', 'campaign', 'confirmation', 'confirmation', 'confirmation']);

    // One opens it (a person's browser fetches the pixel).
    const pixel = /src="http:\/\/enlaza\.test(\/api\/campaigns\/t\/o\/[^"]+)"/.exec(welcome.html)![1]!;
    expect((await t.app.inject({ url: pixel, headers: { 'user-agent': CHROME } })).statusCode).toBe(200);

    // A day later nothing more; two days later the opener gets the follow-up, the other is skipped.
    await advanceClock(1);
    await settle();
    expect((await get(o, a.id)).steps[1]!.figures).toMatchObject({ sent: 0, skipped: 0, waiting: 2 });
    await advanceClock(1);
    await waitFor(async () => ((await get(o, a.id)).people.finished === 2 ? true : undefined), 'both to finish');
    await settle();
    a = await get(o, a.id);
    expect(a.steps[1]!.figures).toMatchObject({ sent: 1, skipped: 1, waiting: 0, opened: 0 });
    expect(a.steps[0]!.figures).toMatchObject({ sent: 2, opened: 1 });
    await mail.next('opener@visitor.example', (m) => m.subject === 'How is it going?');
    expect(mail.received.filter((m) => m.to.includes('silent@visitor.example') && m.subject === 'How is it going?')).toHaveLength(0);

    // The people list says where each one is.
    const people = (await call(o, 'GET', `/api/automations/${a.id}/people`)).json();
    expect(people.data.map((p: { email: string; state: string }) => [p.email, p.state]).sort()).toEqual([
      ['opener@visitor.example', 'finished'],
      ['silent@visitor.example', 'finished'],
    ]);
    expect(people.meta.nextCursor).toBeNull();
    // The steps' campaigns are not in the campaigns list, and not reachable as campaigns.
    expect((await call(o, 'GET', '/api/campaigns')).json().data).toEqual([]);
    const [stepCampaign] = (await t.db.execute(sql`select campaign_id from automation_steps where automation_id = ${a.id}`)).rows as {
      campaign_id: string;
    }[];
    expect((await call(o, 'GET', `/api/campaigns/${stepCampaign!.campaign_id}`)).statusCode).toBe(404);

    // The owner verifies a domain of their own (its records published in the test's DNS) and sends from it.
    const domain = (await call(o, 'POST', '/api/sending-domains', { domain: 'news.ana-owner.example' })).json().data as {
      id: string;
      records: { kind: string; name: string; value: string }[];
    };
    dns.publish(domain.records);
    expect((await call(o, 'POST', `/api/sending-domains/${domain.id}/check`)).json().data.status).toBe('verified');
    expect((await call(o, 'PATCH', `/api/sending-domains/${domain.id}`, { inUse: true })).statusCode).toBe(200);

    // A segment "opened the welcome email" holds the opener, and a campaign to it reaches only them.
    const rule = {
      match: 'all',
      groups: [{ match: 'all', conditions: [{ kind: 'engagement', event: 'opened', emailId: a.steps[0]!.emailId }] }],
    };
    const segment = (await call(o, 'POST', '/api/audience/segments', { name: 'Opened the welcome', rule })).json().data as { id: string };
    expect((await call(o, 'GET', `/api/audience/segments/${segment.id}/count`)).json().data).toEqual({ people: 1 });
    const campaign = (
      await call(o, 'POST', '/api/campaigns', { name: 'To the openers', templateId: o.welcome, audience: { segmentIds: [segment.id] } })
    ).json().data as { id: string };
    expect((await call(o, 'POST', `/api/campaigns/${campaign.id}/start`, {})).statusCode).toBe(200);
    await settle();
    const [sentTo] = (
      await t.db.execute(sql`select array_agg(email) as emails from campaign_recipients where campaign_id = ${campaign.id}`)
    ).rows as {
      emails: string[];
    }[];
    expect(sentTo!.emails).toEqual(['opener@visitor.example']);
    const fromDomain = await mail.next('opener@visitor.example', (m) => m.subject === 'Welcome, Vera Visitor');
    // From the owner's verified domain, signed with its key: an independent verifier passes DKIM (over
    // the list headers) and DMARC.
    expect(fromDomain.raw).toMatch(/^From: "?Ana Owner"? <hola@news\.ana-owner\.example>/im);
    const verdict = await dns.verdict(fromDomain.raw);
    expect(verdict.dkim.map((d) => [d.result, d.domain])).toEqual([['pass', 'news.ana-owner.example']]);
    expect(verdict.dkim[0]!.fields).toEqual(
      expect.arrayContaining(['list-unsubscribe', 'list-unsubscribe-post', 'list-id', 'feedback-id']),
    );
    expect(verdict.dmarc).toBe('pass');
  });

  it('sends a step for a segment to the people in it when the step is due, and skips the others', async () => {
    const o = await owner();
    await saveSender(o);
    await call(o, 'PUT', '/api/audience/consent', { doubleOptIn: false, subject: null, body: null, thanks: null, pendingDays: 30 });
    const city = (await call(o, 'POST', '/api/audience/fields', { name: 'City', type: 'text' })).json().data as { id: string };
    const madrid = (
      await call(o, 'POST', '/api/audience/segments', {
        name: 'Madrid',
        rule: { match: 'all', groups: [{ match: 'all', conditions: [{ kind: 'field', fieldId: city.id, op: 'is', value: 'Madrid' }] }] },
      })
    ).json().data as { id: string };
    let a = await data(o, 'POST', '/api/automations', { name: 'Madrid only', trigger: { kind: 'consented', profileId: null } });
    a = await data(o, 'POST', `/api/automations/${a.id}/steps`, { templateId: o.welcome, delayMinutes: DAY_MINUTES, segmentId: madrid.id });
    expect(a.steps[0]).toMatchObject({ segmentId: madrid.id, segmentName: 'Madrid' });
    await data(o, 'POST', `/api/automations/${a.id}/activate`);
    for (const email of ['local@visitor.example', 'away@visitor.example']) await write(o, o.card, email);
    await settle();
    // The rule is read when the step is due, not when they entered: Madrid is set after.
    await call(o, 'PUT', '/api/audience/fields/values', { email: 'local@visitor.example', values: { [city.id]: 'Madrid' } });
    await advanceClock(1);
    await waitFor(async () => ((await get(o, a.id)).people.finished === 2 ? true : undefined), 'both to go past the step');
    await settle();
    expect((await get(o, a.id)).steps[0]!.figures).toMatchObject({ sent: 1, skipped: 1 });
    await mail.next('local@visitor.example', (m) => m.subject.startsWith('Welcome'));
    expect(mail.received.filter((m) => m.to.includes('away@visitor.example') && m.subject.startsWith('Welcome'))).toHaveLength(0);
    // Another owner's segment is not found, on adding a step and on changing one.
    const other = await owner('Otto Other');
    const theirs = await build(other, { kind: 'consented', profileId: null }, [[other.welcome, 0]], 'Theirs');
    const step = { templateId: other.welcome, delayMinutes: 0, segmentId: madrid.id };
    expect((await call(other, 'POST', `/api/automations/${theirs.id}/steps`, step)).statusCode).toBe(404);
    expect((await call(other, 'PUT', `/api/automations/${theirs.id}/steps/${theirs.steps[0]!.id}`, step)).statusCode).toBe(404);
    expect((await get(other, theirs.id)).steps.map((s) => s.segmentId)).toEqual([null]);
  });

  it('takes each address once, stops on unsubscribe, and holds people while paused', async () => {
    const o = await owner();
    await saveSender(o);
    await call(o, 'PUT', '/api/audience/consent', { doubleOptIn: false, subject: null, body: null, thanks: null, pendingDays: 30 });
    let a = await build(o, { kind: 'consented', profileId: o.card }, [
      [o.welcome, 0],
      [o.followUp, DAY_MINUTES],
      [o.followUp, DAY_MINUTES],
    ]);
    a = await data(o, 'POST', `/api/automations/${a.id}/activate`);
    for (const email of ['twice@visitor.example', 'twice@visitor.example', 'leaver@visitor.example']) {
      expect((await write(o, o.card, email)).statusCode).toBe(201);
      await settle();
    }
    await mail.next('twice@visitor.example', (m) => m.subject.startsWith('Welcome'));
    a = await get(o, a.id);
    expect(a.people.active).toBe(2);
    expect(a.steps[0]!.figures.sent).toBe(2);

    // The leaver unsubscribes through the welcome's one-click link.
    const leaverWelcome = await mail.next('leaver@visitor.example', (m) => m.subject.startsWith('Welcome'));
    const unsubscribe = /^List-Unsubscribe:\s*<http:\/\/enlaza\.test(\/u\/[^>]+)>/im.exec(leaverWelcome.raw)![1]!;
    const unsubscribed = await t.app.inject({
      method: 'POST',
      url: unsubscribe,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(unsubscribed.statusCode).toBeLessThan(300);

    // Paused: the day passes, nobody moves.
    a = await data(o, 'POST', `/api/automations/${a.id}/pause`);
    expect(a.state).toBe('paused');
    await advanceClock(1);
    await settle();
    expect((await get(o, a.id)).steps[1]!.figures).toMatchObject({ sent: 0, waiting: 2 });
    // A paused automation cannot be deleted while active only: paused is fine, but activate it again first here.
    a = await data(o, 'POST', `/api/automations/${a.id}/activate`);
    await waitFor(async () => ((await get(o, a.id)).people.stopped === 1 ? true : undefined), 'the leaver to stop');
    await settle();
    a = await get(o, a.id);
    expect(a.steps[1]!.figures).toMatchObject({ sent: 1 });
    const [leaver] = await t.db
      .select()
      .from(automationEnrolments)
      .where(and(eq(automationEnrolments.automationId, a.id), eq(automationEnrolments.email, 'leaver@visitor.example')));
    expect(leaver).toMatchObject({ state: 'stopped', stopReason: 'unsubscribed' });
    // Each address got each step once.
    expect(mail.received.filter((m) => m.to.includes('twice@visitor.example') && m.subject.startsWith('Welcome'))).toHaveLength(1);

    // Active: 409 on delete; paused: deleted, its steps' campaigns with it (the deliveries stay).
    expect((await call(o, 'DELETE', `/api/automations/${a.id}`)).json().code).toBe('automation.busy');
    await data(o, 'POST', `/api/automations/${a.id}/pause`);
    expect((await call(o, 'DELETE', `/api/automations/${a.id}`)).statusCode).toBe(200);
    expect((await call(o, 'GET', `/api/automations/${a.id}`)).statusCode).toBe(404);
    const kept = await t.db
      .select()
      .from(deliveries)
      .where(and(eq(deliveries.userId, o.user.id), eq(deliveries.kind, 'campaign')));
    expect(kept.length).toBe(3);
  });

  it('starts on a lost tag found (not on a card) and on contacts joining a list after it was activated', async () => {
    const o = await owner();
    await saveSender(o);
    await call(o, 'PUT', '/api/audience/consent', { doubleOptIn: false, subject: null, body: null, thanks: null, pendingDays: 30 });
    const tag = (await call(o, 'POST', '/api/profiles', { kind: 'tag', tag: { name: 'Luna', tagKind: 'pet', lostMode: true } })).json().data
      .id;
    const lost = await build(o, { kind: 'lost_found', profileId: null }, [[o.welcome, 0]], 'Thanks, finder');
    await data(o, 'POST', `/api/automations/${lost.id}/activate`);
    await write(o, tag, 'finder@visitor.example');
    await write(o, o.card, 'reader@visitor.example');
    await settle();
    expect((await get(o, lost.id)).people.finished).toBe(1);
    const [finder] = await t.db.select().from(automationEnrolments).where(eq(automationEnrolments.automationId, lost.id));
    expect(finder?.email).toBe('finder@visitor.example');

    const imported = await call(o, 'POST', '/api/audience/lists/import', {
      name: 'Fair leads',
      csv: 'email,name\nbefore@list.example,Before',
      hasHeader: true,
      emailColumn: 0,
      nameColumn: 1,
      consent: true,
    });
    expect(imported.statusCode, imported.body).toBeLessThan(300);
    const listId = imported.json().data.list.id as string;
    const onList = await build(o, { kind: 'list_added', listId }, [[o.welcome, 0]], 'New leads');
    await data(o, 'POST', `/api/automations/${onList.id}/activate`);
    const more = await call(o, 'POST', '/api/audience/lists/import', {
      listId,
      csv: 'email,name\nafter@list.example,After\nbefore@list.example,Before',
      hasHeader: true,
      emailColumn: 0,
      nameColumn: 1,
      consent: true,
    });
    expect(more.statusCode, more.body).toBeLessThan(300);
    await settle();
    const joined = await t.db.select().from(automationEnrolments).where(eq(automationEnrolments.automationId, onList.id));
    expect(joined.map((p) => p.email)).toEqual(['after@list.example']);
    await mail.next('after@list.example', (m) => m.subject === 'Welcome, After');
  });

  it("refuses to activate without steps, a sender or a template, and sends a step's test to the owner", async () => {
    const o = await owner();
    const empty = await build(o, { kind: 'consented', profileId: null }, []);
    expect((await call(o, 'POST', `/api/automations/${empty.id}/activate`)).json().code).toBe('automation.no_steps');
    const a = await build(o, { kind: 'consented', profileId: null }, [[o.welcome, 0]]);
    const noSender = await call(o, 'POST', `/api/automations/${a.id}/activate`);
    expect([noSender.statusCode, noSender.json().code]).toEqual([409, 'campaign.sender_missing']);
    await saveSender(o);
    await t.db.update(emailTemplates).set({ deletedAt: new Date() }).where(eq(emailTemplates.id, o.welcome));
    const gone = await call(o, 'POST', `/api/automations/${a.id}/activate`);
    expect([gone.statusCode, gone.json().code, gone.json().message]).toEqual([
      422,
      'automation.template_missing',
      'The template of step 1 is gone (deleted or in the trash): pick another one.',
    ]);
    expect((await get(o, a.id)).state).toBe('draft');
    // The step's test send goes to the owner's own address.
    await t.db.update(emailTemplates).set({ deletedAt: null }).where(eq(emailTemplates.id, o.welcome));
    const test = await call(o, 'POST', `/api/automations/${a.id}/steps/${a.steps[0]!.id}/test`);
    expect(test.json().data).toEqual({ to: o.user.email });
    await mail.next(o.user.email, (m) => m.subject === 'Welcome, Ana Owner');
    // Bad input is a translated 422, not a 500.
    const bad = await call(o, 'POST', `/api/automations/${a.id}/steps`, { templateId: o.welcome, delayMinutes: -1 });
    expect(bad.statusCode).toBe(422);
    const badTrigger = await call(o, 'POST', '/api/automations', { name: 'x', trigger: { kind: 'list_added' } });
    expect(badTrigger.statusCode).toBe(422);
  });

  it("answers 404 for another owner's automation, step, template, card or list on every route, and 403 to an admin", async () => {
    const mine = await owner();
    const theirs = await owner('Otto Other');
    const a = await build(theirs, { kind: 'consented', profileId: null }, [[theirs.welcome, 0]]);
    const step = a.steps[0]!.id;
    const body = { name: 'x', trigger: { kind: 'consented', profileId: null } };
    const stepBody = { templateId: mine.welcome, delayMinutes: 0, condition: 'always' };
    const routes: [string, string, object?][] = [
      ['GET', `/api/automations/${a.id}`],
      ['PUT', `/api/automations/${a.id}`, body],
      ['DELETE', `/api/automations/${a.id}`],
      ['POST', `/api/automations/${a.id}/steps`, stepBody],
      ['PUT', `/api/automations/${a.id}/steps/${step}`, stepBody],
      ['DELETE', `/api/automations/${a.id}/steps/${step}`],
      ['POST', `/api/automations/${a.id}/activate`],
      ['POST', `/api/automations/${a.id}/pause`],
      ['POST', `/api/automations/${a.id}/steps/${step}/test`],
      ['GET', `/api/automations/${a.id}/people`],
    ];
    for (const [method, url, payload] of routes)
      expect((await call(mine, method as 'GET', url, payload)).statusCode, `${method} ${url}`).toBe(404);
    // Ids inside a body: another owner's template, card or list.
    const own = await build(mine, { kind: 'consented', profileId: null }, [[mine.welcome, 0]]);
    for (const [method, url] of [
      ['POST', `/api/automations/${own.id}/steps`],
      ['PUT', `/api/automations/${own.id}/steps/${own.steps[0]!.id}`],
    ] as const)
      expect((await call(mine, method, url, { ...stepBody, templateId: theirs.welcome })).statusCode, `${method} ${url}`).toBe(404);
    for (const [method, url] of [
      ['POST', '/api/automations'],
      ['PUT', `/api/automations/${own.id}`],
    ] as const) {
      expect((await call(mine, method, url, { name: 'x', trigger: { kind: 'consented', profileId: theirs.card } })).statusCode).toBe(404);
      expect(
        (await call(mine, method, url, { name: 'x', trigger: { kind: 'list_added', listId: '00000000-0000-4000-8000-000000000000' } }))
          .statusCode,
      ).toBe(404);
    }
    // Nothing of theirs changed.
    expect(await get(theirs, a.id)).toMatchObject({ name: 'Welcome series', state: 'draft', steps: [{ templateId: theirs.welcome }] });
    const admin = { token: await login(t.app, ADMIN) };
    expect((await call(admin, 'GET', '/api/automations')).statusCode).toBe(403);
    expect((await call(admin, 'POST', '/api/automations', body)).statusCode).toBe(403);
  });

  it('keeps a suppressed address out when its step comes, whatever the reason', async () => {
    const o = await owner();
    await saveSender(o);
    await call(o, 'PUT', '/api/audience/consent', { doubleOptIn: false, subject: null, body: null, thanks: null, pendingDays: 30 });
    const a = await build(o, { kind: 'consented', profileId: null }, [[o.welcome, 60]]);
    await data(o, 'POST', `/api/automations/${a.id}/activate`);
    await write(o, o.card, 'bounced@visitor.example');
    await settle();
    await t.db.insert(suppressions).values({ userId: o.user.id, email: 'bounced@visitor.example', reason: 'bounced' });
    await advanceClock(1);
    await waitFor(async () => ((await get(o, a.id)).people.stopped === 1 ? true : undefined), 'the bounced address to stop');
    const [person] = await t.db.select().from(automationEnrolments).where(eq(automationEnrolments.automationId, a.id));
    expect(person).toMatchObject({ state: 'stopped', stopReason: 'bounced' });
    expect(mail.count('bounced@visitor.example')).toBe(0);
  });

  it('sends a step added to an active automation to the people who had finished it', async () => {
    const o = await owner();
    await saveSender(o);
    await call(o, 'PUT', '/api/audience/consent', { doubleOptIn: false, subject: null, body: null, thanks: null, pendingDays: 30 });
    let a = await build(o, { kind: 'consented', profileId: null }, [[o.welcome, 0]]);
    await data(o, 'POST', `/api/automations/${a.id}/activate`);
    await write(o, o.card, 'done@visitor.example');
    await settle();
    expect((await get(o, a.id)).people).toEqual({ active: 0, finished: 1, stopped: 0 });
    a = await data(o, 'POST', `/api/automations/${a.id}/steps`, { templateId: o.followUp, delayMinutes: 0, condition: 'always' });
    expect(a.people).toEqual({ active: 1, finished: 0, stopped: 0 });
    await waitFor(async () => ((await get(o, a.id)).people.finished === 1 ? true : undefined), 'the new step');
    await settle();
    expect((await get(o, a.id)).steps[1]!.figures).toMatchObject({ sent: 1 });
    await mail.next('done@visitor.example', (m) => m.subject === 'How is it going?');
  });

  it('pauses with the complaint watch when its steps draw complaints past the limit, and cannot be activated while it lasts', async () => {
    const o = await owner('Carla Complaints');
    await saveSender(o);
    await call(o, 'PUT', '/api/audience/consent', { doubleOptIn: false, subject: null, body: null, thanks: null, pendingDays: 30 });
    const a = await build(o, { kind: 'consented', profileId: null }, [[o.welcome, 0]]);
    await data(o, 'POST', `/api/automations/${a.id}/activate`);
    const people = ['c0@visitor.example', 'c1@visitor.example', 'c2@visitor.example'];
    for (const email of people) await write(o, o.card, email);
    await settle();
    expect((await get(o, a.id)).steps[0]!.figures.sent).toBe(3);
    // Every one of them reports the welcome as spam (a provider's feedback through the bounce webhook).
    const reported = await t.app.inject({
      method: 'POST',
      url: '/api/campaigns/webhooks/bounces',
      headers: { authorization: `Bearer ${WEBHOOK_SECRET}` },
      payload: { events: people.map((email) => ({ email, type: 'complaint' })) },
    });
    expect(reported.json().data).toMatchObject({ matched: 3, paused: 1 });
    await settle();
    expect((await get(o, a.id)).state).toBe('paused');
    const again = await call(o, 'POST', `/api/automations/${a.id}/activate`);
    expect([again.statusCode, again.json().code]).toEqual([409, 'campaign.paused_complaints']);
    expect((await get(o, a.id)).state).toBe('paused');
  });
});
