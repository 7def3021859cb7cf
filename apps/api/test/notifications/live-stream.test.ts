import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plans, subscriptions } from '../../src/db/schema/index.js';
import { openStream, type Stream } from '../helpers/sse.js';
import { bearer, createTestApp, insertUser, login, queueIdle, type TestContext } from '../helpers/test-app.js';

let t: TestContext;
let base: string;
let addressCounter = 0;
const open: Stream[] = [];

beforeAll(async () => {
  // Heartbeats every 200 ms, so the session check they carry is seen quickly.
  t = await createTestApp({}, { notificationStreams: { heartbeatMs: 200 } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const s of open) await s.close();
  await t.close();
});

async function owner() {
  const [business] = await t.db.select().from(plans).where(eq(plans.code, 'business'));
  const row = await insertUser(t.db, { notificationEmails: [] });
  await t.db.insert(subscriptions).values({ userId: row.id, planId: business!.id, status: 'active', currentPeriodStart: new Date() });
  const token = await login(t.app, row);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/profiles',
    headers: bearer(token),
    payload: { kind: 'card', card: { firstName: 'Ana', lastName: 'Live' } },
  });
  return { ...row, token, profileId: res.json().data.id as string };
}
type Owner = Awaited<ReturnType<typeof owner>>;

async function stream(who: Owner | null, lastEventId?: string) {
  const s = await openStream(`${base}/api/notifications/stream`, who?.token ?? null, lastEventId);
  open.push(s);
  return s;
}

async function visitorWrites(who: Owner, message: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/public/link/${who.alias}/${who.profileId}/messages`,
    payload: { name: 'Vera Visitor', email: 'vera@visitor.example', message },
    remoteAddress: `192.0.2.${++addressCounter}`,
  });
  expect(res.statusCode).toBe(201);
  // The notification is raised after commit, by the event's job.
  await queueIdle(t.app, 'event.');
}
const bodyOf = (data: unknown) => (data as { body: string }).body;

describe('live notification stream', () => {
  it('delivers a notification to a connected client as it happens', async () => {
    const ana = await owner();
    const live = await stream(ana);
    expect(live.status).toBe(200);
    expect((await live.next('unread')).data).toEqual({ unread: 0 });
    await visitorWrites(ana, 'Is the shop open on Sunday?');
    const event = await live.next('notification');
    expect(event.id).toMatch(/^\d+$/);
    expect(event.data).toMatchObject({ id: event.id, type: 'new_message', read: false, unread: 1, title: 'New message from Vera Visitor' });
    expect(bodyOf(event.data)).toContain('Is the shop open on Sunday?');
  });

  it('resumes with Last-Event-ID: what was missed comes first, nothing twice', async () => {
    const ana = await owner();
    const first = await stream(ana);
    await visitorWrites(ana, 'one');
    const seen = await first.next('notification');
    await first.close();

    await visitorWrites(ana, 'two');
    await visitorWrites(ana, 'three');
    const again = await stream(ana, seen.id!);
    const missed = [await again.next('notification'), await again.next('notification')];
    expect(missed.map((e) => bodyOf(e.data))).toEqual([expect.stringContaining('two'), expect.stringContaining('three')]);
    expect(Number(missed[0]!.id)).toBeGreaterThan(Number(seen.id));
    expect(Number(missed[1]!.id)).toBeGreaterThan(Number(missed[0]!.id));
    await visitorWrites(ana, 'four');
    expect(bodyOf((await again.next('notification')).data)).toContain('four');
    // One more after it: a repeat of an earlier one would have come before it.
    await visitorWrites(ana, 'five');
    expect(bodyOf((await again.next('notification')).data)).toContain('five');
    const ids = again.events.filter((e) => e.event === 'notification').map((e) => e.id);
    expect(ids).toHaveLength(4);
    expect(new Set(ids).size).toBe(4);
  });

  it('tells every open stream the new unread count when something is marked read', async () => {
    const ana = await owner();
    await visitorWrites(ana, 'mark me');
    const live = await stream(ana);
    expect((await live.next('unread')).data).toEqual({ unread: 1 });
    const read = await t.app.inject({ method: 'POST', url: '/api/notifications/read-all', headers: bearer(ana.token) });
    expect(read.json().data).toEqual({ affected: 1 });
    expect((await live.next('unread')).data).toEqual({ unread: 0 });
  });

  it('refuses a stream without a session, and a bad Last-Event-ID', async () => {
    const anonymous = await stream(null);
    expect(anonymous.status).toBe(401);
    const ana = await owner();
    const bad = await stream(ana, 'not-an-id');
    expect(bad.status).toBe(422);
  });

  it('keeps at most 5 streams per user: a sixth closes the oldest', async () => {
    const ana = await owner();
    const streams = [];
    for (let i = 0; i < 6; i++) streams.push(await stream(ana));
    await streams[5]!.next('unread');
    await streams[0]!.done;
    expect(streams[0]!.ended()).toBe(true);
    expect(streams.slice(1).every((s) => !s.ended())).toBe(true);
    for (const s of streams) await s.close();
  });

  it('sends heartbeats and ends a stream once its session is signed out', async () => {
    const ana = await owner();
    const live = await stream(ana);
    await live.next('unread');
    expect((await t.app.inject({ url: '/api/logout', headers: bearer(ana.token) })).statusCode).toBe(200);
    await live.done;
    expect(live.heartbeats()).toBeGreaterThan(0);
    expect(live.ended()).toBe(true);
  });
});
