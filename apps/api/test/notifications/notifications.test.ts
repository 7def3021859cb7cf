import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { users } from '../../src/db/schema/index.js';
import { messages, notifications, plans, subscriptions } from '../../src/db/schema/index.js';
import { multipart, png } from '../helpers/files.js';
import { startMailbox, type Mailbox } from '../helpers/mailbox.js';
import { bearer, createTestApp, insertUser, login, queueIdle, type TestContext } from '../helpers/test-app.js';

let t: TestContext;
let mail: Mailbox;
let dataDir: string;
let business: typeof plans.$inferSelect;
let addressCounter = 0;

beforeAll(async () => {
  mail = await startMailbox();
  dataDir = await mkdtemp(join(tmpdir(), 'enlaza-notifications-'));
  t = await createTestApp({ ...mail.env, DATA_DIR: dataDir, PUBLIC_URL: 'https://enlaza.example' });
  [business] = (await t.db.select().from(plans).where(eq(plans.code, 'business'))) as [typeof plans.$inferSelect];
});
afterAll(async () => {
  await t.close();
  await mail.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function owner(planId = business.id, extra: Partial<typeof users.$inferInsert> = {}) {
  const row = await insertUser(t.db, extra);
  await t.db.insert(subscriptions).values({ userId: row.id, planId, status: 'active', currentPeriodStart: new Date() });
  return { ...row, token: await login(t.app, row) };
}
type Owner = Awaited<ReturnType<typeof owner>>;

async function createProfile(who: Owner, body: object): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/profiles', headers: bearer(who.token), payload: body });
  expect(res.statusCode).toBe(201);
  return res.json().data.id;
}
const card = (who: Owner) => createProfile(who, { kind: 'card', card: { firstName: 'Ana', lastName: 'Card' } });
const lostTag = (who: Owner) => createProfile(who, { kind: 'tag', tag: { name: 'Luna', tagKind: 'pet', lostMode: true } });

/** A visitor's message, and then its announcement: the owner's notification is raised after commit by an event job. */
async function contact(who: Owner, profileId: string, payload: object = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/public/link/${who.alias}/${profileId}/messages`,
    payload: { name: 'Vera Visitor', email: 'vera@visitor.example', message: 'I found your dog in the park', ...payload },
    remoteAddress: `203.0.113.${++addressCounter}`,
  });
  await queueIdle(t.app, 'event.');
  return res;
}

const get = (who: Owner, url: string, language = 'en') =>
  t.app.inject({ url, headers: { ...bearer(who.token), 'accept-language': language } });
const post = (who: Owner, url: string) => t.app.inject({ method: 'POST', url, headers: bearer(who.token) });

async function seed(who: Owner, n: number) {
  const rows = Array.from({ length: n }, (_, i) => ({
    userId: who.id,
    type: 'storage_quota',
    payload: { percent: 80, usedBytes: i, limitBytes: 100 },
  }));
  return t.db.insert(notifications).values(rows).returning({ id: notifications.id });
}

describe('a visitor message', () => {
  it('creates a notification for the owner, translated for the viewer, linking to the message', async () => {
    const ana = await owner();
    const id = await card(ana);
    expect((await contact(ana, id)).statusCode).toBe(201);
    const [message] = await t.db.select().from(messages).where(eq(messages.profileId, id));

    const res = await get(ana, '/api/notifications', 'es');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ nextCursor: null, unread: 1 });
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({
      type: 'new_message',
      read: false,
      title: 'Nuevo mensaje de Vera Visitor',
      link: `/user/buzon/${id}?message=${message!.id}`,
    });
    expect(body.data[0].body).toContain('I found your dog in the park');
    expect((await get(ana, '/api/notifications/unread')).json().data).toEqual({ unread: 1 });
  });

  it('to a tag in lost mode always emails the owner, even with new-message emails off', async () => {
    const ana = await owner(business.id, { notificationEmails: [] });
    const id = await lostTag(ana);
    expect((await contact(ana, id, { name: 'Finn Finder', email: 'finn@finder.example' })).statusCode).toBe(201);
    const email = await mail.next(ana.email);
    expect(email.subject).toContain('Finn Finder');
    expect(email.text).toContain('I found your dog in the park');
    expect(email.text).toContain('lost mode');
    expect(email.text).toContain(`https://enlaza.example/user/buzon/${id}`);
    expect((await get(ana, '/api/notifications')).json().data[0].title).toBe('Finn Finder may have found “Luna”');
  });

  it('to a card emails the owner only when new-message emails are chosen in Options', async () => {
    const ana = await owner(business.id, { notificationEmails: [] });
    const id = await card(ana);
    expect((await contact(ana, id, { message: 'first, not emailed' })).statusCode).toBe(201);
    const chosen = await t.app.inject({
      method: 'PUT',
      url: '/api/options/notifications',
      headers: bearer(ana.token),
      payload: { notificationEmails: ['new_message'] },
    });
    expect(chosen.statusCode).toBe(200);
    expect((await contact(ana, id, { message: 'second, emailed' })).statusCode).toBe(201);
    const email = await mail.next(ana.email);
    expect(email.text).toContain('second, emailed');
    // Both messages' events and any email they cause have been handled once the queue is idle.
    await queueIdle(t.app);
    expect(mail.count(ana.email)).toBe(1);
    expect((await get(ana, '/api/notifications')).json().meta.unread).toBe(2);
  });

  it('a new account gets new-message emails by default', async () => {
    const ana = await owner();
    expect((await get(ana, '/api/options')).json().data.notificationEmails).toEqual(['new_message']);
  });
});

