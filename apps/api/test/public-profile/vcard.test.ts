import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import VCard from 'vcf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plans, subscriptions } from '../../src/db/schema/index.js';
import { createMainCard } from '../../src/modules/profiles/index.js';
import { multipart, png } from '../helpers/files.js';
import { bearer, createTestApp, insertUser, login, type TestContext } from '../helpers/test-app.js';

// Apple's label properties hold text; ical.js reads unknown X- properties as raw values unless told.
const vcard3 = (ICAL.design as unknown as { vcard3: { property: Record<string, object> } }).vcard3;
vcard3.property['x-ablabel'] = { defaultType: 'text' };
vcard3.property['x-abrelatednames'] = { defaultType: 'text' };

let t: TestContext;
let dataDir: string;
let owner: Awaited<ReturnType<typeof insertUser>>;
let token: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'enlaza-vcard-'));
  t = await createTestApp({ DATA_DIR: dataDir, PUBLIC_URL: 'https://enlaza.example' });
  owner = await insertUser(t.db, { name: 'Ana García', alias: `vc-${Date.now() % 100000}`, phone: '+34600111222' });
  const [pro] = await t.db.select().from(plans).where(eq(plans.code, 'pro'));
  await t.db.insert(subscriptions).values({ userId: owner.id, planId: pro!.id, status: 'active', currentPeriodStart: new Date() });
  token = await login(t.app, owner);
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function create(body: object): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/profiles', headers: bearer(token), payload: body });
  expect(res.statusCode).toBe(201);
  return res.json().data.id;
}
const download = (id: string, language = 'en') =>
  t.app.inject({ url: `/api/public/link/${owner.alias}/${id}/vcard`, headers: { 'accept-language': language } });

/** ICAL's reading of the one card in a file. */
function icalCard(text: string) {
  const card = new ICAL.Component(ICAL.parse(text) as unknown[]);
  const all = (name: string) => card.getAllProperties(name);
  const value = (name: string) => card.getFirstPropertyValue(name);
  const types = (p: ICAL.Property) => [p.getParameter('type') ?? []].flat().map((v) => String(v).toUpperCase());
  /** The X-ABLabel of a grouped property (Apple's "item1.URL" + "item1.X-ABLabel"). */
  const label = (p: ICAL.Property) =>
    all('x-ablabel')
      .find((l) => l.getParameter('group') === p.getParameter('group') && p.getParameter('group'))
      ?.getFirstValue() ?? null;
  return { card, all, value, types, label };
}

