import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SMTP_RELAYS_MAX, type Campaign, type SmtpRelay } from '@enlaza/contracts';
import { smtpRelays, users } from '../../src/db/schema/index.js';
import { loadAppSecret } from '../../src/lib/app-secret.js';
import { translate } from '../../src/lib/i18n.js';
import { secretBox } from '../../src/lib/secret-box.js';
import { describeAdminOnlyRoutes, SOME_ID } from '../helpers/admin-only.js';
import { recipientStates, seedCampaignAudience } from '../helpers/campaigns.js';
import { freePort } from '../helpers/free-port.js';
import { parsePrometheusText, sampleValue } from '../helpers/prometheus-text.js';
import { ADMIN, bearer, createTestApp, DEMO, login, queueIdle, waitFor, type TestContext } from '../helpers/test-app.js';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

describeAdminOnlyRoutes('SMTP servers', [
  'GET /api/admin/smtp-relays',
  'POST /api/admin/smtp-relays',
  `PATCH /api/admin/smtp-relays/${SOME_ID}`,
  `DELETE /api/admin/smtp-relays/${SOME_ID}`,
  `POST /api/admin/smtp-relays/${SOME_ID}/test`,
]);

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/**
 * An SMTP server that keeps each message it accepted (Message-ID, recipients, when it took it on
 * the sender's monotonic clock). `failAfter`: once it accepted that many, it goes away as a server
 * being shut down does — every later command and message answered 421, its listener closed, its
 * connections closed shortly after. `refuse`: a recipient refused at RCPT TO with 550 5.1.1.
 */
async function startSink(options: { failAfter?: number; refuse?: string } = {}) {
  const received: { id: string; to: string[]; at: number; signedBy: string | null }[] = [];
  const sockets = new Set<Socket>();
  let down = false;
  const shutting = () => Object.assign(new Error('Service shutting down'), { responseCode: 421 });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 500,
    onMailFrom(_address, _session, callback) {
      callback(down ? shutting() : undefined);
    },
    onRcptTo(address, _session, callback) {
      if (address.address !== options.refuse) return callback();
      callback(Object.assign(new Error('5.1.1 No such user'), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (down) return callback(shutting());
        const raw = Buffer.concat(chunks).toString('utf8');
        const id = /^Message-ID:\s*(\S+)/im.exec(raw)?.[1] ?? '';
        // The domain of its DKIM signature, if it has one.
        const signedBy = /^DKIM-Signature:[^]*?\bd=([^;\s]+)/im.exec(raw)?.[1] ?? null;
        received.push({ id, to: session.envelope.rcptTo.map((a) => a.address), at: performance.now(), signedBy });
        callback();
        if (options.failAfter !== undefined && received.length >= options.failAfter) {
          down = true;
          server.close();
        }
      });
    },
  });
  server.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const close = async () => {
    if (!down) {
      down = true;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    for (const socket of sockets) socket.destroy();
  };
  cleanups.push(close);
  return { port, received, down: () => down };
}

const relayBody = (over: Record<string, unknown> = {}) => ({
  name: 'Relay',
  host: '127.0.0.1',
  port: 2525,
  secure: false,
  user: '',
  rateMessages: 0,
  rateSeconds: 1,
  enabled: true,
  ...over,
});