describe('list and mark read', () => {
  it('pages newest first with a keyset cursor, with no overlap and nothing skipped', async () => {
    const ana = await owner();
    const ids = (await seed(ana, 7)).map((r) => String(r.id)).reverse();
    const seen: string[] = [];
    let before: string | null = null;
    do {
      const res = await get(ana, `/api/notifications?limit=3${before ? `&before=${before}` : ''}`);
      expect(res.statusCode).toBe(200);
      seen.push(...res.json().data.map((n: { id: string }) => n.id));
      before = res.json().meta.nextCursor;
    } while (before);
    expect(seen).toEqual(ids);
    expect((await get(ana, '/api/notifications?before=abc')).statusCode).toBe(422);
  });

  it('marks one read, then all read; the unread filter and count follow', async () => {
    const ana = await owner();
    const [first] = await seed(ana, 3);
    const one = await post(ana, `/api/notifications/${first!.id}/read`);
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toMatchObject({ id: String(first!.id), read: true });
    const unread = (await get(ana, '/api/notifications?unread=true')).json();
    expect(unread.data).toHaveLength(2);
    expect(unread.meta.unread).toBe(2);
    const all = await post(ana, '/api/notifications/read-all');
    expect(all.json().data).toEqual({ affected: 2 });
    expect((await get(ana, '/api/notifications/unread')).json().data.unread).toBe(0);
  });

  it('answers 404 for another user’s notification and leaves it unread', async () => {
    const ana = await owner();
    const otto = await owner();
    const [theirs] = await seed(otto, 1);
    const res = await post(ana, `/api/notifications/${theirs!.id}/read`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ ok: 0, code: 'record.not_found' });
    expect((await post(ana, '/api/notifications/not-a-number/read')).statusCode).toBe(404);
    const [row] = await t.db.select().from(notifications).where(eq(notifications.id, theirs!.id));
    expect(row!.readAt).toBeNull();
    expect((await post(ana, '/api/notifications/read-all')).json().data).toEqual({ affected: 0 });
    expect((await get(otto, '/api/notifications/unread')).json().data.unread).toBe(1);
  });

  it('are removed with the account (they quote visitors)', async () => {
    const ana = await owner();
    await seed(ana, 2);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/options/delete-account',
      headers: bearer(ana.token),
      payload: { password: ana.password },
    });
    expect(res.statusCode).toBe(200);
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, ana.id))).toEqual([]);
  });

  it('is for signed-in users only (401 without a session, 403 for an admin)', async () => {
    expect((await t.app.inject({ url: '/api/notifications' })).statusCode).toBe(401);
    const admin = await insertUser(t.db, { role: 'admin' });
    const token = await login(t.app, admin);
    expect((await t.app.inject({ url: '/api/notifications', headers: bearer(token) })).statusCode).toBe(403);
  });
});

describe('quota thresholds', () => {
  async function tinyPlan(limits: { storageBytes?: number; sendsPerMonth?: number }) {
    const [plan] = await t.db
      .insert(plans)
      .values({
        code: `tiny-${Date.now()}-${Math.random()}`,
        name: 'Tiny',
        maxProfiles: 5,
        maxTags: 5,
        storageBytes: limits.storageBytes ?? 1024 * 1024,
        sendsPerMonth: limits.sendsPerMonth ?? 100,
      })
      .returning();
    return plan!;
  }
  const ofType = async (who: Owner, type: string) =>
    (
      await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, who.id), eq(notifications.type, type)))
        .orderBy(notifications.id)
    ).map((n) => n.payload.percent);

  it('monthly sends raise 80 % once and 100 % once', async () => {
    const ana = await owner((await tinyPlan({ sendsPerMonth: 5 })).id);
    const id = await card(ana);
    expect((await contact(ana, id)).statusCode).toBe(201);
    const [message] = await t.db.select().from(messages).where(eq(messages.profileId, id));
    const reply = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/mailbox/messages/${message!.id}/reply`,
        headers: bearer(ana.token),
        payload: { body: 'Thanks' },
      });
    const percents: unknown[][] = [];
    for (let i = 0; i < 5; i++) {
      expect((await reply()).statusCode).toBe(200);
      // The notification follows the reply's `sends.counted` event.
      await queueIdle(t.app, 'event.');
      percents.push(await ofType(ana, 'sends_quota'));
    }
    expect(percents).toEqual([[], [], [], [80], [80, 100]]);
    expect((await reply()).json().code).toBe('quota.sends');
    expect(await ofType(ana, 'sends_quota')).toEqual([80, 100]);
    const [latest] = (await get(ana, '/api/notifications')).json().data;
    expect(latest).toMatchObject({ type: 'sends_quota', title: '100 % of this month’s emails sent', link: '/user/plans' });
  });

  it('storage raises 80 % once per crossing and 100 % once', async () => {
    const ana = await owner((await tinyPlan({ storageBytes: 10_000 })).id);
    const upload = async (bytes: number) => {
      const body = multipart([{ name: 'a.png', data: png(1, 1, [1, 2, 3], bytes - png(1, 1).length), type: 'image/png' }]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/files',
        headers: { ...bearer(ana.token), ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(201);
      // The thresholds follow the upload's `file.uploaded` event, after commit.
      await queueIdle(t.app, 'event.');
      return res.json().data[0]?.id ?? res.json().data.id;
    };
    await upload(7_000);
    expect(await ofType(ana, 'storage_quota')).toEqual([]);
    const crossing = await upload(1_500); // 85 %
    expect(await ofType(ana, 'storage_quota')).toEqual([80]);
    await upload(500); // 90 %: still over, nothing new
    expect(await ofType(ana, 'storage_quota')).toEqual([80]);
    await upload(1_000); // 100 %
    expect(await ofType(ana, 'storage_quota')).toEqual([80, 100]);
    expect(crossing).toBeTruthy();
  });
});
