import { DomUtils, parseDocument } from 'htmlparser2';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Campaign } from '@enlaza/contracts';
import { seedCampaignAudience } from '../helpers/campaigns.js';
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

/** The `<html lang>` of a received email's HTML part, read with mailparser and an HTML parser. */
async function langOf(raw: string): Promise<string | undefined> {
  const html = (await simpleParser(raw)).html as string;
  return DomUtils.getElementsByTagName('html', parseDocument(html))[0]?.attribs.lang;
}

/**
 * An email's `<html lang>` is its language, so screen readers and translation offers read it right:
 * the language the owner writes their campaigns in (recipients have no language of their own: the
 * owner's text is what they get). Japanese, our `jp`, is the language tag `ja`.
 */
describe('the email’s language', () => {
  it.each([
    ['es', 'es'],
    ['jp', 'ja'],
    ['en', 'en'],
  ] as const)('a campaign and its test send from a %s owner say lang="%s"', async (locale, lang) => {
    const user = await insertUser(ctx.db, { locale });
    const token = await login(ctx.app, user);
    const { profileId, templateId } = await seedCampaignAudience(ctx.db, user.id, 1, { prefix: `lang-${locale}`, domain: 'lang.example' });
    const call = async (method: 'GET' | 'POST', url: string, payload?: object) =>
      (await ctx.app.inject({ method, url, headers: bearer(token), payload })).json<{ data: Campaign }>().data;
    const campaign = await call('POST', '/api/campaigns', { name: `Lang ${locale}`, templateId, audience: { profileIds: [profileId] } });
    await call('POST', `/api/campaigns/${campaign.id}/test`, {});
    expect(await langOf((await mail.next(user.email)).raw)).toBe(lang);
    await call('POST', `/api/campaigns/${campaign.id}/start`, {});
    await waitFor(async () => ((await call('GET', `/api/campaigns/${campaign.id}`)).state === 'sent' ? true : undefined), 'the campaign');
    expect(await langOf((await mail.next(`lang-${locale}0@lang.example`)).raw)).toBe(lang);
  });
});
