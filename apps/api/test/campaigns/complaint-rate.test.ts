import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Campaign } from '@enlaza/contracts';
import { campaignRecipients, notifications, suppressions } from '../../src/db/schema/index.js';
import { COMPLAINT_MIN, COMPLAINT_RATE_LIMIT } from '../../src/modules/campaigns/complaints.js';
import { createDraftCampaign, seedCampaignAudience } from '../helpers/campaigns.js';
import { startMailbox, type Mailbox } from '../helpers/mailbox.js';
import { bearer, createTestApp, insertUser, login, queueIdle, waitFor, type TestContext } from '../helpers/test-app.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const SECRET = 'complaint-watch-secret-0123456789';
let mail: Mailbox;
let ctx: TestContext;

beforeAll(async () => {
  // Addresses at slow.example are deferred (451) for as long as the test runs: their campaign stays `sending`.
  mail = await startMailbox({ refuseRecipient: (address) => (address.endsWith('@slow.example') ? 451 : undefined) });
  ctx = await createTestApp({ ...mail.env, BOUNCE_WEBHOOK_SECRET: SECRET, CAMPAIGN_RETRY_SCHEDULE: '1h' });
});
afterAll(async () => {
  await ctx?.close();
  await mail?.close();
});

const report = (events: object[]) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/campaigns/webhooks/bounces',
    headers: { authorization: `Bearer ${SECRET}` },
    payload: { events },
  });

