import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plans, profileDailyStats, subscriptions } from '../../src/db/schema/index.js';
import { localDate } from '../../src/lib/time-zone.js';
import { escapeComponent, escapeText, foldLine } from '../../src/modules/public-profile/vcard.js';
import { bearer, createTestApp, insertUser, login, type TestContext } from '../helpers/test-app.js';

let t: TestContext;
let owner: Awaited<ReturnType<typeof insertUser>>;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://enlaza.example' });
  owner = await insertUser(t.db, { name: 'Ana García', alias: `ana-${Date.now() % 100000}`, phone: '+34600111222' });
  const [pro] = await t.db.select().from(plans).where(eq(plans.code, 'pro'));
  await t.db.insert(subscriptions).values({ userId: owner.id, planId: pro!.id, status: 'active', currentPeriodStart: new Date() });
  token = await login(t.app, owner);
});
afterAll(() => t.close());

async function create(body: object): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/profiles', headers: bearer(token), payload: body });
  expect(res.statusCode).toBe(201);
  return res.json().data.id;
}
const cardBody = (extra: object = {}, visibility = 'public') => ({
  kind: 'card',
  visibility,
  card: {
    firstName: 'Ana',
    lastName: 'García; "Arq"',
    jobTitle: 'Architect, partner',
    company: 'Estudio <A>',
    bio: 'Line one\nLine two',
    phones: [{ label: 'm', number: '+34612345678' }],
    ...extra,
  },
});

