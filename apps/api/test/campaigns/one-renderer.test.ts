import { spawnSync } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { simpleParser, type AddressObject } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Campaign, CampaignReview } from '@enlaza/contracts';
import { deliveries, messages, profiles } from '../../src/db/schema/index.js';
import { linkifyBody } from '../../src/modules/templates/render.js';
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

const BODY =
  '<h2>Hola {{nombre}}</h2>' +
  '<p>Lee https://example.org/news?a=1&amp;b=2. Y <a href="{{perfil_url}}">mi tarjeta</a>.</p>' +
  '<p><a class="button" href="https://example.org/buy">Comprar</a></p>' +
  '<p><img src="https://example.org/photo.png" alt="Una foto"></p><hr><p>Adiós</p>';

/** A user whose card they wrote to themselves (so the campaign's recipient is the test's), a template and a campaign. */
async function owner() {
  const user = await insertUser(ctx.db, { name: 'Ana García', locale: 'es' });
  const token = await login(ctx.app, user);
  const call = async <T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const res = await ctx.app.inject({ method, url, headers: { ...bearer(token), 'accept-language': 'es' }, payload });
    return { status: res.statusCode, body: res.json<{ data: T; code?: string }>() };
  };
  const [card] = await ctx.db.insert(profiles).values({ userId: user.id, kind: 'card', name: 'Ana' }).returning();
  await ctx.db
    .insert(messages)
    .values({ profileId: card!.id, userId: user.id, name: user.name, email: user.email, body: 'Hi', consent: true });
  const template = await call<{ id: string }>('POST', '/api/templates', {
    name: 'News',
    subject: 'Noticias para {{nombre}}',
    bodyHtml: BODY,
  });
  expect(template.status, JSON.stringify(template.body)).toBe(201);
  const campaign = await call<Campaign>('POST', '/api/campaigns', {
    name: 'Otoño',
    templateId: template.body.data.id,
    audience: { profileIds: [card!.id] },
  });
  expect(campaign.status, JSON.stringify(campaign.body)).toBe(201);
  return { user, call, campaignId: campaign.body.data.id };
}

/**
 * What differs between two renderings of one email for one person: the click redirects (back to the
 * address written, as an attribute writes it), the unsubscribe link, the "view in browser" link and the open pixel.
 */
const normalize = (html: string) =>
  html
    .replace(/http:\/\/enlaza\.test\/api\/campaigns\/t\/c\/[^"?]+\?u=([^"]+)/g, (_, u: string) =>
      decodeURIComponent(u).replaceAll('&', '&amp;'),
    )
    .replace(/http:\/\/enlaza\.test\/u\/[A-Za-z0-9._-]+/g, 'UNSUBSCRIBE')
    .replace(/<a href="http:\/\/enlaza\.test\/v\/[^"]+"[^>]*>[^<]*<\/a>/g, '')
    .replace(/<img src="http:\/\/enlaza\.test\/api\/campaigns\/t\/o\/[^"]+"[^>]*>/g, '');

/** Python's own email package (policy.default) reads the message: its defects, per part. Null without python3. */
function pythonDefects(raw: string): string[] | null {
  const script =
    'import sys, email, email.policy\n' +
    'm = email.message_from_bytes(sys.stdin.buffer.read(), policy=email.policy.default)\n' +
    'print("\\n".join(type(d).__name__ for p in m.walk() for d in p.defects))\n' +
    'print("PARTS", len(list(m.walk())), m.get_content_type())';
  const run = spawnSync('python3', ['-c', script], { input: raw });
  if (run.error || run.status !== 0) return null;
  const lines = run.stdout.toString().trim().split('\n');
  expect(lines.at(-1)).toBe('PARTS 3 multipart/alternative');
  return lines.slice(0, -1).filter(Boolean);
}

