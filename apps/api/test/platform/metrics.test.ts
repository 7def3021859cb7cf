import { randomUUID } from 'node:crypto';
import { networkInterfaces } from 'node:os';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { plans, subscriptions } from '../../src/db/schema/index.js';
import type { JobName } from '../../src/platform/jobs.js';
import { setUpMetrics } from '../../src/platform/metrics.js';
import { createDraftCampaign, recipientStates, seedCampaignAudience } from '../helpers/campaigns.js';
import { parsePrometheusText, sampleValue } from '../helpers/prometheus-text.js';
import { seedDueSubscriptions } from '../helpers/renewals.js';
import { bearer, createTestApp, insertUser, login, testConfig, waitFor, type TestContext } from '../helpers/test-app.js';
import { startReceiver } from '../webhooks/receiver.js';
import { freePort } from '../helpers/free-port.js';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let t: TestContext;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  // Webhook retries within a fraction of a second instead of 30 s.
  t = await createTestApp({ METRICS_PORT: String(await freePort()), WEBHOOK_RETRY_BASE_SECONDS: '0.2' });
});
afterAll(async () => {
  await t?.close();
  for (const close of closers) await close();
});

async function scrape() {
  const response = await fetch(t.app.platform.metrics.url()!);
  const text = await response.text();
  return { response, text, families: parsePrometheusText(text) };
}
const valueOf = async (name: string, labels: Record<string, string>) => sampleValue((await scrape()).families, name, labels) ?? 0;
/** Waits until the counter `name{labels}` reached `expected`. */
const counted = (name: string, labels: Record<string, string>, expected: number) =>
  waitFor(async () => ((await valueOf(name, labels)) >= expected ? true : undefined), `${name} ${JSON.stringify(labels)} at ${expected}`);

/** A user on the Business plan (webhooks and campaigns), signed in. */
async function businessUser() {
  const [business] = await t.db.select().from(plans).where(eq(plans.code, 'business'));
  const row = await insertUser(t.db);
  await t.db.insert(subscriptions).values({ userId: row.id, planId: business!.id, status: 'active', currentPeriodStart: new Date() });
  return { ...row, token: await login(t.app, row) };
}

