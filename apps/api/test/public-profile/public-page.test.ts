import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plans, subscriptions } from '../../src/db/schema/index.js';
import { bearer, createTestApp, insertUser, login, type TestContext } from '../helpers/test-app.js';

let t: TestContext;
let owner: Awaited<ReturnType<typeof insertUser>>;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://enlaza.example' });
  // A Spanish-speaking owner.
  owner = await insertUser(t.db, { name: 'Ana García', alias: `pg-${Date.now() % 100000}`, phone: '+34600111222', locale: 'es' });
  const [pro] = await t.db.select().from(plans).where(eq(plans.code, 'pro'));
  await t.db.insert(subscriptions).values({ userId: owner.id, planId: pro!.id, status: 'active', currentPeriodStart: new Date() });
  token = await login(t.app, owner);
});
afterAll(() => t.close());

async function create(body: object): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/profiles', headers: bearer(token), payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}
const card = (extra: object = {}, theme?: object) => ({
  kind: 'card',
  ...(theme && { theme }),
  card: {
    firstName: 'Ana',
    lastName: 'García <b>&</b>',
    jobTitle: 'Architect',
    company: 'Estudio',
    bio: 'Line one\nLine two',
    phones: [{ label: 'Mobile', number: '+34612345678' }],
    emails: [{ label: 'Work', email: 'ana@example.com' }],
    website: 'https://ana.example/portfolio',
    address: 'Calle Mayor 1, Madrid',
    socialLinks: [{ network: 'github', url: 'https://github.com/ana' }],
    customLinks: [{ label: 'My "book"', url: 'https://books.example/ana' }],
    ...extra,
  },
});
const page = (id: string, language?: string, alias = owner.alias) =>
  t.app.inject({ url: `/link/${alias}/${id}`, headers: language ? { 'accept-language': language } : {} });
const visitors = async (id: string) =>
  (await t.app.inject({ url: `/api/profiles/${id}/stats`, headers: bearer(token) })).json().data.totals.visitors;

