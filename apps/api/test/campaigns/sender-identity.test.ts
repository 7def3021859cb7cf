import { eq } from 'drizzle-orm';
import { simpleParser, type AddressObject } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Campaign, CampaignSender } from '@enlaza/contracts';
import { campaignRecipients, messages, profiles } from '../../src/db/schema/index.js';
import { startMailbox, type Mailbox } from '../helpers/mailbox.js';
import { bearer, createTestApp, insertUser, login, waitFor, type TestContext } from '../helpers/test-app.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let ctx: TestContext;
let mail: Mailbox;

beforeAll(async () => {
  mail = await startMailbox();
  ctx = await createTestApp({ ...mail.env, PUBLIC_URL: 'http://enlaza.test' });
});
afterAll(async () => {
  await ctx?.close();
  await mail?.close();
});

/** A new user with a card two visitors wrote to (one agreeing to hear more), an imported list of one, and a template. */
async function owner(language = 'en') {
  const user = await insertUser(ctx.db, {
    name: 'Ana García',
    country: 'ES',
    billingAddress: { line1: 'Calle Mayor 1', line2: null, city: 'Madrid', postalCode: '28013', region: null, country: 'ES' },
  });
  const token = await login(ctx.app, user);
  const call = async <T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const res = await ctx.app.inject({ method, url, headers: { ...bearer(token), 'accept-language': language }, payload });
    return { status: res.statusCode, body: res.json<{ data: T; code?: string; message?: string; errors?: Record<string, string[]> }>() };
  };
  const tag = user.id.slice(0, 8);
  const [card] = await ctx.db.insert(profiles).values({ userId: user.id, kind: 'card', name: 'Ana' }).returning();
  await ctx.db.insert(messages).values([
    { profileId: card!.id, userId: user.id, name: 'Visitor', email: `visitor-${tag}@example.org`, body: 'Hi', consent: true },
    { profileId: card!.id, userId: user.id, name: 'Silent', email: `silent-${tag}@example.org`, body: 'Hi', consent: false },
  ]);
  const csv = `email,name\nlisted-${tag}@example.org,Listed\n`;
  const imported = await call<{ list: { id: string } }>('POST', '/api/audience/lists/import', {
    csv,
    name: 'Leads',
    hasHeader: true,
    emailColumn: 0,
    nameColumn: 1,
    consent: true,
  });
  expect(imported.status, JSON.stringify(imported.body)).toBe(201);
  const template = await call<{ id: string }>('POST', '/api/templates', {
    name: 'News',
    subject: 'News for {{nombre}}',
    bodyHtml: '<p>Hello {{nombre}}, read <a href="https://example.org/news">our news</a>.</p>',
  });
  expect(template.status, JSON.stringify(template.body)).toBe(201);
  const campaign = await call<Campaign>('POST', '/api/campaigns', {
    name: 'Autumn',
    templateId: template.body.data.id,
    audience: { profileIds: [card!.id], listIds: [imported.body.data.list.id] },
  });
  expect(campaign.status, JSON.stringify(campaign.body)).toBe(201);
  return { user, tag, call, campaignId: campaign.body.data.id };
}

const recipientRows = (campaignId: string) => ctx.db.select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, campaignId));

