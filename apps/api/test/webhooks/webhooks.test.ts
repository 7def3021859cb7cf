import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries, plans, subscriptions, type users } from '../../src/db/schema/index.js';
import { bearer, createTestApp, insertUser, login, queueIdle, waitFor, type TestContext } from '../helpers/test-app.js';
import { startReceiver, verifySignature } from './receiver.js';

let t: TestContext;
let addressCounter = 0;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  // Retries within a fraction of a second instead of 30 s.
  t = await createTestApp({ WEBHOOK_RETRY_BASE_SECONDS: '0.2' });
});
afterAll(async () => {
  await t.close();
  for (const close of closers) await close();
});

async function owner(extra: Partial<typeof users.$inferInsert> = {}) {
  const [business] = await t.db.select().from(plans).where(eq(plans.code, 'business'));
  const row = await insertUser(t.db, extra);
  await t.db.insert(subscriptions).values({ userId: row.id, planId: business!.id, status: 'active', currentPeriodStart: new Date() });
  return { ...row, token: await login(t.app, row) };
}
type Owner = Awaited<ReturnType<typeof owner>>;

const call = (who: Owner, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, language = 'en') =>
  t.app.inject({ method, url, headers: { ...bearer(who.token), 'accept-language': language }, ...(payload ? { payload } : {}) });

async function card(who: Owner): Promise<string> {
  const res = await call(who, 'POST', '/api/profiles', { kind: 'card', card: { firstName: 'Ana', lastName: 'Card' } });
  expect(res.statusCode).toBe(201);
  return res.json().data.id;
}