describe('the admin’s SMTP servers', () => {
  let t: TestContext;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = { ...bearer(await login(t.app, ADMIN)), 'accept-language': 'en' };
  });
  afterAll(() => t?.close());
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, headers = admin) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  it('keeps a password sealed and never answers it; left out it stays, empty it goes; any field alone changes', async () => {
    const created = await call('POST', '/api/admin/smtp-relays', relayBody({ name: 'Main', user: 'mailer', password: 's3cret-Pass' }));
    expect(created.statusCode, created.body).toBe(201);
    const relay = created.json<{ data: SmtpRelay }>().data;
    expect(relay).toMatchObject({ name: 'Main', user: 'mailer', hasPassword: true, lastFailureAt: null });
    expect(created.body).not.toContain('s3cret-Pass');
    expect(Object.keys(relay)).not.toContain('password');

    const [row] = await t.db.select().from(smtpRelays).where(eq(smtpRelays.id, relay.id));
    expect(row!.passwordSealed).not.toContain('s3cret-Pass');
    expect(secretBox(await loadAppSecret(t.db, undefined), 'smtp-relay-password').open(row!.passwordSealed!)).toBe('s3cret-Pass');

    const listed = await call('GET', '/api/admin/smtp-relays');
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain('s3cret-Pass');
    expect(listed.json<{ data: SmtpRelay[] }>().data.map((r) => r.id)).toContain(relay.id);

    // A name alone: the user and the password stay.
    const renamed = await call('PATCH', `/api/admin/smtp-relays/${relay.id}`, { name: 'Renamed' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<{ data: SmtpRelay }>().data).toMatchObject({ name: 'Renamed', user: 'mailer', hasPassword: true });
    const limited = await call('PATCH', `/api/admin/smtp-relays/${relay.id}`, { rateMessages: 10, rateSeconds: 60 });
    expect(limited.json<{ data: SmtpRelay }>().data).toMatchObject({
      rateMessages: 10,
      rateSeconds: 60,
      user: 'mailer',
      hasPassword: true,
    });
    const cleared = await call('PATCH', `/api/admin/smtp-relays/${relay.id}`, { password: '' });
    expect(cleared.json<{ data: SmtpRelay }>().data).toMatchObject({ hasPassword: false, user: 'mailer' });
    expect((await t.db.select().from(smtpRelays).where(eq(smtpRelays.id, relay.id)))[0]!.passwordSealed).toBeNull();

    expect((await call('DELETE', `/api/admin/smtp-relays/${relay.id}`)).statusCode).toBe(200);
    expect(await t.db.select().from(smtpRelays)).toEqual([]);
  });

  it('writes every addition, change and deletion to the admin history, before and after, never the password', async () => {
    const history = async (action: string) => {
      // History rows follow their events: wait for them to be delivered.
      await queueIdle(t.app, 'event.');
      const res = await call('GET', `/api/admin/historial?action=${action}`);
      return res.json<{ data: { actorId: string; targetType: string; targetId: string; before: object | null; after: object | null }[] }>()
        .data;
    };
    const relay = (
      await call('POST', '/api/admin/smtp-relays', relayBody({ name: 'Logged', user: 'mailer', password: 'hist-Secret-1' }))
    ).json<{
      data: SmtpRelay;
    }>().data;
    await call('PATCH', `/api/admin/smtp-relays/${relay.id}`, { name: 'Logged 2', rateMessages: 5 });
    await call('PATCH', `/api/admin/smtp-relays/${relay.id}`, { password: 'hist-Secret-2' });
    await call('DELETE', `/api/admin/smtp-relays/${relay.id}`);

    const [created] = (await history('admin.smtp_relay_created')).filter((e) => e.targetId === relay.id);
    expect(created).toMatchObject({
      targetType: 'smtp_relay',
      actorId: expect.any(String),
      after: { name: 'Logged', host: '127.0.0.1', user: 'mailer', hasPassword: true, enabled: true },
    });
    const updates = (await history('admin.smtp_relay_updated')).filter((e) => e.targetId === relay.id).reverse();
    expect(updates.map((e) => [e.before, e.after])).toEqual([
      [expect.objectContaining({ name: 'Logged', rateMessages: 0 }), expect.objectContaining({ name: 'Logged 2', rateMessages: 5 })],
      [expect.objectContaining({ hasPassword: true }), expect.objectContaining({ hasPassword: true, password: 'replaced' })],
    ]);
    const [deleted] = (await history('admin.smtp_relay_deleted')).filter((e) => e.targetId === relay.id);
    expect(deleted).toMatchObject({ before: { name: 'Logged 2' } });
    const all = JSON.stringify([created, updates, deleted]);
    expect(all).not.toContain('hist-Secret');
  });

  it('answers 404 for an id it does not know, 422 for a host that is not one, 409 past the limit', async () => {
    for (const [method, url, payload] of [
      ['PATCH', `/api/admin/smtp-relays/${SOME_ID}`, { name: 'x' }],
      ['DELETE', `/api/admin/smtp-relays/${SOME_ID}`],
      ['POST', `/api/admin/smtp-relays/${SOME_ID}/test`],
    ] as const) {
      const res = await call(method, url, payload);
      expect([res.statusCode, res.json().code], `${method} ${url}`).toEqual([404, 'record.not_found']);
    }

    for (const host of ['smtp example.com', 'smtp_.example.com', '-smtp.example.com', '']) {
      const res = await call('POST', '/api/admin/smtp-relays', relayBody({ host }));
      expect(res.statusCode, host).toBe(422);
      if (host) expect(res.json<{ errors: Record<string, string[]> }>().errors.host).toEqual([translate('en', 'validation.host_name')]);
    }
    const created = await call('POST', '/api/admin/smtp-relays', relayBody());
    const id = created.json<{ data: SmtpRelay }>().data.id;
    const badHost = await call('PATCH', `/api/admin/smtp-relays/${id}`, { host: 'not a host' });
    expect(badHost.statusCode).toBe(422);
    // Host names are kept in lower case.
    const upper = await call('PATCH', `/api/admin/smtp-relays/${id}`, { host: 'SMTP.Example.COM' });
    expect(upper.json<{ data: SmtpRelay }>().data.host).toBe('smtp.example.com');

    for (let n = 1; n < SMTP_RELAYS_MAX; n++)
      expect((await call('POST', '/api/admin/smtp-relays', relayBody({ name: `R${n}` }))).statusCode).toBe(201);
    const over = await call('POST', '/api/admin/smtp-relays', relayBody({ name: 'One too many' }));
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      code: 'sending.relays_limit',
      message: translate('en', 'sending.relays_limit', { max: SMTP_RELAYS_MAX }),
    });
    expect(await t.db.select().from(smtpRelays)).toHaveLength(SMTP_RELAYS_MAX);
    await t.db.delete(smtpRelays);
  });

  it('asks a fresh proof to add, re-point or delete a server, but not to rename one or turn it off', async () => {
    const stale = { ...bearer(await login(t.app, ADMIN, { fresh: false })), 'accept-language': 'en' };
    const refused = await call('POST', '/api/admin/smtp-relays', relayBody(), stale);
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'auth.reauth_required']);
    expect(await t.db.select().from(smtpRelays)).toEqual([]);

    const id = (await call('POST', '/api/admin/smtp-relays', relayBody())).json<{ data: SmtpRelay }>().data.id;
    for (const payload of [{ host: 'smtp.example.net' }, { password: 'x' }, { user: 'u' }, { port: 587 }]) {
      const res = await call('PATCH', `/api/admin/smtp-relays/${id}`, payload, stale);
      expect([res.statusCode, res.json().code], JSON.stringify(payload)).toEqual([403, 'auth.reauth_required']);
    }
    expect(
      (await call('PATCH', `/api/admin/smtp-relays/${id}`, { name: 'Quiet', enabled: false, rateMessages: 3 }, stale)).statusCode,
    ).toBe(200);
    expect((await call('DELETE', `/api/admin/smtp-relays/${id}`, undefined, stale)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/admin/smtp-relays/${id}`)).statusCode).toBe(200);
  });

  it('tests a server: its greeting when it answers, the connection’s error when it does not (never a 500)', async () => {
    const sink = await startSink();
    const live = (await call('POST', '/api/admin/smtp-relays', relayBody({ port: sink.port }))).json<{ data: SmtpRelay }>().data;
    const tested = await call('POST', `/api/admin/smtp-relays/${live.id}/test`);
    expect(tested.statusCode).toBe(200);
    expect(tested.json().data).toEqual({ ok: true, detail: expect.stringContaining(`127.0.0.1:${sink.port}`) });

    const port = await freePort();
    const dead = (await call('POST', '/api/admin/smtp-relays', relayBody({ port }))).json<{ data: SmtpRelay }>().data;
    const failed = await call('POST', `/api/admin/smtp-relays/${dead.id}/test`);
    expect(failed.statusCode).toBe(200);
    expect(failed.json().data).toEqual({ ok: false, detail: expect.stringMatching(/ECONNREFUSED/) });
    await t.db.delete(smtpRelays);
  });
});

describe('a campaign over several SMTP servers', () => {
  let t: TestContext;
  let admin: Record<string, string>;
  let owner: Record<string, string>;
  let demoId: string;
  beforeAll(async () => {
    // No SMTP_HOST: only the admin's servers carry campaigns, signed with the platform's DKIM key.
    const keyDir = mkdtempSync(join(tmpdir(), 'enlaza-relay-dkim-'));
    cleanups.push(() => rmSync(keyDir, { recursive: true, force: true }));
    writeFileSync(
      join(keyDir, 'dkim.pem'),
      generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }),
    );
    t = await createTestApp({
      DEMO_PLAN: 'business',
      MAIL_FROM: 'Enlaza <no-reply@enlaza.test>',
      DKIM_DOMAIN: 'enlaza.test',
      DKIM_SELECTOR: 'relays',
      DKIM_PRIVATE_KEY_FILE: join(keyDir, 'dkim.pem'),
      METRICS_PORT: String(await freePort()),
    });
    admin = bearer(await login(t.app, ADMIN));
    owner = bearer(await login(t.app, DEMO));
    demoId = (await t.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO.email)))[0]!.id;
  });
  afterAll(() => t?.close());

  async function useRelays(...bodies: Record<string, unknown>[]): Promise<SmtpRelay[]> {
    await t.db.delete(smtpRelays);
    const made: SmtpRelay[] = [];
    for (const body of bodies) {
      const res = await t.app.inject({ method: 'POST', url: '/api/admin/smtp-relays', headers: admin, payload: relayBody(body) });
      expect(res.statusCode, res.body).toBe(201);
      made.push(res.json<{ data: SmtpRelay }>().data);
    }
    return made;
  }

  /** A campaign to `count` new consenting senders (`prefix0@…`), started, and its answer once it is sent. */
  async function sendCampaign(count: number, prefix: string): Promise<{ campaign: Campaign; addresses: string[] }> {
    const { profileId, templateId } = await seedCampaignAudience(t.db, demoId, count, { prefix, domain: 'relays.example' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/campaigns',
      headers: owner,
      payload: { name: prefix, templateId, audience: { profileIds: [profileId] } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ data: Campaign }>().data.id;
    const started = await t.app.inject({ method: 'POST', url: `/api/campaigns/${id}/start`, headers: owner, payload: {} });
    expect(started.statusCode, started.body).toBeLessThan(300);
    const campaign = await waitFor(
      async () => {
        const c = (await t.app.inject({ url: `/api/campaigns/${id}`, headers: owner })).json<{ data: Campaign }>().data;
        return c.state === 'sent' ? c : undefined;
      },
      `campaign ${prefix} to end sent`,
      40_000,
    );
    expect(await recipientStates(t.db, id)).toEqual({ sent: count });
    return { campaign, addresses: Array.from({ length: count }, (_, i) => `${prefix}${i}@relays.example`) };
  }

  /** A sample of the app's metrics as a scrape answers it now (undefined: no such series). */
  async function metric(name: string, labels: Record<string, string>): Promise<number | undefined> {
    const text = await (await fetch(t.app.platform.metrics.url()!)).text();
    return sampleValue(parsePrometheusText(text), name, labels);
  }
  const SENDS = 'enlaza_campaign_relay_sends_total';
  const INFO = 'enlaza_campaign_relay_info';

  /** Every address got exactly one message, over all the sinks together, each with its own Message-ID. */
  function deliveredOnce(sinks: { received: { id: string; to: string[] }[] }[], addresses: string[]) {
    const all = sinks.flatMap((s) => s.received).filter((m) => m.to.some((a) => addresses.includes(a)));
    expect(all.flatMap((m) => m.to).sort()).toEqual([...addresses].sort());
    expect(new Set(all.map((m) => m.id)).size).toBe(addresses.length);
  }

  it('spreads the sends over both servers, every recipient once, each signed with the platform key', async () => {
    const [a, b] = [await startSink(), await startSink()];
    const [relayA, relayB] = await useRelays({ name: 'A', port: a.port }, { name: 'B', port: b.port });
    const { addresses } = await sendCampaign(60, 'spread');
    deliveredOnce([a, b], addresses);
    expect(new Set([...a.received, ...b.received].map((m) => m.signedBy))).toEqual(new Set(['enlaza.test']));
    // Both carried a fair part (the fewest in flight takes the next send).
    expect(a.received.length).toBeGreaterThanOrEqual(12);
    expect(b.received.length).toBeGreaterThanOrEqual(12);

    // Counted per server by its id, its name beside it in the info gauge.
    expect(await metric(SENDS, { relay: relayA!.id, outcome: 'sent' })).toBe(a.received.length);
    expect(await metric(SENDS, { relay: relayB!.id, outcome: 'sent' })).toBe(b.received.length);
    expect(await metric(INFO, { relay: relayA!.id, name: 'A' })).toBe(1);
    // Renamed, a server keeps its series: the count goes on, only the info gauge's name changes.
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/smtp-relays/${relayA!.id}`,
      headers: admin,
      payload: { name: 'A (renamed)' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    deliveredOnce([a, b], (await sendCampaign(20, 'renamed')).addresses);
    expect(await metric(SENDS, { relay: relayA!.id, outcome: 'sent' })).toBe(a.received.length);
    expect(await metric(INFO, { relay: relayA!.id, name: 'A (renamed)' })).toBe(1);
    expect(await metric(INFO, { relay: relayA!.id, name: 'A' })).toBeUndefined();
  });

  it('sends the messages of a server that goes away mid-campaign through the other, none twice, none missing', async () => {
    const steady = await startSink();
    const leaving = await startSink({ failAfter: 8 });
    const [steadyRelay, gone] = await useRelays({ name: 'Steady', port: steady.port }, { name: 'Leaving', port: leaving.port });
    const { addresses } = await sendCampaign(60, 'failover');
    expect(leaving.down()).toBe(true);
    expect(leaving.received).toHaveLength(8);
    deliveredOnce([steady, leaving], addresses);
    // Each outcome counted on the server it happened on.
    expect(await metric(SENDS, { relay: gone!.id, outcome: 'sent' })).toBe(8);
    expect(await metric(SENDS, { relay: gone!.id, outcome: 'unreachable' })).toBeGreaterThanOrEqual(1);
    expect(await metric(SENDS, { relay: steadyRelay!.id, outcome: 'sent' })).toBe(steady.received.length);
    // The server that went away shows why on the admin's list (written once it was set aside).
    const failure = await waitFor(async () => {
      const [row] = await t.db.select().from(smtpRelays).where(eq(smtpRelays.id, gone!.id));
      return row?.lastFailureAt ? row : undefined;
    }, 'the failure to be recorded');
    expect(failure.lastFailure).toMatch(/421|shutting down|ECONNREFUSED|closed/i);
  });

  it('keeps a server within its rate: never more than 5 messages in any second as the server counts them', async () => {
    const sink = await startSink();
    await useRelays({ name: 'Slow', port: sink.port, rateMessages: 5, rateSeconds: 1 });
    const { addresses } = await sendCampaign(16, 'paced');
    deliveredOnce([sink], addresses);
    const times = sink.received.map((m) => m.at).sort((x, y) => x - y);
    const busiest = Math.max(...times.map((from) => times.filter((at) => at >= from && at < from + 1000).length));
    expect(busiest).toBe(5);
  });
});