describe('the complaint-rate watch (Gmail and Yahoo: under 0.3 % reported as spam)', () => {
  it('pauses the owner’s sending campaigns past the limit, says why, and lets nothing start or resume while it lasts', async () => {
    expect(COMPLAINT_RATE_LIMIT).toBe(0.003);
    const user = await insertUser(ctx.db, { name: 'Carla Complaints' });
    const token = await login(ctx.app, user);
    const call = async <T>(method: 'GET' | 'POST', url: string, payload?: object) => {
      const res = await ctx.app.inject({ method, url, headers: bearer(token), payload });
      return { status: res.statusCode, body: res.json<{ data: T; code?: string; message?: string }>() };
    };
    const state = async (id: string) => (await call<Campaign>('GET', `/api/campaigns/${id}`)).body.data;

    // Campaign A reaches 10 people; campaign B is held by a deferring server, still sending.
    const a = await seedCampaignAudience(ctx.db, user.id, 10, { prefix: 'cr', domain: 'fast.example' });
    const aId = await createDraftCampaign(ctx.app, token, { name: 'A', templateId: a.templateId, profileId: a.profileId });
    expect((await call('POST', `/api/campaigns/${aId}/start`, {})).status).toBe(200);
    await waitFor(async () => ((await state(aId)).state === 'sent' ? true : undefined), 'campaign A to be sent');
    const b = await seedCampaignAudience(ctx.db, user.id, 3, { prefix: 'held', domain: 'slow.example' });
    const bId = await createDraftCampaign(ctx.app, token, { name: 'B', templateId: b.templateId, profileId: b.profileId });
    expect((await call('POST', `/api/campaigns/${bId}/start`, {})).status).toBe(200);
    await waitFor(async () => (mail.count('held0@slow.example') === 0 && (await attempted(bId)) ? true : undefined), 'B to be tried');
    expect((await state(bId)).state).toBe('sending');

    // Two complaints of ten (20 %) are not yet a rate: fewer than COMPLAINT_MIN.
    expect(COMPLAINT_MIN).toBe(3);
    const complaint = (i: number) => ({ email: `cr${i}@fast.example`, type: 'complaint' });
    expect((await report([complaint(0), complaint(1)])).json()).toEqual({ ok: 1, data: { matched: 2, suppressed: 2, paused: 0 } });
    expect((await state(bId)).state).toBe('sending');

    // The third: 3 of 10 emails of the last 30 days is above 0.3 %. B is paused with the figures.
    expect((await report([complaint(2)])).json()).toEqual({ ok: 1, data: { matched: 1, suppressed: 1, paused: 1 } });
    const paused = await state(bId);
    expect(paused.state).toBe('paused');
    expect(paused.error).toContain('30.00 %');
    expect(paused.error).toContain('0.30 %');
    expect(paused.error).toContain('3 of 10');
    await queueIdle(ctx.app, 'event.'); // the notification follows `campaigns.paused`
    const sent = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.type, 'campaigns_paused')));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.payload).toMatchObject({ campaigns: ['B'], rate: '30.00 %', limit: '0.30 %', complaints: 3 });

    // The same report delivered again (providers retry) changes nothing: no second notification.
    expect((await report([complaint(2)])).json()).toEqual({ ok: 1, data: { matched: 1, suppressed: 1, paused: 0 } });
    await queueIdle(ctx.app, 'event.');
    expect(
      await ctx.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, user.id), eq(notifications.type, 'campaigns_paused'))),
    ).toHaveLength(1);

    // Neither a resume nor a new start while the rate is above the limit; in Spanish for a Spanish request.
    const resume = await call('POST', `/api/campaigns/${bId}/resume`, {});
    expect(resume.status).toBe(409);
    expect(resume.body.code).toBe('campaign.paused_complaints');
    const cId = await createDraftCampaign(ctx.app, token, { name: 'C', templateId: a.templateId, profileId: a.profileId });
    const start = await ctx.app.inject({
      method: 'POST',
      url: `/api/campaigns/${cId}/start`,
      headers: { ...bearer(token), 'accept-language': 'es' },
      payload: {},
    });
    expect(start.statusCode).toBe(409);
    expect(start.json<{ message: string }>().message).toContain('spam');
    expect(start.json<{ message: string }>().message).toContain('Gmail y Yahoo');
    const schedule = await call('POST', `/api/campaigns/${cId}/start`, { at: new Date(Date.now() + 86_400_000).toISOString() });
    expect(schedule.body.code).toBe('campaign.paused_complaints');
    expect((await state(cId)).state).toBe('draft');

    // Another owner is not concerned.
    const other = await insertUser(ctx.db);
    const otherToken = await login(ctx.app, other);
    const o = await seedCampaignAudience(ctx.db, other.id, 1, { prefix: 'other', domain: 'fast.example' });
    const oId = await createDraftCampaign(ctx.app, otherToken, { name: 'O', templateId: o.templateId, profileId: o.profileId });
    const started = await ctx.app.inject({ method: 'POST', url: `/api/campaigns/${oId}/start`, headers: bearer(otherToken), payload: {} });
    expect(started.statusCode).toBe(200);
  });

  it('tells soft bounces from hard ones in a report: a soft one suppresses only once it keeps coming', async () => {
    const user = await insertUser(ctx.db);
    const token = await login(ctx.app, user);
    const seed = await seedCampaignAudience(ctx.db, user.id, 2, { prefix: 'sb', domain: 'fast.example' });
    const id = await createDraftCampaign(ctx.app, token, { name: 'S', templateId: seed.templateId, profileId: seed.profileId });
    await ctx.app.inject({ method: 'POST', url: `/api/campaigns/${id}/start`, headers: bearer(token), payload: {} });
    await waitFor(async () => (mail.count('sb1@fast.example') > 0 && mail.count('sb0@fast.example') > 0 ? true : undefined), 'both emails');
    const rows = await ctx.db.select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, id));
    await waitFor(async () => {
      const now = await ctx.db.select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, id));
      return now.every((r) => r.state === 'sent') ? true : undefined;
    }, 'both rows sent');
    const messageIdOf = (email: string) => `<${rows.find((r) => r.email === email)!.id}@enlaza.test>`;
    const res = await report([
      {
        email: 'sb0@fast.example',
        type: 'bounce',
        bounce: 'soft',
        detail: '552 5.2.2 Mailbox full',
        messageId: messageIdOf('sb0@fast.example'),
      },
      {
        email: 'sb1@fast.example',
        type: 'bounce',
        bounce: 'hard',
        detail: '550 5.1.1 No such user',
        messageId: messageIdOf('sb1@fast.example'),
      },
    ]);
    expect(res.json()).toEqual({ ok: 1, data: { matched: 2, suppressed: 1, paused: 0 } });
    const after = await ctx.db.select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, id));
    expect(Object.fromEntries(after.map((r) => [r.email, [r.state, r.bounce, r.error]]))).toEqual({
      'sb0@fast.example': ['bounced', 'soft', '552 5.2.2 Mailbox full'],
      'sb1@fast.example': ['bounced', 'hard', '550 5.1.1 No such user'],
    });
    const suppressed = await ctx.db.select().from(suppressions).where(eq(suppressions.userId, user.id));
    expect(suppressed.map((s) => `${s.email}:${s.reason}`)).toEqual(['sb1@fast.example:bounced']);
  });
});

/** Whether every recipient of the campaign has been tried at least once. */
async function attempted(campaignId: string): Promise<boolean> {
  const rows = await ctx.db.select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, campaignId));
  return rows.length > 0 && rows.every((r) => r.attempts > 0);
}