describe('public profile', () => {
  it('shows a public card to a signed-out visitor and counts its visitors per day, storing no address', async () => {
    const id = await create(cardBody());
    const res = await t.app.inject({ url: `/api/public/link/${owner.alias}/${id}`, remoteAddress: '203.0.113.7' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id,
      name: 'Ana García; "Arq"',
      canonicalPath: `/link/${owner.alias}/${id}`,
      card: { jobTitle: 'Architect, partner' },
    });
    // Another visitor (another address), and the first one again: two visitors.
    await t.app.inject({ url: `/api/public/link/${owner.alias}/${id}` });
    await t.app.inject({ url: `/api/public/link/${owner.alias}/${id}`, remoteAddress: '203.0.113.7' });
    await t.app.inject({ method: 'POST', url: `/api/public/link/${owner.alias}/${id}/click`, payload: { url: 'https://example.com' } });
    const stats = (await t.app.inject({ url: `/api/profiles/${id}/stats`, headers: bearer(token) })).json().data;
    expect(stats.days).toHaveLength(30);
    expect(stats.totals).toEqual({ visitors: 2, linkClicks: 1 });
    // Days of the seller's calendar (SELLER_TIME_ZONE, Europe/Madrid by default).
    expect(stats.days.at(-1)).toMatchObject({ day: localDate(new Date(), 'Europe/Madrid'), visitors: 2, linkClicks: 1 });
    const rows = await t.db.select().from(profileDailyStats).where(eq(profileDailyStats.profileId, id));
    expect(JSON.stringify(rows)).not.toContain('203.0.113.7');
    // Someone else's statistics are not found.
    const other = await login(t.app, await insertUser(t.db));
    expect((await t.app.inject({ url: `/api/profiles/${id}/stats`, headers: bearer(other) })).statusCode).toBe(404);
  });

  it('answers 404 for a private, deleted or unknown profile, and for a wrong alias', async () => {
    const hidden = await create(cardBody({}, 'private'));
    const trashed = await create(cardBody());
    await t.app.inject({
      method: 'POST',
      url: '/api/profiles/bulk?kind=card',
      headers: bearer(token),
      payload: { ids: [trashed], action: { type: 'trash' } },
    });
    for (const path of [
      `${owner.alias}/${hidden}`,
      `${owner.alias}/${trashed}`,
      `${owner.alias}/00000000-0000-4000-8000-000000000000`,
      `someone-else/${trashed}`,
    ]) {
      const api = await t.app.inject({ url: `/api/public/link/${path}`, headers: { 'accept-language': 'es' } });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toMatchObject({
        code: 'profile.not_available',
        message: 'Esta tarjeta no está disponible. Puede ser privada o haberse eliminado.',
      });
      const page = await t.app.inject({ url: `/link/${path}` });
      expect(page.statusCode).toBe(404);
      expect(page.body).not.toContain('og:title');
    }
  });

  it('serves the page HTML with OpenGraph and Twitter tags set by the server, escaped', async () => {
    const id = await create(cardBody());
    const page = await t.app.inject({ url: `/link/${owner.alias}/${id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<meta property="og:title" content="Ana García; &quot;Arq&quot;">');
    expect(page.body).toContain('<meta property="og:description" content="Architect, partner · Estudio &lt;A&gt;">');
    expect(page.body).toContain(`<meta property="og:url" content="https://enlaza.example/link/${owner.alias}/${id}">`);
    expect(page.body).toContain('<meta name="twitter:card" content="summary">');
    // A visit sets no cookie: the page's calls rely on Fetch Metadata (see public-page.test.ts).
    expect(page.headers['set-cookie']).toBeUndefined();
    const unlisted = await create(cardBody({}, 'unlisted'));
    expect((await t.app.inject({ url: `/link/${owner.alias}/${unlisted}` })).body).toContain('<meta name="robots" content="noindex">');
  });

  it('redirects an old alias to the current one', async () => {
    const user = await insertUser(t.db, { alias: `old-${Date.now() % 100000}` });
    const userToken = await login(t.app, user);
    const [pro] = await t.db.select().from(plans).where(eq(plans.code, 'pro'));
    await t.db.insert(subscriptions).values({ userId: user.id, planId: pro!.id, status: 'active', currentPeriodStart: new Date() });
    const id = (
      await t.app.inject({
        method: 'POST',
        url: '/api/profiles',
        headers: bearer(userToken),
        payload: { kind: 'card', card: { firstName: 'Moved' } },
      })
    ).json().data.id;
    await t.app.inject({ method: 'PUT', url: '/api/options/alias', headers: bearer(userToken), payload: { alias: `${user.alias}-new` } });
    const page = await t.app.inject({ url: `/link/${user.alias}/${id}` });
    expect(page.statusCode).toBe(301);
    expect(page.headers.location).toBe(`/link/${user.alias}-new/${id}`);
    expect((await t.app.inject({ url: `/api/public/link/${user.alias}/${id}` })).json().data.canonicalPath).toBe(
      `/link/${user.alias}-new/${id}`,
    );
  });

  it('hides a tag owner’s contact unless the tag shows it, and shows lost mode and the serial', async () => {
    const hiddenOwner = await create({
      kind: 'tag',
      tag: { name: 'Luna', tagKind: 'pet', lostMode: true, lostNote: 'Needs medicine', reward: '50 €', serial: 'TG-1' },
    });
    const shownOwner = await create({ kind: 'tag', tag: { name: 'Keys', tagKind: 'keys', showOwnerContact: true } });
    const hidden = (await t.app.inject({ url: `/api/public/link/${owner.alias}/${hiddenOwner}` })).json().data.tag;
    expect(hidden).toMatchObject({ lostMode: true, lostNote: 'Needs medicine', reward: '50 €', ownerContact: null });
    // The serial printed on the tag is on its page, so a finder can tell the owner which tag it is.
    expect(hidden).toMatchObject({ serial: 'TG-1', phone: null });
    const shown = (await t.app.inject({ url: `/api/public/link/${owner.alias}/${shownOwner}` })).json().data.tag;
    expect(shown.ownerContact).toEqual({ name: 'Ana García', email: owner.email, phone: '+34600111222' });
  });
});

describe('vCard', () => {
  it('is a vCard 3.0 download with semicolons escaped only in compound values', async () => {
    const id = await create(cardBody());
    const res = await t.app.inject({ url: `/api/public/link/${owner.alias}/${id}/vcard` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/vcard; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('attachment');
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCARD');
    expect(lines[1]).toBe('VERSION:3.0');
    expect(lines).toContain('FN:Ana García; "Arq"');
    expect(lines).toContain('N:García\\; "Arq";Ana;;;');
    expect(lines).toContain('TITLE:Architect\\, partner');
    expect(lines).toContain('NOTE:Line one\\nLine two');
    expect(lines).toContain('item1.TEL;TYPE=VOICE:+34612345678');
    expect(lines).toContain('item1.X-ABLabel:m');
    expect(lines.at(-2)).toBe('END:VCARD');
    expect(res.body.endsWith('\r\n')).toBe(true);
  });

  it('escapes backslashes first and folds long lines at 75 octets without splitting characters', () => {
    expect(escapeText('a\\b,c;d\ne')).toBe('a\\\\b\\,c;d\\ne');
    expect(escapeComponent('a\\b,c;d\ne')).toBe('a\\\\b\\,c\\;d\\ne');
    const long = `NOTE:${'ñ'.repeat(100)}`;
    const folded = foldLine(long).split('\r\n');
    expect(folded.length).toBeGreaterThan(2);
    for (const part of folded) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    expect(folded.map((p, i) => (i === 0 ? p : p.slice(1))).join('')).toBe(long);
    expect(folded.slice(1).every((p) => p.startsWith(' '))).toBe(true);
  });
});