/** RFC 2426 §5 text unescaping, for the `vcf` package, which splits lines and parameters but leaves values as written. */
const unescape = (raw: string) => raw.replace(/\\([\\,;nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
const components = (raw: string) => raw.split(/(?<!\\);/).map(unescape);
const vcfAll = (card: VCard, key: string) => [card.get(key) ?? []].flat();

const tricky = 'Semi; colon, comma \\ backslash\nnew line 🐶 東京';
const cardBody = (photoFileId: string | null, logoFileId: string | null = null) => ({
  kind: 'card',
  photoFileId,
  logoFileId,
  card: {
    firstName: 'Ana; María',
    lastName: 'García, 山田',
    jobTitle: 'Architect; partner, Tokyo',
    company: 'Estudio; Norte, 株式会社',
    bio: tricky,
    phones: [
      { label: 'Mobile', number: '+34612345678' },
      { label: 'Oficina', number: '+34912345678' },
      { label: '自宅', number: '+81312345678' },
      { label: 'Reception; desk', number: '+34913000000' },
    ],
    emails: [
      { label: 'Work', email: 'ana@estudio.example' },
      { label: 'personal', email: 'ana@home.example' },
      { label: 'Newsletters, 📰', email: 'news@estudio.example' },
    ],
    website: 'https://estudio.example/a,b;c',
    address: 'Calle Mayor 1; 2º, Madrid\n28013 España',
    socialLinks: [
      { network: 'linkedin', url: 'https://linkedin.example/in/ana' },
      { network: 'x', url: 'https://x.example/ana' },
      { network: 'other', url: 'https://mastodon.example/@ana' },
    ],
    customLinks: [
      { label: 'Portfolio; 2026, 作品', url: 'https://portfolio.example/ana' },
      { label: 'Blog', url: 'https://blog.example' },
    ],
  },
});

describe('vCard download', () => {
  it('is a vCard 3.0 whose every field two independent parsers read back', async () => {
    const image = png(40, 30, [200, 10, 10]);
    const body = multipart([{ name: 'me.png', data: image, type: 'image/png' }]);
    const photo = (
      await t.app.inject({ method: 'POST', url: '/api/files', headers: { ...bearer(token), ...body.headers }, payload: body.payload })
    ).json().data[0];
    const id = await create(cardBody(photo.id, photo.id));
    const res = await download(id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/vcard; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('attachment');
    const text = res.body;
    // CRLF line ends only; lines of at most 75 octets, folded without splitting a UTF-8 character.
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(Buffer.from(text, 'utf8').toString('utf8')).toBe(text);
    expect(text).not.toContain('\uFFFD');
    // `;` is escaped only in compound values; in plain text it is written as it is.
    const unfolded = text.replace(/\r\n /g, '').split('\r\n');
    expect(unfolded).toContain('FN:Ana; María García\\, 山田');
    expect(unfolded).toContain('N:García\\, 山田;Ana\\; María;;;');

    // ical.js (Mozilla's parser of iCalendar and vCard 3/4).
    const ical = icalCard(text);
    expect(ical.value('version')).toBe('3.0');
    expect(ical.value('fn')).toBe('Ana; María García, 山田');
    expect(ical.value('n')).toEqual(['García, 山田', 'Ana; María', '', '', '']);
    expect(ical.value('org')).toBe('Estudio; Norte, 株式会社');
    expect(ical.value('title')).toBe('Architect; partner, Tokyo');
    expect(ical.value('note')).toBe(tricky);
    expect(ical.all('tel').map((p) => ({ number: p.getFirstValue(), types: ical.types(p), label: ical.label(p) }))).toEqual([
      { number: '+34612345678', types: ['CELL'], label: null },
      { number: '+34912345678', types: ['WORK', 'VOICE'], label: null },
      { number: '+81312345678', types: ['HOME', 'VOICE'], label: null },
      { number: '+34913000000', types: ['VOICE'], label: 'Reception; desk' },
    ]);
    expect(ical.all('email').map((p) => ({ email: p.getFirstValue(), types: ical.types(p), label: ical.label(p) }))).toEqual([
      { email: 'ana@estudio.example', types: ['INTERNET', 'WORK'], label: null },
      { email: 'ana@home.example', types: ['INTERNET', 'HOME'], label: null },
      { email: 'news@estudio.example', types: ['INTERNET'], label: 'Newsletters, 📰' },
    ]);
    const urls = ical.all('url').map((p) => ({ url: p.getFirstValue(), label: ical.label(p) }));
    expect(urls).toEqual([
      { url: 'https://estudio.example/a,b;c', label: null },
      { url: 'https://portfolio.example/ana', label: 'Portfolio; 2026, 作品' },
      { url: 'https://blog.example', label: 'Blog' },
      { url: `https://enlaza.example/link/${owner.alias}/${id}`, label: 'Enlaza' },
    ]);
    const adr = ical.all('adr')[0]!;
    expect(ical.types(adr)).toEqual(['WORK']);
    expect(adr.getFirstValue()).toEqual(['', '', 'Calle Mayor 1; 2º, Madrid\n28013 España', '', '', '', '']);
    expect(ical.all('x-socialprofile').map((p) => ({ url: p.getFirstValue(), types: ical.types(p) }))).toEqual([
      { url: 'https://linkedin.example/in/ana', types: ['LINKEDIN'] },
      { url: 'https://x.example/ana', types: ['TWITTER'] },
      { url: 'https://mastodon.example/@ana', types: [] },
    ]);
    const icalPhoto = ical.all('photo')[0]!;
    expect(icalPhoto.getParameter('encoding')).toBe('b');
    expect(ical.types(icalPhoto)).toEqual(['PNG']);
    expect(Buffer.from((icalPhoto.getFirstValue() as { value: string }).value, 'base64').equals(image)).toBe(true);
    const logoUrl = `https://enlaza.example/api/public/link/${owner.alias}/${id}/logo?v=${String(photo.id).slice(0, 8)}`;
    const icalLogo = ical.all('logo')[0]!;
    expect([icalLogo.type, icalLogo.getFirstValue()]).toEqual(['uri', logoUrl]);
    // The address serves the logo to anyone who has the card.
    const served = await t.app.inject({ url: new URL(logoUrl).pathname + new URL(logoUrl).search });
    expect(served.statusCode).toBe(200);

    // vcf (a second, unrelated reader: unfolding, groups and parameters; values as written).
    const card = new VCard().parse(text);
    expect(card.version).toBe('3.0');
    expect(unescape(vcfAll(card, 'fn')[0]!.valueOf())).toBe('Ana; María García, 山田');
    expect(components(vcfAll(card, 'n')[0]!.valueOf())).toEqual(['García, 山田', 'Ana; María', '', '', '']);
    expect(unescape(vcfAll(card, 'org')[0]!.valueOf())).toBe('Estudio; Norte, 株式会社');
    expect(unescape(vcfAll(card, 'title')[0]!.valueOf())).toBe('Architect; partner, Tokyo');
    expect(unescape(vcfAll(card, 'note')[0]!.valueOf())).toBe(tricky);
    const vcfLabel = (p: { group?: string }) =>
      p.group
        ? unescape(
            vcfAll(card, 'xAbLabel')
              .find((l) => l.group === p.group)!
              .valueOf(),
          )
        : null;
    const vcfTypes = (p: { type?: string | string[] }) => [p.type ?? []].flat();
    expect(vcfAll(card, 'tel').map((p) => [p.valueOf(), vcfTypes(p), vcfLabel(p)])).toEqual([
      ['+34612345678', ['cell'], null],
      ['+34912345678', ['work', 'voice'], null],
      ['+81312345678', ['home', 'voice'], null],
      ['+34913000000', ['voice'], 'Reception; desk'],
    ]);
    expect(vcfAll(card, 'email').map((p) => [p.valueOf(), vcfTypes(p), vcfLabel(p)])).toEqual([
      ['ana@estudio.example', ['internet', 'work'], null],
      ['ana@home.example', ['internet', 'home'], null],
      ['news@estudio.example', ['internet'], 'Newsletters, 📰'],
    ]);
    expect(vcfAll(card, 'url').map((p) => [p.valueOf(), vcfLabel(p)])).toEqual(urls.map((u) => [u.url, u.label]));
    expect(components(vcfAll(card, 'adr')[0]!.valueOf())).toEqual(['', '', 'Calle Mayor 1; 2º, Madrid\n28013 España', '', '', '', '']);
    expect(vcfAll(card, 'xSocialprofile').map((p) => [p.valueOf(), vcfTypes(p)])).toEqual([
      ['https://linkedin.example/in/ana', ['linkedin']],
      ['https://x.example/ana', ['twitter']],
      ['https://mastodon.example/@ana', []],
    ]);
    const vcfPhoto = vcfAll(card, 'photo')[0]!;
    expect([vcfPhoto.encoding, vcfTypes(vcfPhoto)]).toEqual(['b', ['png']]);
    expect(Buffer.from(vcfPhoto.valueOf(), 'base64').equals(image)).toBe(true);
    expect(vcfAll(card, 'logo').map((p) => p.valueOf())).toEqual([logoUrl]);
  });

  it('names a first card made from a Spanish full name with both family names (N:Fernández Ruiz;Lucía)', async () => {
    const id = await createMainCard(t.db, { id: owner.id, name: 'Lucía Fernández Ruiz' });
    const text = (await download(id!)).body;
    expect(text).toContain('\r\nN:Fernández Ruiz;Lucía;;;\r\n');
    expect(text).toContain('\r\nFN:Lucía Fernández Ruiz\r\n');
  });

  it('makes a tag a contact named after it, with its owner’s phone and e-mail only when the tag shows them', async () => {
    const hidden = await create({
      kind: 'tag',
      tag: { name: 'Luna, the cat', tagKind: 'pet', description: 'Grey; shy', lostMode: true, lostNote: 'Needs medicine', reward: '50 €' },
    });
    const hiddenCard = icalCard((await download(hidden, 'es')).body);
    expect(hiddenCard.value('fn')).toBe('Luna, the cat');
    expect(hiddenCard.value('n')).toEqual(['', 'Luna, the cat', '', '', '']);
    expect(hiddenCard.value('note')).toBe('Grey; shy\nNeeds medicine\nRecompensa: 50 €');
    expect(hiddenCard.all('tel')).toHaveLength(0);
    expect(hiddenCard.all('email')).toHaveLength(0);
    expect(hiddenCard.all('x-abrelatednames')).toHaveLength(0);

    const shown = await create({ kind: 'tag', tag: { name: 'Keys', tagKind: 'keys', showOwnerContact: true } });
    const res = await download(shown, 'ja');
    expect(res.headers.vary).toContain('accept-language');
    const shownCard = icalCard(res.body);
    expect(shownCard.value('fn')).toBe('Keys');
    expect(shownCard.all('note')).toHaveLength(0);
    const ownerName = shownCard.all('x-abrelatednames')[0]!;
    expect([ownerName.getFirstValue(), shownCard.label(ownerName)]).toEqual(['Ana García', '持ち主']);
    expect(shownCard.all('tel').map((p) => [p.getFirstValue(), shownCard.types(p)])).toEqual([['+34600111222', ['CELL']]]);
    expect(shownCard.all('email').map((p) => [p.getFirstValue(), shownCard.types(p)])).toEqual([[owner.email, ['INTERNET']]]);
    const vcf = new VCard().parse(res.body);
    expect(vcfAll(vcf, 'tel').map((p) => p.valueOf())).toEqual(['+34600111222']);
  });
});