describe('where the metrics are served', () => {
  it('nowhere unless METRICS_PORT is set: no port is opened and the app answers 404', async () => {
    expect(testConfig().metrics).toBeNull();
    const app = Fastify();
    const { metrics, url } = setUpMetrics(app, testConfig().metrics, {});
    metrics.counter('unused_total', 'counts into nothing', ['outcome']).inc({ outcome: 'x' });
    await app.ready();
    try {
      expect(url()).toBeNull();
      expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('on METRICS_PORT at 127.0.0.1 only, never on the app’s own port', async () => {
    expect(() => testConfig({ PORT: '3000', METRICS_PORT: '3000' })).toThrow("METRICS_PORT is the app's PORT (3000)");
    const url = new URL(t.app.platform.metrics.url()!);
    expect(url.hostname).toBe('127.0.0.1');
    expect(url.pathname).toBe('/metrics');
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    expect((await fetch(new URL('/other', url))).status).toBe(404);
    // Another address of this machine, when it has one: nothing answers there.
    const lan = Object.values(networkInterfaces())
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal);
    if (lan) await expect(fetch(`http://${lan.address}:${url.port}/metrics`)).rejects.toThrow();
  });
});

describe('what a scrape answers', () => {
  it('Prometheus text format: every family with its HELP and TYPE, the process’s defaults, the pool where there is one', async () => {
    const { response, families } = await scrape();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    for (const family of families.values()) {
      expect(family.help, family.name).toBeTruthy();
      expect(family.type, family.name).not.toBe('untyped');
    }
    for (const name of [
      'process_cpu_user_seconds_total',
      'nodejs_eventloop_lag_seconds',
      'enlaza_http_requests_total',
      'enlaza_http_request_duration_seconds',
      'enlaza_job_queue_jobs',
      'enlaza_job_failures_total',
      'enlaza_campaign_emails_total',
      'enlaza_renewals_total',
      'enlaza_webhook_deliveries_total',
    ])
      expect(families.has(name), name).toBe(true);
    expect(families.get('enlaza_http_request_duration_seconds')!.type).toBe('histogram');
    // PGlite is one connection inside the process: no pool to show.
    if (t.database.kind === 'postgres') {
      // The test databases' pools hold 4 connections (test/helpers/database.ts).
      expect(sampleValue(families, 'enlaza_db_pool_connections', { state: 'max' })).toBe(4);
      expect(sampleValue(families, 'enlaza_db_pool_connections', { state: 'open' })).toBeGreaterThan(0);
      expect(sampleValue(families, 'enlaza_db_pool_waiting_queries')).toBeGreaterThanOrEqual(0);
    } else expect(families.has('enlaza_db_pool_connections')).toBe(false);
  });

  it('counts a request under its route’s template, never its URL', async () => {
    const id = randomUUID();
    expect((await t.app.inject({ method: 'GET', url: `/api/profiles/${id}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/no-such-thing/${id}` })).statusCode).toBe(404);
    // A plugin's route (the API documentation) is counted too.
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
    const { text, families } = await scrape();
    expect(text).not.toContain(id);
    const labels = { method: 'GET', route: '/api/profiles/:id', status_class: '4xx' };
    expect(sampleValue(families, 'enlaza_http_requests_total', labels)).toBe(1);
    expect(sampleValue(families, 'enlaza_http_request_duration_seconds_count', labels)).toBe(1);
    expect(sampleValue(families, 'enlaza_http_requests_total', { route: 'unmatched', status_class: '4xx' })).toBeGreaterThanOrEqual(1);
    expect(sampleValue(families, 'enlaza_http_requests_total', { route: '/api/docs/json', status_class: '2xx' })).toBe(1);
  });
});

describe('the job queue', () => {
  it('counts a job that fails under its queue, and shows what each queue holds', async () => {
    const { jobs } = t.app.platform;
    const failing = 'metrics.always-fails' as JobName;
    await jobs.define(failing, { retryLimit: 0, handler: () => Promise.reject(new Error('this job always fails')) });
    const later = 'metrics.later' as JobName;
    await jobs.define(later, { handler: () => Promise.resolve() });
    await jobs.send(later, {}, { startAfter: new Date(Date.now() + 3_600_000) });
    const id = await jobs.send(failing, {});
    await waitFor(async () => ((await jobs.state(id!))?.state === 'failed' ? true : undefined), 'the job to fail');

    const { families } = await scrape();
    expect(sampleValue(families, 'enlaza_job_failures_total', { queue: failing, outcome: 'failed' })).toBe(1);
    expect(sampleValue(families, 'enlaza_job_queue_jobs', { queue: later, state: 'queued' })).toBe(1);
    expect(sampleValue(families, 'enlaza_job_queue_jobs', { queue: later, state: 'active' })).toBe(0);
  });
});

describe('what the modules count', () => {
  it('a campaign’s emails, sent end to end (logged: no SMTP server here)', async () => {
    const owner = await businessUser();
    const { profileId, templateId } = await seedCampaignAudience(t.db, owner.id, 3, { prefix: 'metrics' });
    const id = await createDraftCampaign(t.app, owner.token, { name: 'Counted', templateId, profileId });
    const before = await valueOf('enlaza_campaign_emails_total', { outcome: 'logged' });
    const started = await t.app.inject({ method: 'POST', url: `/api/campaigns/${id}/start`, headers: bearer(owner.token), payload: {} });
    expect(started.statusCode, started.body).toBe(200);
    await waitFor(async () => ((await recipientStates(t.db, id)).sent === 3 ? true : undefined), 'three emails');
    await counted('enlaza_campaign_emails_total', { outcome: 'logged' }, before + 3);
  });

  it('a renewal, by its outcome', async () => {
    const before = await valueOf('enlaza_renewals_total', { outcome: 'renewed' });
    await seedDueSubscriptions(t.db, 1, new Date(Date.now() - 3_600_000), 'metrics');
    await t.app.renewals.runDue();
    // The scheduled run may have taken it first: either way it is counted once.
    await counted('enlaza_renewals_total', { outcome: 'renewed' }, before + 1);
    expect(await valueOf('enlaza_renewals_total', { outcome: 'renewed' })).toBe(before + 1);
  });

  it('a webhook delivery, by its outcome: a failed attempt retried, then its success', async () => {
    const receiver = await startReceiver([500]);
    closers.push(receiver.close);
    const owner = await businessUser();
    const card = await t.app.inject({
      method: 'POST',
      url: '/api/profiles',
      headers: bearer(owner.token),
      payload: { kind: 'card', card: { firstName: 'Ana', lastName: 'Card' } },
    });
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: bearer(owner.token),
      payload: { url: receiver.url, description: 'metrics', events: ['message.received'] },
    });
    expect(made.statusCode, made.body).toBe(200);
    const message = await t.app.inject({
      method: 'POST',
      url: `/api/public/link/${owner.alias}/${card.json().data.id}/messages`,
      payload: { name: 'Vera Visitor', email: 'vera@visitor.example', message: 'hello', consent: true },
      remoteAddress: '203.0.113.9',
    });
    expect(message.statusCode).toBeLessThan(300);
    await counted('enlaza_webhook_deliveries_total', { outcome: 'succeeded' }, 1);
    expect(receiver.received).toHaveLength(2);
    expect(await valueOf('enlaza_webhook_deliveries_total', { outcome: 'retrying' })).toBe(1);
  });
});
