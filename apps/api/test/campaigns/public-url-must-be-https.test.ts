import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { campaigns, users } from '../../src/db/schema/index.js';
import { requireSendablePublicUrl } from '../../src/modules/campaigns/service.js';
import { createDraftCampaign, seedCampaignAudience } from '../helpers/campaigns.js';
import { bearer, createTestApp, DEMO, login, type TestContext } from '../helpers/test-app.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

// A production server whose public address is plain http: its unsubscribe links could not be one-click (RFC 8058).
let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'http://enlaza.example', DEMO_PLAN: 'business' });
  token = await login(ctx.app, DEMO);
});
afterAll(() => ctx?.close());

describe('campaigns need an https public address in production', () => {
  it('refuses to start or schedule with an http PUBLIC_URL, says why in the reader’s language, and changes nothing', async () => {
    const [demo] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO.email));
    const { profileId, templateId } = await seedCampaignAudience(ctx.db, demo!.id, 2, { prefix: 'insecure' });
    const id = await createDraftCampaign(ctx.app, token, { name: 'Over http', templateId, profileId });

    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    for (const [payload, language, words] of [
      [{}, 'en', /public address \(http:\/\/enlaza\.example\) is not https/],
      [{ at: tomorrow }, 'es', /dirección pública \(http:\/\/enlaza\.example\) no es https/],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/campaigns/${id}/start`,
        headers: { ...bearer(token), 'accept-language': language },
        payload,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'campaign.insecure_public_url', message: expect.stringMatching(words) });
    }
    const [row] = await ctx.db.select({ state: campaigns.state }).from(campaigns).where(eq(campaigns.id, id));
    expect(row!.state).toBe('draft');
  });

  it('lets https, a loopback address (a build tried on one machine), ALLOW_HTTP_PUBLIC_URL and other environments through', () => {
    const check =
      (publicUrl: string, more: { nodeEnv?: 'production' | 'test' | 'development'; allowHttpPublicUrl?: boolean } = {}) =>
      () =>
        requireSendablePublicUrl({ publicUrl, nodeEnv: 'production', allowHttpPublicUrl: false, ...more });
    expect(check('http://enlaza.example')).toThrow();
    expect(check('http://192.168.1.20:3000')).toThrow();
    for (const ok of [
      'https://enlaza.example',
      'http://localhost:3000',
      'http://127.0.0.1:4320',
      'http://[::1]:3000',
      'http://app.localhost',
    ])
      expect(check(ok), ok).not.toThrow();
    expect(check('http://enlaza.example', { allowHttpPublicUrl: true })).not.toThrow();
    expect(check('http://enlaza.example', { nodeEnv: 'development' })).not.toThrow();
  });
});
