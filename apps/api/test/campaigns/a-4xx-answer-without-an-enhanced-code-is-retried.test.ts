import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Campaign } from '@enlaza/contracts';
import { campaignRecipients, messages, profiles, suppressions } from '../../src/db/schema/index.js';
import { startMailbox, type Mailbox } from '../helpers/mailbox.js';
import { createDraftCampaign } from '../helpers/campaigns.js';
import { bearer, createTestApp, insertUser, login, waitFor, type TestContext } from '../helpers/test-app.js';

/**
 * A real SMTP server that answers bare 4xx codes, with no RFC 3463 enhanced status code (as many
 * servers still do): `later-…` is refused twice with `451 Temporary local problem`, then accepted;
 * `always-…` is refused with it every time.
 */
const tries = new Map<string, number>();
let mail: Mailbox;
let ctx: TestContext;

beforeAll(async () => {
  mail = await startMailbox({
    refuseRecipient: (address) => {
      const n = (tries.get(address) ?? 0) + 1;
      tries.set(address, n);
      if (address.startsWith('always-') || (address.startsWith('later-') && n < 3)) return { code: 451, text: 'Temporary local problem' };
      return undefined;
    },
  });
  ctx = await createTestApp({ ...mail.env, PUBLIC_URL: 'http://enlaza.test', CAMPAIGN_RETRY_SCHEDULE: '1s,1s' });
});
afterAll(async () => {
  await ctx?.close();
  await mail?.close();
});

describe('a campaign recipient answered 451 without an enhanced status code', () => {
  it('is tried again on the retry schedule (sent once accepted, failed once the schedule is used up), never counted as a bounce', async () => {
    const user = await insertUser(ctx.db, { name: 'Lola Later' });
    const token = await login(ctx.app, user);
    const tag = user.id.slice(0, 8);
    const [card] = await ctx.db.insert(profiles).values({ userId: user.id, kind: 'card', name: 'Lola' }).returning();
    await ctx.db.insert(messages).values(
      ['later', 'always'].map((who) => ({
        profileId: card!.id,
        userId: user.id,
        name: who,
        email: `${who}-${tag}@example.org`,
        body: 'Hi',
        consent: true,
      })),
    );
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
    expect((await call('PUT', '/api/campaigns/sender', { name: 'Lola', postalAddress: 'Calle Mayor 1, Madrid' })).statusCode).toBe(200);
    const template = await call('POST', '/api/templates', { name: 'News', subject: 'News', bodyHtml: '<p>Hello {{name}}</p>' });
    const id = await createDraftCampaign(ctx.app, token, { name: 'News', templateId: template.json().data.id, profileId: card!.id });
    expect((await call('POST', `/api/campaigns/${id}/start`, {})).statusCode).toBe(200);
    await waitFor(
      async () => ((await call('GET', `/api/campaigns/${id}`)).json<{ data: Campaign }>().data.state === 'sent' ? true : undefined),
      'the campaign to end',
    );

    const rows = await ctx.db.select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, id));
    expect(
      Object.fromEntries(rows.map((r) => [r.email.split('-')[0], { state: r.state, bounce: r.bounce, attempts: r.attempts }])),
    ).toEqual({
      later: { state: 'sent', bounce: null, attempts: 3 },
      always: { state: 'failed', bounce: null, attempts: 3 },
    });
    expect(mail.count(`later-${tag}@example.org`)).toBe(1);
    expect(await ctx.db.select().from(suppressions).where(eq(suppressions.userId, user.id))).toEqual([]);
  });
});