describe('the server-rendered public page', () => {
  it('holds the whole card in its HTML, escaped, with working links and a vCard link that downloads', async () => {
    const id = await create(card());
    const res = await page(id, 'en-US');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html).toContain('<h1 id="pp-name" class="pp-name" data-testid="public-profile-name">Ana García &lt;b&gt;&amp;&lt;/b&gt;</h1>');
    expect(html).not.toContain('<b>&</b>');
    expect(html).toContain('Architect · Estudio');
    // The number dials as stored and reads as people write it (grouped, with its country code).
    expect(html).toMatch(/href="tel:\+34612345678"[^>]*>.*?\+34 612 34 56 78/s);
    expect(html).not.toContain('>+34612345678<');
    expect(html).toContain('href="mailto:ana@example.com"');
    expect(html).toContain('href="https://ana.example/portfolio" data-count');
    expect(html).toContain('href="https://github.com/ana"');
    // A social link carries its network's own mark, not a generic globe.
    const github = /<a[^>]*href="https:\/\/github.com\/ana"[^>]*>(.*?)<\/a>/s.exec(html)?.[1] ?? '';
    expect(github).toContain('M9 19c-4 1.5-4-2-6-2.5');
    expect(github).toContain('GitHub');
    expect(html).toContain('href="https://books.example/ana" data-count data-testid="public-profile-link">My &quot;book&quot;</a>');
    expect(html).toContain(`href="https://www.openstreetmap.org/search?query=${encodeURIComponent('Calle Mayor 1, Madrid')}"`);
    expect(html).toContain('Line one\nLine two');
    expect(html).toContain('href="/register"');
    // The card's name and title in the title; one description.
    expect(html).toContain('<title>Ana García &lt;b&gt;&amp;&lt;/b&gt; — Architect · Estudio</title>');
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(html).toContain('<meta property="og:title"');

    const vcardHref = html.match(/<a class="pp-button pp-primary" href="([^"]+)" download data-testid="public-profile-save">/)?.[1];
    expect(vcardHref).toBe(`/api/public/link/${owner.alias}/${id}/vcard`);
    const vcard = await t.app.inject({ url: vcardHref! });
    expect(vcard.statusCode).toBe(200);
    expect(vcard.headers['content-type']).toContain('text/vcard');
    expect(vcard.body).toContain('BEGIN:VCARD');
  });

  it('speaks the visitor’s language when it is en, es or jp, and the owner’s otherwise', async () => {
    const id = await create(card());
    const french = await page(id, 'fr-FR,fr;q=0.9');
    expect(french.body).toMatch(/^<!doctype html>\n<html lang="es">/);
    expect(french.body).toContain('Guardar contacto');
    expect(french.headers['content-language']).toBe('es');
    const english = await page(id, 'en-US,en;q=0.9');
    expect(english.body).toMatch(/<html lang="en">/);
    expect(english.body).toContain('Save contact');
    const japanese = await page(id, 'ja-JP');
    expect(japanese.body).toMatch(/<html lang="ja">/);
    expect(japanese.body).toContain('連絡先');
    expect((await page(id)).body).toMatch(/<html lang="es">/);
    // The contact form's examples are a name and a number of the reader's language and country.
    const placeholders = (html: string) => [
      /<input id="pp-name-input"[^>]*placeholder="([^"]*)"/.exec(html)?.[1],
      /<input id="pp-phone-input"[^>]*placeholder="([^"]*)"/.exec(html)?.[1],
    ];
    expect(placeholders(english.body)).toEqual(['Alex Smith', '+44 7700 900123']);
    expect(placeholders(french.body)).toEqual(['Lucía García', '+34 612 34 56 78']);
    expect(placeholders(japanese.body)).toEqual(['山田 花子', '+81 90-1234-5678']);
  });

  it('speaks English to a visitor of none of our languages when the owner never chose one (not the app’s jp default)', async () => {
    const silent = await insertUser(t.db, { name: 'Noa Silent', alias: `pg-none-${Date.now() % 100000}` });
    expect(silent.locale).toBeNull();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/profiles',
      headers: bearer(await login(t.app, silent)),
      payload: { kind: 'card', card: { firstName: 'Noa', lastName: 'Silent' } },
    });
    expect(res.statusCode, res.body).toBe(201);
    const french = await page(res.json().data.id, 'fr-FR,fr;q=0.9', silent.alias);
    expect(french.statusCode).toBe(200);
    expect(french.body).toMatch(/<html lang="en">/);
    expect(french.body).toContain('Save contact');
    expect(french.headers['content-language']).toBe('en');
    // The same with no Accept-Language at all; a Spanish visitor still reads Spanish.
    expect((await page(res.json().data.id, undefined, silent.alias)).body).toMatch(/<html lang="en">/);
    expect((await page(res.json().data.id, 'es', silent.alias)).body).toMatch(/<html lang="es">/);
  });

  it('shows a lost tag’s banner, and offers its owner’s contact in words for an owner (or not at all)', async () => {
    const lost = await create({
      kind: 'tag',
      tag: { name: 'Luna', tagKind: 'pet', lostMode: true, lostNote: 'Needs <medicine>', reward: '50 €' },
    });
    const html = (await page(lost, 'en')).body;
    expect(html).toContain('data-testid="public-profile-lost"');
    expect(html).toContain('This pet is lost');
    expect(html).toContain('Needs &lt;medicine&gt;');
    expect(html).toContain('Reward: 50 €');
    // The owner's contact is hidden: nothing to save.
    expect(html).not.toContain('public-profile-save');
    const shown = await create({ kind: 'tag', tag: { name: 'Keys', tagKind: 'keys', showOwnerContact: true } });
    const withOwner = (await page(shown, 'en')).body;
    expect(withOwner).toContain('Save the owner&#39;s contact');
    // The owner's phone reads grouped too, and dials as stored.
    expect(withOwner).toMatch(/href="tel:\+34600111222"[^>]*>.*?\+34 600 11 12 22/s);
    expect(withOwner).not.toContain('>Save contact<');
    expect(withOwner).not.toContain('public-profile-lost');
    // The script's strings in the page are only those it shows (SCRIPT_STRINGS), the finder's location's only on a lost tag.
    const scriptData = (body: string) => JSON.parse(/<script type="application\/json" id="pp-data">(.*?)<\/script>/s.exec(body)![1]!);
    const lostStrings = scriptData(html).strings;
    expect(Object.keys(lostStrings.form)).toEqual(['errors']);
    expect(lostStrings.form.errors.emailInvalid).toBe('Enter a valid email address, like name@example.com.');
    expect(Object.keys(lostStrings.location).sort()).toEqual(['accuracy', 'asking', 'failed', 'willSend']);
    expect(Object.keys(lostStrings.share).sort()).toEqual(['copied', 'copyFailed', 'qrHint']);
    expect(Object.keys(lostStrings.qr).sort()).toEqual(['alt', 'failed', 'loading']);
    expect(scriptData(withOwner).strings.location).toEqual({});
  });

  it('keeps the cover in the centered layout', async () => {
    const id = await create(card({}, { color: '#1c7ed6', layout: 'centered' }));
    const html = (await page(id)).body;
    expect(html).toContain('data-layout="centered"');
    expect(html).toContain('--pp-color:#1c7ed6');
    // No cover image chosen: no empty strip either.
    expect(html).not.toContain('data-testid="public-profile-cover"');
  });

  it('answers a translated 404 page for a private, deleted or unknown profile', async () => {
    const hidden = await create({ ...card(), visibility: 'private' });
    for (const path of [
      `${owner.alias}/${hidden}`,
      `${owner.alias}/00000000-0000-4000-8000-000000000000`,
      `someone-else/${hidden}`,
      `${owner.alias}/not-a-uuid`,
    ]) {
      const res = await t.app.inject({ url: `/link/${path}`, headers: { 'accept-language': 'es-ES' } });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('data-testid="public-profile-not-available"');
      expect(res.body).toContain('Este perfil no está disponible');
      expect(res.body).toContain('<meta name="robots" content="noindex">');
      expect(res.body).not.toContain('Ana García');
    }
  });

  it('counts a visitor once, and not a preview; the signed preview shows a private profile to its owner only', async () => {
    const id = await create(card());
    await page(id);
    await page(id);
    expect(await visitors(id)).toBe(1);

    await t.app.inject({
      method: 'PUT',
      url: `/api/profiles/${id}`,
      headers: bearer(token),
      payload: { ...card(), visibility: 'private' },
    });
    const link = await t.app.inject({ url: `/api/profiles/${id}/preview-link`, headers: bearer(token) });
    expect(link.statusCode).toBe(200);
    const url: string = link.json().data.url;
    // From an address not counted yet: a preview would be a new visitor, were it counted.
    const preview = await t.app.inject({ url, remoteAddress: '192.0.2.80' });
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain('Ana García');
    expect(preview.body).toContain('class="pp-preview-note"');
    expect(preview.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(await visitors(id)).toBe(1);
    // A forged or someone else's preview address shows nothing.
    expect((await t.app.inject({ url: url.replace(/preview=\d+\./, 'preview=9999999999.') })).statusCode).toBe(404);
    expect((await page(id)).statusCode).toBe(404);
    const stranger = await login(t.app, await insertUser(t.db));
    expect((await t.app.inject({ url: `/api/profiles/${id}/preview-link`, headers: bearer(stranger) })).statusCode).toBe(404);
  });
  it('counts a visit through an old alias once: at the current address it redirects to, not before the redirect as well', async () => {
    const mover = await insertUser(t.db, { alias: `mv-${Date.now() % 100000}` });
    const [pro] = await t.db.select().from(plans).where(eq(plans.code, 'pro'));
    await t.db.insert(subscriptions).values({ userId: mover.id, planId: pro!.id, status: 'active', currentPeriodStart: new Date() });
    const moverToken = await login(t.app, mover);
    const created = await t.app.inject({ method: 'POST', url: '/api/profiles', headers: bearer(moverToken), payload: card() });
    expect(created.statusCode, created.body).toBe(201);
    const id: string = created.json().data.id;
    const renamed = await t.app.inject({
      method: 'PUT',
      url: '/api/options/alias',
      headers: bearer(moverToken),
      payload: { alias: `${mover.alias}-new` },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);

    // A visitor follows a printed link with the old alias: redirected (not counted there), then shown the page.
    const moverVisitors = async () =>
      (await t.app.inject({ url: `/api/profiles/${id}/stats`, headers: bearer(moverToken) })).json().data.totals.visitors;
    const old = await page(id, undefined, mover.alias);
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe(`/link/${mover.alias}-new/${id}`);
    expect(await moverVisitors()).toBe(0);
    expect((await t.app.inject({ url: old.headers.location as string })).statusCode).toBe(200);
    expect(await moverVisitors()).toBe(1);
  });

  it('serves one rendered page to every visitor, compressed once, setting no cookie; its calls pass by Fetch Metadata or a token asked for', async () => {
    const id = await create(card());
    const plain = await page(id, 'en-US');
    const at = (encoding: string) =>
      t.app.inject({ url: `/link/${owner.alias}/${id}`, headers: { 'accept-language': 'en-US', 'accept-encoding': encoding } });
    const br = await at('gzip, deflate, br');
    const gzip = await at('gzip;q=1, br;q=0');
    const none = await at('identity');
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(String(br.headers.vary)).toMatch(/accept-language.*accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(none.body).toBe(plain.body);
    // No visitor's secret is in the shared HTML, and a visit sets no cookie.
    expect(plain.body).not.toContain('csrf-token');
    for (const answer of [plain, br, gzip, none]) expect(answer.headers['set-cookie']).toBeUndefined();
    const send = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/public/link/${owner.alias}/${id}/messages`,
        headers: { host: 'app.test', origin: 'http://app.test', ...headers },
        payload: { name: 'Visitor', email: 'visitor@example.com', message: 'Hello from the page', consent: true },
      });
    const click = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/public/link/${owner.alias}/${id}/click`,
        headers: { host: 'app.test', origin: 'http://app.test', ...headers },
        payload: { url: 'https://example.com/portfolio' },
      });
    // A browser with Fetch Metadata: the page's own calls need no token.
    expect((await send({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(201);
    expect((await click({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    // One without it is refused once, asks for a token (which sets its nonce cookie), and is let through with it.
    const refused = await send({});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('csrf.invalid');
    expect((await click({})).json().code).toBe('csrf.invalid');
    const issued = await t.app.inject({ url: '/api/public/csrf-token', headers: { host: 'app.test' } });
    expect(issued.statusCode).toBe(200);
    expect(issued.headers['cache-control']).toBe('no-store');
    const nonce = String(issued.headers['set-cookie']).split(';')[0]!;
    expect(String(issued.headers['set-cookie'])).toMatch(/^enlaza_csrf=[\w-]+; Path=\/; HttpOnly; SameSite=Lax$/);
    const csrf = issued.json<{ data: { token: string } }>().data.token;
    expect((await send({ cookie: nonce, 'x-csrf-token': csrf })).statusCode).toBe(201);
    expect((await click({ cookie: nonce, 'x-csrf-token': csrf })).statusCode).toBe(200);
    // Another page's token, or a sibling site (same-site is not same-origin) without one, is refused.
    expect((await send({ cookie: nonce, 'x-csrf-token': 'x'.repeat(43) })).statusCode).toBe(403);
    expect((await send({ 'sec-fetch-site': 'same-site' })).statusCode).toBe(403);
    expect((await send({ 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' })).json().code).toBe('csrf.cross_site');
    // An edit shows at once: the rendered page belongs to the profile's version, not to the address.
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/profiles/${id}`,
      headers: bearer(token),
      payload: card({ jobTitle: 'Engineer' }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await page(id, 'en-US')).body).toContain('Engineer · Estudio');
  });
});
