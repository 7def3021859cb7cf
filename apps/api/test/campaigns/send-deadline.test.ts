import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Campaign } from '@enlaza/contracts';
import { users } from '../../src/db/schema/index.js';
import { recipientStates, seedCampaignAudience } from '../helpers/campaigns.js';
import { startSmtpSink } from '../helpers/smtp-sink.js';
import { bearer, createTestApp, DEMO, login, waitFor } from '../helpers/test-app.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('a campaign send with no answer', () => {
  it('is given up at its deadline and sent again', async () => {
    // The first message that arrives is never answered (a server stuck after the data, yet talking).
    let toHang = 1;
    const sink = await startSmtpSink({ hang: () => toHang-- > 0 });
    // The deadline is short, yet long enough that an answered send on a loaded machine (CI runs test
    // files side by side on two cores) is not taken for a stuck one: that one would be sent twice,
    // the bound docs/sending.md states for a send that passes its deadline.
    cleanups.push(() => sink.close());
    const ctx = await createTestApp({ ...sink.env, SMTP_SEND_TIMEOUT_SECONDS: '3', CAMPAIGN_SMTP_CONNECTIONS: '2' });
    cleanups.push(() => ctx.close());
    const token = await login(ctx.app, DEMO);
    const [demo] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO.email));
    const { profileId, templateId } = await seedCampaignAudience(ctx.db, demo!.id, 10, { domain: 'deadline.example' });
    const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
      const res = await ctx.app.inject({ method, url, headers: bearer(token), payload });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json<{ data: Campaign }>().data;
    };
    const campaign = await call('POST', '/api/campaigns', { name: 'Deadline', templateId, audience: { profileIds: [profileId] } });
    await call('POST', `/api/campaigns/${campaign.id}/start`, {});

    // The stuck connection never goes quiet, so nodemailer's own timeouts never end that send: only its deadline does.
    await waitFor(
      async () => ((await call('GET', `/api/campaigns/${campaign.id}`)).state === 'sent' ? true : undefined),
      'the campaign to end sent',
      60_000,
    );
    expect(sink.hung()).toBe(1);
    const counts = sink.perRecipient();
    expect(counts.size).toBe(10);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(await recipientStates(ctx.db, campaign.id)).toEqual({ sent: 10 });
  });
});
