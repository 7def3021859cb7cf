import { and, eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Campaign } from '@enlaza/contracts';
import { smtpOptions } from '../../src/lib/smtp.js';
import { notifications, users } from '../../src/db/schema/index.js';
import { recipientStates, seedCampaignAudience } from '../helpers/campaigns.js';
import { startSmtpSink } from '../helpers/smtp-sink.js';
import { bearer, createTestApp, DEMO, login, queueIdle, waitFor } from '../helpers/test-app.js';
import { freePort } from '../helpers/free-port.js';

// 2,000 SMTP sessions in this process, an outage and a return.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('the SMTP pool', () => {
  it('keeps no slot taken by a refused connection: once the server is back, the next message goes out', async () => {
    const port = await freePort();
    const smtp = { host: '127.0.0.1', port, secure: false, user: undefined, password: undefined, dkim: null };
    const transport = nodemailer.createTransport({ ...smtpOptions(smtp), pool: true, maxConnections: 2, maxMessages: Infinity });
    cleanups.push(() => transport.close());
    const mail = (n: number) => ({ from: 'a@enlaza.test', to: `b${n}@enlaza.test`, subject: 'x', text: 'x' });
    // More refused connections than the pool has slots; each answers its message with the error.
    for (let n = 0; n < 3; n++) await expect(transport.sendMail(mail(n))).rejects.toThrow(/ECONNREFUSED/);
    // The server, back on the port that refused.
    const back = await startSmtpSink({ port });
    cleanups.push(() => back.close());
    await transport.sendMail(mail(3));
    expect(back.accepted()).toBe(1);
  }, 20_000);
});

const TOTAL = 2000;
/** The default of CAMPAIGN_SMTP_CONNECTIONS. */
const CONNECTIONS = 16;

describe('a campaign through an SMTP outage', () => {
  it('sends every recipient once, says why while the server is down, and ends sent when it is back, with no restart', async () => {
    const sink = await startSmtpSink();
    cleanups.push(() => sink.close());
    const ctx = await createTestApp({
      ...sink.env,
      DEMO_PLAN: 'business',
      CAMPAIGN_SMTP_CONNECTIONS: String(CONNECTIONS),
      // 1.2 s without an accepted email: stalled.
      CAMPAIGN_STALL_MINUTES: '0.02',
    });
    cleanups.push(() => ctx.close());
    const token = await login(ctx.app, DEMO);
    const [demo] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO.email));
    const { profileId, templateId } = await seedCampaignAudience(ctx.db, demo!.id, TOTAL, { domain: 'outage.example' });
    const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
      const res = await ctx.app.inject({ method, url, headers: { ...bearer(token), 'accept-language': 'en' }, payload });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json<{ data: Campaign }>().data;
    };
    const campaign = await call('POST', '/api/campaigns', { name: 'Outage', templateId, audience: { profileIds: [profileId] } });
    await call('POST', `/api/campaigns/${campaign.id}/start`, {});

    await waitFor(async () => (sink.accepted() >= TOTAL / 2 ? true : undefined), 'half of the emails', 120_000);
    await sink.stop();
    const beforeOutage = sink.accepted();
    expect(beforeOutage).toBeLessThan(TOTAL);

    // While the server is down the campaign keeps sending (nothing failed) and says why on its answer.
    const stalled = await waitFor(
      async () => {
        const c = await call('GET', `/api/campaigns/${campaign.id}`);
        return c.stall ? c : undefined;
      },
      'the campaign to say it is held up',
      60_000,
    );
    expect(stalled.state).toBe('sending');
    expect(stalled.stall!.reason).toMatch(/cannot be reached .*ECONNREFUSED/);
    expect(stalled.figures).toMatchObject({ failed: 0, bounced: 0 });
    const stalledNotes = () =>
      ctx.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, demo!.id), eq(notifications.type, 'campaign_stalled')));
    await queueIdle(ctx.app, 'event.'); // the notification follows `campaign.stalled`
    expect(await stalledNotes()).toHaveLength(1);

    // Back on the same port: the same process carries on by itself.
    await sink.start();
    const done = await waitFor(
      async () => {
        const c = await call('GET', `/api/campaigns/${campaign.id}`);
        return c.state === 'sent' ? c : undefined;
      },
      'the campaign to end sent',
      120_000,
    );
    expect(sink.accepted()).toBeGreaterThan(beforeOutage);
    expect(done.stall).toBeNull();
    expect(done.figures).toMatchObject({ recipients: TOTAL, sent: TOTAL, failed: 0, bounced: 0, pending: 0 });
    expect(await recipientStates(ctx.db, campaign.id)).toEqual({ sent: TOTAL });

    // Every recipient has its email; a few twice at most: a message the server took just as it went
    // down, whose answer the sender never read (one per SMTP connection at the moment of the outage).
    const counts = sink.perRecipient();
    expect(counts.size).toBe(TOTAL);
    const twice = [...counts.values()].filter((n) => n > 1);
    expect(twice.every((n) => n === 2)).toBe(true);
    expect(twice.length).toBeLessThanOrEqual(CONNECTIONS);
    // A duplicate is the same message again (same Message-ID), which receivers can recognise.
    expect(new Set(sink.messageIds()).size).toBe(TOTAL);

    const delivered = await ctx.db.execute(
      sql`select status, count(*)::int as n from deliveries where kind = 'campaign' and user_id = ${demo!.id} group by status`,
    );
    expect(delivered.rows).toEqual([{ status: 'sent', n: TOTAL }]);
    // One stall, one notice.
    await queueIdle(ctx.app, 'event.');
    expect(await stalledNotes()).toHaveLength(1);
  });
});