describe('who a campaign comes from', () => {
  it('is required before a first campaign: starting or scheduling without it is a translated 409 that writes nothing', async () => {
    const { call, campaignId } = await owner('es');
    const suggested = await call<CampaignSender>('GET', '/api/campaigns/sender');
    // Suggestions from the account until saved: its name and billing address (country in the viewer's language).
    expect(suggested.body.data).toMatchObject({ saved: false, name: 'Ana García', postalAddress: 'Calle Mayor 1, 28013 Madrid\nEspaña' });
    expect(suggested.body.data.from).toBe('"Ana García via Enlaza" <no-reply@enlaza.test>');

    const now = await call('POST', `/api/campaigns/${campaignId}/start`, {});
    expect(now.status).toBe(409);
    expect(now.body.code).toBe('campaign.sender_missing');
    expect(now.body.message).toContain('Remitente');
    const later = await call('POST', `/api/campaigns/${campaignId}/start`, { at: new Date(Date.now() + 86_400_000).toISOString() });
    expect(later.status).toBe(409);
    expect(later.body.code).toBe('campaign.sender_missing');
    expect((await call<Campaign>('GET', `/api/campaigns/${campaignId}`)).body.data.state).toBe('draft');
    expect(await recipientRows(campaignId)).toHaveLength(0);
  });

  it('refuses a name on two lines or an empty address with field errors, keeping what was saved', async () => {
    const { call } = await owner();
    expect((await call('PUT', '/api/campaigns/sender', { name: 'Ana', postalAddress: 'Calle Mayor 1, Madrid' })).status).toBe(200);
    const injected = await call('PUT', '/api/campaigns/sender', {
      name: 'Ana\r\nBcc: x@example.org',
      postalAddress: 'Calle Mayor 1, Madrid',
    });
    expect(injected.status).toBe(422);
    expect(injected.body.errors?.name?.[0]).toBe('Use a single line of text.');
    const empty = await call('PUT', '/api/campaigns/sender', { name: 'Ana', postalAddress: '  ' });
    expect(empty.status).toBe(422);
    expect(empty.body.errors?.postalAddress).toHaveLength(1);
    expect((await call<CampaignSender>('GET', '/api/campaigns/sender')).body.data).toMatchObject({
      saved: true,
      name: 'Ana',
      postalAddress: 'Calle Mayor 1, Madrid',
    });
  });

  it('is in every email: "<name> via Enlaza" on the platform address, Reply-To the owner, the postal address, and why the person gets it', async () => {
    const { user, tag, call, campaignId } = await owner();
    const saved = await call<CampaignSender>('PUT', '/api/campaigns/sender', {
      name: 'Ana "AG" García',
      postalAddress: 'Calle Mayor 1\n28013 Madrid\nSpain',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ saved: true, replyTo: user.email });

    expect((await call('POST', `/api/campaigns/${campaignId}/start`, {})).status).toBe(200);
    await waitFor(
      async () => ((await call<Campaign>('GET', `/api/campaigns/${campaignId}`)).body.data.state === 'sent' ? true : undefined),
      'the campaign to be sent',
    );
    const visitor = await simpleParser((await mail.next(`visitor-${tag}@example.org`)).raw);
    const listed = await simpleParser((await mail.next(`listed-${tag}@example.org`)).raw);
    for (const email of [visitor, listed]) {
      // An independent parser reads the quoted display name back, quotes and accents included.
      expect(email.from?.value).toEqual([{ name: 'Ana "AG" García via Enlaza', address: 'no-reply@enlaza.test' }]);
      expect((email.replyTo as AddressObject).value).toEqual([{ name: '', address: user.email }]);
      expect(email.text).toContain('Ana "AG" García · Calle Mayor 1, 28013 Madrid, Spain');
      expect(email.html).toContain('Ana &quot;AG&quot; García · Calle Mayor 1, 28013 Madrid, Spain');
      expect(email.text).toMatch(/Unsubscribe: http:\/\/enlaza\.test\/u\//);
    }
    // Worded by where the address came from: the card's contact form, or the owner's imported list.
    expect(visitor.text).toContain('because you wrote to Ana "AG" García through their card');
    expect(listed.text).toContain('because Ana "AG" García added your address to their contacts');
    expect(listed.text).not.toContain('you wrote to');
  });

  it('can turn tracking off: the emails then carry no open pixel and no click redirects, and the campaign says so', async () => {
    const { tag, call, campaignId } = await owner();
    const saved = await call<CampaignSender>('PUT', '/api/campaigns/sender', {
      name: 'Ana',
      postalAddress: 'Calle Mayor 1, Madrid',
      tracking: false,
    });
    expect(saved.body.data).toMatchObject({ saved: true, tracking: false });
    expect((await call('POST', `/api/campaigns/${campaignId}/start`, {})).status).toBe(200);
    const campaign = await waitFor(async () => {
      const c = (await call<Campaign>('GET', `/api/campaigns/${campaignId}`)).body.data;
      return c.state === 'sent' ? c : undefined;
    }, 'the campaign to be sent');
    expect(campaign.tracking).toBe(false);
    const email = await simpleParser((await mail.next(`visitor-${tag}@example.org`)).raw);
    expect(email.html).not.toContain('/api/campaigns/t/');
    expect(email.html).toContain('href="https://example.org/news"');
    // The page of the email and the unsubscribe link stay: they are not tracking.
    expect(email.html).toContain('http://enlaza.test/v/');
    expect(email.text).toMatch(/Unsubscribe: http:\/\/enlaza\.test\/u\//);
    const exported = (await call<never>('GET', '/api/options/export')).body as unknown as { campaignSender: unknown };
    expect(exported.campaignSender).toMatchObject({ tracking: false });
  });

  it('is copied when a campaign is scheduled: a later change reaches only the campaigns after it', async () => {
    const { call, campaignId } = await owner();
    await call('PUT', '/api/campaigns/sender', { name: 'First Name', postalAddress: 'Calle Mayor 1, Madrid' });
    const at = new Date(Date.now() + 86_400_000).toISOString();
    expect((await call('POST', `/api/campaigns/${campaignId}/start`, { at })).status).toBe(200);
    await call('PUT', '/api/campaigns/sender', { name: 'Second Name', postalAddress: 'Gran Vía 2, Madrid' });
    const exported = await call<never>('GET', '/api/options/export');
    const data = exported.body as unknown as { campaigns: { id: string; sender: unknown }[]; campaignSender: unknown };
    expect(data.campaigns.find((c) => c.id === campaignId)?.sender).toMatchObject({
      name: 'First Name',
      postalAddress: 'Calle Mayor 1, Madrid',
    });
    expect(data.campaignSender).toMatchObject({ name: 'Second Name', postalAddress: 'Gran Vía 2, Madrid' });
  });
});