describe('with no SMTP server set up by the admin', () => {
  it('sends through the environment’s SMTP server, as before, each outcome counted as the server `env`', async () => {
    // One address the server has no mailbox for: an answer about the recipient, not the server.
    const sink = await startSink({ refuse: 'env4@relays.example' });
    const t = await createTestApp({
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(sink.port),
      MAIL_FROM: 'Enlaza <no-reply@enlaza.test>',
      DEMO_PLAN: 'business',
      METRICS_PORT: String(await freePort()),
    });
    cleanups.push(() => t.close());
    const owner = bearer(await login(t.app, DEMO));
    const demoId = (await t.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO.email)))[0]!.id;
    const { profileId, templateId } = await seedCampaignAudience(t.db, demoId, 5, { prefix: 'env', domain: 'relays.example' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/campaigns',
      headers: owner,
      payload: { name: 'Env', templateId, audience: { profileIds: [profileId] } },
    });
    const id = created.json<{ data: Campaign }>().data.id;
    await t.app.inject({ method: 'POST', url: `/api/campaigns/${id}/start`, headers: owner, payload: {} });
    const settled = (states: Record<string, number>) => (states.sent ?? 0) + (states.bounced ?? 0) === 5;
    const states = await waitFor(
      async () => {
        const now = await recipientStates(t.db, id);
        return settled(now) ? now : undefined;
      },
      'the campaign to be sent',
      30_000,
    );
    expect(states).toEqual({ sent: 4, bounced: 1 });
    expect(sink.received.flatMap((m) => m.to).sort()).toEqual(['env0', 'env1', 'env2', 'env3'].map((p) => `${p}@relays.example`));
    // Counted as the server `env`: the four accepted, and the one it refused (not set aside for it).
    const families = parsePrometheusText(await (await fetch(t.app.platform.metrics.url()!)).text());
    expect(sampleValue(families, 'enlaza_campaign_relay_sends_total', { relay: 'env', outcome: 'sent' })).toBe(4);
    expect(sampleValue(families, 'enlaza_campaign_relay_sends_total', { relay: 'env', outcome: 'refused' })).toBe(1);
    expect(sampleValue(families, 'enlaza_campaign_relay_sends_total', { relay: 'env', outcome: 'unreachable' })).toBeUndefined();
    expect(sampleValue(families, 'enlaza_campaign_relay_info', { relay: 'env', name: 'env' })).toBe(1);
  });
});