describe('one renderer for the review, the test send, the campaign and its web page', () => {
  it('gives one person the same email in all four, a full responsive document that independent parsers read without defects', async () => {
    const { user, call, campaignId } = await owner();
    expect((await call('PUT', '/api/campaigns/sender', { name: 'Ana García', postalAddress: 'Calle Mayor 1\n28013 Madrid' })).status).toBe(
      200,
    );

    // The review: the email as the audience gets it, rendered for the owner.
    const review = await call<CampaignReview>('GET', `/api/campaigns/${campaignId}/review`);
    expect(review.status, JSON.stringify(review.body)).toBe(200);
    expect(review.body.data).toMatchObject({
      subject: 'Noticias para Ana García',
      recipients: 1,
      sender: { saved: true, from: '"Ana García via Enlaza" <no-reply@enlaza.test>', replyTo: user.email },
    });
    const html = review.body.data.html;
    expect(html).toMatch(/^<!doctype html>\s*<html lang="es"/);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('<meta name="color-scheme" content="light dark">');
    expect(html).toContain('@media (prefers-color-scheme:dark)');
    // The CSS inlined: the column, the image, the button; nothing left to a <style> but media queries.
    expect(html).toMatch(/class="column"[^>]*style="[^"]*max-width: 600px/);
    expect(html).toMatch(/<img src="https:\/\/example\.org\/photo\.png" alt="Una foto" style="max-width: 100%; height: auto;/);
    expect(html).toMatch(
      /<a class="button" href="https:\/\/example\.org\/buy"[^>]*style="display: inline-block; background: #1f5fa8; color: #ffffff;/,
    );
    // A bare address became a link, its sentence's full stop left out; the pre-header starts with the text.
    expect(html).toContain(
      '<a href="https://example.org/news?a=1&amp;b=2" style="color: #1f5fa8; text-decoration: underline;">https://example.org/news?a=1&amp;b=2</a>.',
    );
    expect(html).toMatch(/aria-hidden="true">Hola Ana García Lee https:\/\/example\.org\/news/);
    expect(html).toContain('Ana García · Calle Mayor 1, 28013 Madrid');
    expect(review.body.data.text).toContain('Hola Ana García');

    // The test send: the same email, from the sender, to the owner.
    const test = await call<{ to: string }>('POST', `/api/campaigns/${campaignId}/test`);
    expect(test.status, JSON.stringify(test.body)).toBe(200);
    expect(test.body.data.to).toBe(user.email);
    const testRaw = (await mail.next(user.email)).raw;
    const tested = await simpleParser(testRaw);
    expect(tested.from?.value).toEqual([{ name: 'Ana García via Enlaza', address: 'no-reply@enlaza.test' }]);
    expect((tested.replyTo as AddressObject).value[0]?.address).toBe(user.email);
    expect(tested.subject).toBe('Noticias para Ana García');
    const [testDelivery] = await ctx.db.select().from(deliveries).where(eq(deliveries.toEmail, user.email));
    expect(testDelivery?.kind).toBe('test');

    // The campaign itself.
    expect((await call('POST', `/api/campaigns/${campaignId}/start`, {})).status).toBe(200);
    await waitFor(
      async () => ((await call<Campaign>('GET', `/api/campaigns/${campaignId}`)).body.data.state === 'sent' ? true : undefined),
      'the campaign to be sent',
    );
    const sentRaw = (await mail.next(user.email)).raw;
    const sent = await simpleParser(sentRaw);
    const sentHtml = sent.html as string;
    expect(sentHtml).toContain('/api/campaigns/t/c/');
    const viewUrl = /href="(http:\/\/enlaza\.test\/v\/[^"]+)"/.exec(sentHtml)?.[1];
    expect(viewUrl).toBeDefined();

    // Its web page ("view in browser").
    const page = await ctx.app.inject({ method: 'GET', url: viewUrl!.replace('http://enlaza.test', '') });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).not.toContain('/api/campaigns/t/');

    // The four are one email, but for the links that differ by design.
    const one = normalize(html);
    expect(normalize(tested.html as string)).toBe(one);
    expect(normalize(sentHtml)).toBe(one);
    expect(normalize(page.body)).toBe(one);
    expect(sent.text?.replace(/http:\/\/enlaza\.test\/u\/\S+/, 'U')).toBe(tested.text?.replace(/http:\/\/enlaza\.test\/u\/\S+/, 'U'));

    // The test send carries the list headers of a real send: the same names, the same list and
    // feedback ids, the one-click header; its unsubscribe link is the example page, which unsubscribes nobody.
    const headerOf = (raw: string, name: string) =>
      new RegExp(`^${name}:[ \\t]*(.*(?:\\r\\n[ \\t].*)*)`, 'im')
        .exec(raw.slice(0, raw.search(/\r\n\r\n/)))?.[1]
        ?.replace(/\r\n[ \t]+/g, ' ')
        .trim();
    for (const name of ['List-Unsubscribe-Post', 'List-ID', 'Feedback-ID', 'X-Enlaza-Campaign']) {
      expect(headerOf(sentRaw, name), `the campaign's ${name}`).toBeDefined();
      expect(headerOf(testRaw, name), `the test send's ${name}`).toBe(headerOf(sentRaw, name));
    }
    expect(headerOf(testRaw, 'List-Unsubscribe')).toBe('<http://enlaza.test/u/example>');
    expect(headerOf(sentRaw, 'List-Unsubscribe')).toMatch(/^<http:\/\/enlaza\.test\/u\/[^>]+>$/);

    // Both messages parse without defects in Python's email package, where it is installed.
    for (const raw of [testRaw, sentRaw]) {
      const defects = pythonDefects(raw);
      if (defects) expect(defects).toEqual([]);
    }

    // A forged or altered page link is a 404 page.
    const forged = await ctx.app.inject({ method: 'GET', url: `${viewUrl!.replace('http://enlaza.test', '').slice(0, -3)}abc` });
    expect(forged.statusCode).toBe(404);
  });

  it('reviews only the owner’s own campaigns, and says when no sender is saved', async () => {
    const { campaignId } = await owner();
    const other = await owner();
    expect((await other.call('GET', `/api/campaigns/${campaignId}/review`)).status).toBe(404);
    expect((await other.call('POST', `/api/campaigns/${campaignId}/test`)).status).toBe(404);
    const unsaved = await other.call<CampaignReview>('GET', `/api/campaigns/${other.campaignId}/review`);
    expect(unsaved.status).toBe(200);
    expect(unsaved.body.data.sender).toMatchObject({ saved: false, from: '"Ana García via Enlaza" <no-reply@enlaza.test>' });
  });
});

describe('bare addresses in a template', () => {
  it('become links, outside existing links only, without the punctuation that ends their sentence', () => {
    expect(linkifyBody('<p>See https://a.example/x, or (https://b.example/y).</p>')).toBe(
      '<p>See <a href="https://a.example/x">https://a.example/x</a>, or (<a href="https://b.example/y">https://b.example/y</a>).</p>',
    );
    expect(linkifyBody('<p><a href="https://a.example">https://a.example</a> {{perfil_url}}</p>')).toBe(
      '<p><a href="https://a.example">https://a.example</a> <a href="{{perfil_url}}">{{perfil_url}}</a></p>',
    );
    expect(linkifyBody('<p><img src="https://a.example/i.png" /></p>')).toBe('<p><img alt="" src="https://a.example/i.png" /></p>');
  });
});
