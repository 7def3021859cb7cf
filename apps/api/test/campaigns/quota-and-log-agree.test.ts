import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Campaign, SendQuota } from '@enlaza/contracts';
import { deliveries, notifications } from '../../src/db/schema/index.js';
import { recipientStates, seedCampaignAudience } from '../helpers/campaigns.js';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.js';
import { bearer, createTestApp, insertUser, login, queueIdle, waitFor, type TestContext } from '../helpers/test-app.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let ctx: TestContext;
let sink: SmtpSink;
/** While set, messages that arrive wait for it before the server accepts them (they are in flight). */
let gate: Promise<void> | null = null;

beforeAll(async () => {
  sink = await startSmtpSink({ gate: () => gate });
  // Two emails a second: a claim takes two rows, the two a sending run has in flight.
  ctx = await createTestApp({ ...sink.env, CAMPAIGN_SMTP_CONNECTIONS: '2', CAMPAIGN_RATE_PER_SECOND: '2' });
});
afterAll(async () => {
  await ctx?.close();
  await sink?.close();
});

/** A new Free-plan user (100 emails a month) and a way to call the API as them. */
async function freeUser() {
  const user = await insertUser(ctx.db);
  const token = await login(ctx.app, user);
  const call = async <T = Campaign>(method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await ctx.app.inject({ method, url, headers: { ...bearer(token), 'accept-language': 'en' }, payload });
    return { status: res.statusCode, body: res.json<{ data: T; code?: string; message?: string }>() };
  };
  return { user, call };
}

async function newCampaign(call: Awaited<ReturnType<typeof freeUser>>['call'], userId: string, count: number, prefix: string) {
  const { profileId, templateId } = await seedCampaignAudience(ctx.db, userId, count, { prefix, domain: `${prefix}.example` });
  const res = await call('POST', '/api/campaigns', { name: prefix, templateId, audience: { profileIds: [profileId] } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

describe('cancelling a campaign mid-send', () => {
  it('skips only the recipients not in flight; the emails in flight go out, are in Comunicaciones and count', async () => {
    const { user, call } = await freeUser();
    const campaign = await newCampaign(call, user.id, 20, 'cancel');
    let open!: () => void;
    gate = new Promise<void>((resolve) => (open = resolve));
    expect((await call('POST', `/api/campaigns/${campaign.id}/start`, {})).status).toBe(200);
    await waitFor(async () => (sink.held() === 2 ? true : undefined), 'two emails in flight');

    const cancelled = await call('POST', `/api/campaigns/${campaign.id}/cancel`);
    expect(cancelled.body.data.state).toBe('cancelled');
    // The two the SMTP server is taking stay with their run; the other 18 are released at once.
    expect(await recipientStates(ctx.db, campaign.id)).toEqual({ pending: 2, skipped: 18 });

    gate = null;
    open();
    await waitFor(async () => (sink.accepted() === 2 ? true : undefined), 'the emails in flight to be accepted');
    await waitFor(async () => {
      const states = await recipientStates(ctx.db, campaign.id);
      return states.sent === 2 && states.pending === undefined ? true : undefined;
    }, 'the emails in flight to be marked sent');
    expect(await recipientStates(ctx.db, campaign.id)).toEqual({ sent: 2, skipped: 18 });
    // A recipient is marked sent as its server accepts it; the log's rows when its batch ends.
    const log = await waitFor(async () => {
      const rows = await ctx.db
        .select()
        .from(deliveries)
        .where(and(eq(deliveries.userId, user.id), eq(deliveries.kind, 'campaign')));
      return rows.length === 2 && rows.every((d) => d.status !== 'queued') ? rows : undefined;
    }, 'the batch to log its emails');
    expect(log.map((d) => d.status)).toEqual(['sent', 'sent']);
    expect(log.map((d) => d.toEmail).sort()).toEqual([...sink.perRecipient().keys()].filter((a) => a.endsWith('@cancel.example')).sort());
    // This route answers the quota itself (no `data` envelope).
    const quota = (await call('GET', '/api/envio/data')).body as unknown as SendQuota;
    expect(quota).toMatchObject({ used: 2, remaining: 98 });
    expect((await call('GET', `/api/campaigns/${campaign.id}`)).body.data.figures).toMatchObject({ sent: 2, skipped: 18, pending: 0 });
  });
});

describe('the monthly sends of a scheduled campaign', () => {
  const inTenMinutes = () => new Date(Date.now() + 10 * 60_000).toISOString();

  it('refuse scheduling past them with a translated 422, writing nothing', async () => {
    const { user, call } = await freeUser();
    const campaign = await newCampaign(call, user.id, 150, 'toobig');
    const res = await call('POST', `/api/campaigns/${campaign.id}/start`, { at: inTenMinutes() });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('campaign.over_quota_scheduled');
    expect(res.body.message).toContain('150 recipients');
    expect(res.body.message).toContain(': 100 of 100');
    const es = await ctx.app.inject({
      method: 'POST',
      url: `/api/campaigns/${campaign.id}/start`,
      headers: { ...bearer(await login(ctx.app, user)), 'accept-language': 'es' },
      payload: { at: inTenMinutes() },
    });
    expect(es.json<{ message: string }>().message).toContain('150 destinatarios');
    expect((await call('GET', `/api/campaigns/${campaign.id}`)).body.data.state).toBe('draft');
  });

  it('are checked again at the start: a campaign that no longer fits fails, says why, and its owner is notified', async () => {
    const { user, call } = await freeUser();
    const campaign = await newCampaign(call, user.id, 60, 'later');
    const scheduled = await call('POST', `/api/campaigns/${campaign.id}/start`, { at: inTenMinutes() });
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200);
    expect(scheduled.body.data.state).toBe('scheduled');

    // Meanwhile 50 of the 100 emails of the month went out another way.
    await ctx.db.insert(deliveries).values(
      Array.from({ length: 50 }, (_, i) => ({
        userId: user.id,
        kind: 'test' as const,
        toEmail: `other${i}@later.example`,
        subject: 'x',
        status: 'sent' as const,
      })),
    );
    // Its time comes now.
    await ctx.database.jobsDb.executeSql(
      "UPDATE pgboss.job SET start_after = now() WHERE name = 'campaign.start' AND data->>'campaignId' = $1",
      [campaign.id],
    );
    const failed = await waitFor(async () => {
      const c = (await call('GET', `/api/campaigns/${campaign.id}`)).body.data;
      return c.state === 'failed' ? c : undefined;
    }, 'the scheduled start to fail');
    expect(failed.error).toContain('60 recipients');
    expect(failed.error).toContain('emails left this month: 50 of 100');
    expect(await recipientStates(ctx.db, campaign.id)).toEqual({});

    await queueIdle(ctx.app, 'event.'); // the notification follows `campaign.start_failed`
    const notes = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.type, 'campaign_start_failed')));
    expect(notes).toHaveLength(1);
    const listed = await call<{ type: string; title: string; body: string; link: string }[]>('GET', '/api/notifications');
    const note = listed.body.data.find((n) => n.type === 'campaign_start_failed')!;
    expect(note.title).toContain('later');
    expect(note.body).toContain('60 recipients');
    expect(note.link).toBe('/user/campanas');
    // Nothing was queued for it.
    const [queued] = (await ctx.db.execute(sql`select count(*)::int as n from deliveries where user_id = ${user.id} and kind = 'campaign'`))
      .rows as { n: number }[];
    expect(queued!.n).toBe(0);
  });
});