/** A visitor's message through the real public route. */
async function contact(who: Owner, profileId: string, message: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/public/link/${who.alias}/${profileId}/messages`,
    payload: { name: 'Vera Visitor', email: 'vera@visitor.example', message, consent: true },
    remoteAddress: `203.0.113.${++addressCounter}`,
  });
  expect(res.statusCode).toBeLessThan(300);
}

async function endpoint(who: Owner, url: string, events: string[] = ['message.received']) {
  const res = await call(who, 'POST', '/api/webhooks', { url, description: 'test', events });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { endpoint: { id: string }; secret: string };
}

describe('delivering message.received', () => {
  it('POSTs each message exactly once, signed per the documented scheme', async () => {
    const receiver = await startReceiver();
    closers.push(receiver.close);
    const who = await owner();
    const profileId = await card(who);
    const { secret } = await endpoint(who, receiver.url);
    expect(secret).toMatch(/^whsec_/);

    for (const text of ['first message', 'second message', 'third message']) await contact(who, profileId, text);
    await waitFor(async () => (receiver.received.length >= 3 ? true : undefined), 'three deliveries');
    await queueIdle(t.app);

    expect(receiver.received).toHaveLength(3);
    const bodies = receiver.received.map(
      (r) => JSON.parse(r.body) as { id: string; type: string; created: number; data: { excerpt: string } },
    );
    expect(bodies.map((b) => b.data.excerpt).sort()).toEqual(['first message', 'second message', 'third message']);
    expect(new Set(bodies.map((b) => b.id)).size).toBe(3);
    for (const [i, r] of receiver.received.entries()) {
      expect(r.headers['content-type']).toBe('application/json');
      expect(r.headers['enlaza-event-id']).toBe(bodies[i]!.id);
      expect(bodies[i]!.type).toBe('message.received');
      const header = r.headers['enlaza-signature'] as string;
      expect(verifySignature(secret, header, r.body)).toBe(true);
      // A tampered body, another secret, or a signature older than 5 minutes is refused.
      expect(verifySignature(secret, header, r.body.replace('message', 'massage'))).toBe(false);
      expect(verifySignature(`${secret}x`, header, r.body)).toBe(false);
      expect(verifySignature(secret, header, r.body, Math.floor(Date.now() / 1000) + 301)).toBe(false);
      const old = Math.floor(Date.now() / 1000) - 301;
      const oldHeader = `t=${old},v1=${createHmac('sha256', secret).update(`${old}.${r.body}`).digest('hex')}`;
      expect(verifySignature(secret, oldHeader, r.body)).toBe(false);
    }
  });

  it('sends only the events an endpoint chose, and none to a disabled endpoint', async () => {
    const chosen = await startReceiver();
    const off = await startReceiver();
    closers.push(chosen.close, off.close);
    const who = await owner();
    const profileId = await card(who);
    await endpoint(who, chosen.url, ['contact.consented']);
    const disabled = await endpoint(who, off.url, ['message.received']);
    expect((await call(who, 'PATCH', `/api/webhooks/${disabled.endpoint.id}`, { enabled: false })).json().data.disabledReason).toBe(
      'owner',
    );
    await contact(who, profileId, 'hello');
    // Double opt-in (every new account's default): the consent counts, and is announced, once the visitor confirms.
    const token = await waitFor(async () => {
      const [sent] = await t.db
        .select({ text: deliveries.bodyText })
        .from(deliveries)
        .where(and(eq(deliveries.userId, who.id), eq(deliveries.kind, 'confirmation')));
      return /\/confirmar\/([\w-]+)/.exec(sent?.text ?? '')?.[1];
    }, 'the confirmation email');
    await queueIdle(t.app);
    expect(chosen.received).toHaveLength(0);
    expect((await t.app.inject({ method: 'POST', url: `/confirmar/${token}` })).statusCode).toBe(200);
    await waitFor(async () => (chosen.received.length >= 1 ? true : undefined), 'the consent delivery');
    await queueIdle(t.app);
    expect(chosen.received.map((r) => JSON.parse(r.body).type)).toEqual(['contact.consented']);
    expect(JSON.parse(chosen.received[0]!.body).data.email).toBe('vera@visitor.example');
    expect(off.received).toHaveLength(0);
  });
});

describe('a failing endpoint', () => {
  it('is retried with backoff until it answers 2xx, and the log shows every attempt', async () => {
    const receiver = await startReceiver([500, 503]);
    closers.push(receiver.close);
    const who = await owner();
    const profileId = await card(who);
    const { endpoint: ep } = await endpoint(who, receiver.url);
    await contact(who, profileId, 'retry me');
    await waitFor(async () => (receiver.received.length >= 3 ? true : undefined), 'three attempts');
    await queueIdle(t.app);
    expect(receiver.received).toHaveLength(3);
    // The same event every time: receivers dedupe by its id.
    expect(new Set(receiver.received.map((r) => r.headers['enlaza-event-id'])).size).toBe(1);

    const list = (await call(who, 'GET', `/api/webhooks/${ep.id}/deliveries`)).json().data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ status: 'succeeded', attempts: 3, lastStatus: 200 });
    const detail = (await call(who, 'GET', `/api/webhooks/${ep.id}/deliveries/${list[0].id}`)).json().data;
    expect(detail.attemptLog.map((a: { status: number }) => a.status)).toEqual([500, 503, 200]);
    expect(detail.attemptLog.every((a: { requestBody: string }) => a.requestBody === receiver.received[0]!.body)).toBe(true);

    // Resend: a new attempt of the same event id.
    const resent = await call(who, 'POST', `/api/webhooks/${ep.id}/deliveries/${list[0].id}/resend`);
    expect(resent.statusCode).toBe(200);
    await waitFor(async () => (receiver.received.length >= 4 ? true : undefined), 'the resend');
    await queueIdle(t.app);
    expect(receiver.received[3]!.headers['enlaza-event-id']).toBe(receiver.received[0]!.headers['enlaza-event-id']);
    const after = (await call(who, 'GET', `/api/webhooks/${ep.id}/deliveries/${list[0].id}`)).json().data;
    expect(after.attemptLog).toHaveLength(4);
  });

  it('logs a network error, and is disabled with an email to its owner when every attempt fails', async () => {
    const who = await owner();
    const profileId = await card(who);
    // Nothing listens there.
    const closed = await startReceiver();
    await closed.close();
    const { endpoint: ep } = await endpoint(who, closed.url);
    // One failure short of the limit (WEBHOOK_DISABLE_AFTER_FAILURES, 50): the next failed attempt disables it.
    await t.db.execute(`update webhook_endpoints set consecutive_failures = 49 where id = '${ep.id}'`);
    await contact(who, profileId, 'nobody home');
    const disabled = await waitFor(async () => {
      const [row] = (await call(who, 'GET', '/api/webhooks')).json().data as { id: string; enabled: boolean; disabledReason: string }[];
      return row && !row.enabled ? row : undefined;
    }, 'the endpoint to be disabled');
    expect(disabled.disabledReason).toBe('failing');
    const [delivery] = (await call(who, 'GET', `/api/webhooks/${ep.id}/deliveries`)).json().data;
    const detail = (await call(who, 'GET', `/api/webhooks/${ep.id}/deliveries/${delivery.id}`)).json().data;
    expect(detail.attemptLog[0].status).toBeNull();
    expect(detail.attemptLog[0].error).toMatch(/ECONNREFUSED|fetch failed/);
    await queueIdle(t.app);
    const emails = await t.db.execute(`select subject from deliveries where to_email = '${who.email}' and subject like '%webhook%'`);
    expect(emails.rows).toHaveLength(1);
  });
});

describe('the endpoints API', () => {
  it('answers 404 for another user’s endpoint, also for its deliveries', async () => {
    const receiver = await startReceiver();
    closers.push(receiver.close);
    const a = await owner();
    const b = await owner();
    const { endpoint: ep } = await endpoint(a, receiver.url);
    for (const [method, url, body] of [
      ['PATCH', `/api/webhooks/${ep.id}`, { description: 'mine now' }],
      ['DELETE', `/api/webhooks/${ep.id}`, undefined],
      ['POST', `/api/webhooks/${ep.id}/roll-secret`, undefined],
      ['GET', `/api/webhooks/${ep.id}/deliveries`, undefined],
    ] as const) {
      const res = await call(b, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code).toBe('record.not_found');
    }
    expect((await call(b, 'GET', '/api/webhooks')).json().data).toEqual([]);
  });

  it('refuses a bad URL with a translated 400, and keeps at most 10 endpoints', async () => {
    const who = await owner();
    for (const url of ['not a url', 'ftp://example.com/hook', 'https://user:pw@example.com/hook']) {
      const res = await call(who, 'POST', '/api/webhooks', { url, events: ['message.received'] }, 'es');
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe('webhook_endpoint.url_invalid');
      expect(res.json().message).toMatch(/no es válida/);
    }
    for (let i = 0; i < 10; i += 1) await endpoint(who, `http://127.0.0.1:9/${i}`);
    const eleventh = await call(who, 'POST', '/api/webhooks', { url: 'http://127.0.0.1:9/x', events: ['message.received'] });
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().code).toBe('webhook_endpoint.limit');
  });

  it('rolls the secret: the next delivery is signed with the new one only', async () => {
    const receiver = await startReceiver();
    closers.push(receiver.close);
    const who = await owner();
    const profileId = await card(who);
    const { endpoint: ep, secret: old } = await endpoint(who, receiver.url);
    const rolled = (await call(who, 'POST', `/api/webhooks/${ep.id}/roll-secret`)).json().data.secret as string;
    expect(rolled).not.toBe(old);
    await contact(who, profileId, 'after the roll');
    await waitFor(async () => (receiver.received.length >= 1 ? true : undefined), 'the delivery');
    const [r] = receiver.received;
    expect(verifySignature(rolled, r!.headers['enlaza-signature'] as string, r!.body)).toBe(true);
    expect(verifySignature(old, r!.headers['enlaza-signature'] as string, r!.body)).toBe(false);
  });
});

describe('in production', () => {
  let prod: TestContext;
  beforeAll(async () => {
    prod = await createTestApp({ NODE_ENV: 'production' });
  });
  afterAll(() => prod.close());

  it('refuses http and private or loopback addresses', async () => {
    const who = await insertUser(prod.db);
    const headers = bearer(await login(prod.app, who));
    const post = (url: string) =>
      prod.app.inject({ method: 'POST', url: '/api/webhooks', headers, payload: { url, events: ['payment.failed'] } });
    const http = await post('http://example.com/hook');
    expect(http.statusCode).toBe(400);
    expect(http.json().code).toBe('webhook_endpoint.https_required');
    for (const url of [
      'https://127.0.0.1/hook',
      'https://10.1.2.3/hook',
      'https://[::1]/hook',
      'https://169.254.169.254/latest',
      'https://localhost/hook',
    ]) {
      const res = await post(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe('webhook_endpoint.private_address');
    }
  });
});
