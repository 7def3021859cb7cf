import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Element } from 'domhandler';
import { DomUtils, parseDocument } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TOKEN_SCOPES, emailSignatureSchema, okResponse } from '@enlaza/contracts';
import { plans, subscriptions } from '../../src/db/schema/index.js';
import { multipart, png } from '../helpers/files.js';
import { ADMIN, bearer, createTestApp, insertUser, login, type TestContext } from '../helpers/test-app.js';

const PUBLIC_URL = 'https://enlaza.example';
let t: TestContext;
let dataDir: string;
let token: string;
let other: string;
let photoId: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'enlaza-signature-'));
  t = await createTestApp({ DATA_DIR: dataDir, PUBLIC_URL });
  const owner = await insertUser(t.db, { name: 'Ana García', alias: `sig-${Date.now() % 100000}` });
  const [pro] = await t.db.select().from(plans).where(eq(plans.code, 'pro'));
  await t.db.insert(subscriptions).values({ userId: owner.id, planId: pro!.id, status: 'active', currentPeriodStart: new Date() });
  token = await login(t.app, owner);
  other = await login(t.app, await insertUser(t.db, { alias: `sig-other-${Date.now() % 100000}` }));
  const body = multipart([{ name: 'me.png', data: png(300, 300, [200, 10, 10]), type: 'image/png' }]);
  photoId = (
    await t.app.inject({ method: 'POST', url: '/api/files', headers: { ...bearer(token), ...body.headers }, payload: body.payload })
  ).json().data[0].id;
}, 120_000);
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** What the owner typed, some of it meant to break out of the markup. */
const HOSTILE = '<script>alert(1)</script>"><img src=x onerror=alert(2)>';
const cardBody = (visibility: 'public' | 'unlisted' | 'private', extra: object = {}) => ({
  kind: 'card',
  visibility,
  photoFileId: photoId,
  logoFileId: photoId,
  theme: { color: '#12b886', layout: 'classic' },
  card: {
    firstName: 'Ana',
    lastName: 'García',
    jobTitle: `Architect ${HOSTILE}`,
    company: 'Estudio & Norte',
    phones: [{ label: 'Mobile', number: '+34612345678' }],
    emails: [{ label: 'Work', email: 'ana@estudio.example' }],
    website: 'https://estudio.example/',
    ...extra,
  },
});
async function create(body: object, as = token): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/profiles', headers: bearer(as), payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}
const signatureOf = (id: string, as = token, query = '', language = 'en') =>
  t.app.inject({ url: `/api/profiles/${id}/signature${query}`, headers: { ...bearer(as), 'accept-language': language } });

/** The signature's markup as an independent HTML parser reads it. */
function parsed(markup: string) {
  const document = parseDocument(markup);
  const elements = DomUtils.findAll(() => true, document.children);
  const named = (name: string) => elements.filter((e) => e.name === name);
  return { document, elements, named, text: DomUtils.textContent(document) };
}

describe('an email signature made from a card', () => {
  it('is one table with inline styles only (no script, style block, class or web font), every value escaped, links and hosted images absolute', async () => {
    const id = await create(cardBody('public'));
    const res = await signatureOf(id);
    expect(res.statusCode, res.body).toBe(200);
    const signature = okResponse(emailSignatureSchema).parse(res.json()).data;
    const { elements, named, text } = parsed(signature.html);

    // What mail clients drop or refuse, and what an owner's text could inject.
    expect(named('script')).toEqual([]);
    expect(named('style')).toEqual([]);
    expect(named('link')).toEqual([]);
    expect(elements.filter((e) => 'class' in e.attribs || Object.keys(e.attribs).some((a) => a.startsWith('on')))).toEqual([]);
    expect(signature.html).not.toMatch(/@font-face|@import|url\(/);
    expect(elements[0]!.name).toBe('table');
    // Every element that draws text carries its own style (a client keeps only inline styles).
    expect(named('td').every((td: Element) => /font-family|padding/.test(td.attribs.style ?? ''))).toBe(true);
    // The owner's text is text: the hostile job title is read back whole, no element made of it.
    expect(text).toContain(`Architect ${HOSTILE} · Estudio & Norte`);
    expect(named('img').map((img) => img.attribs.src)).toEqual([
      expect.stringMatching(new RegExp(`^${PUBLIC_URL}/api/public/link/[^/]+/${id}/photo\\?v=\\w+&w=224&f=jpeg$`)),
      expect.stringMatching(new RegExp(`^${PUBLIC_URL}/api/public/link/[^/]+/${id}/logo\\?v=\\w+&w=320&f=png$`)),
    ]);
    expect(
      named('img').every((img) => img.attribs.alt !== undefined && img.attribs.width !== '' && /border:0/.test(img.attribs.style ?? '')),
    ).toBe(true);
    expect(named('a').map((a) => a.attribs.href)).toEqual([
      'tel:+34612345678',
      'mailto:ana@estudio.example',
      'https://estudio.example/',
      signature.cardUrl,
    ]);
    expect(signature.cardUrl).toMatch(new RegExp(`^${PUBLIC_URL}/link/[^/]+/${id}$`));
    expect(signature.hostedImages).toBe(true);
    expect(text).toContain('+34 612 34 56 78');
    expect(text).toContain('View my card');

    // The hosted images answer to anyone, on any origin, as the JPEG and PNG the signature asks for.
    for (const [src, type] of named('img').map((img, i) => [img.attribs.src!, i === 0 ? 'image/jpeg' : 'image/png'] as const)) {
      const image = await t.app.inject({ url: src.slice(PUBLIC_URL.length) });
      expect(image.statusCode, src).toBe(200);
      expect(image.headers['content-type']).toBe(type);
      // A mail client on another origin (webmail in a browser) may load it.
      expect(image.headers['cross-origin-resource-policy']).toBe('cross-origin');
    }

    expect(signature.text.split('\n')).toEqual([
      'Ana García',
      `Architect ${HOSTILE} · Estudio & Norte`,
      '+34 612 34 56 78',
      'ana@estudio.example',
      'https://estudio.example/',
      `View my card: ${signature.cardUrl}`,
    ]);
  });

  it('is in the language asked for, else the request’s', async () => {
    const id = await create(cardBody('unlisted'));
    expect(parsed((await signatureOf(id, token, '?locale=es')).json().data.html).text).toContain('Ver mi tarjeta');
    expect(parsed((await signatureOf(id, token, '', 'ja')).json().data.html).text).toContain('デジタル名刺を見る');
    expect((await signatureOf(id, token, '?locale=fr')).statusCode).toBe(422);
  });

  it('of a private card shows no hosted image and links to no card (those addresses answer no one)', async () => {
    const id = await create(cardBody('private'));
    const signature = (await signatureOf(id)).json().data;
    const { named, text } = parsed(signature.html);
    expect(named('img')).toEqual([]);
    expect(signature).toMatchObject({ cardUrl: null, hostedImages: false });
    expect(named('a').map((a) => a.attribs.href)).toEqual(['tel:+34612345678', 'mailto:ana@estudio.example', 'https://estudio.example/']);
    expect(text).not.toContain('View my card');
  });

  it('is the owner’s only: another user’s card and a tag are 404, no session 401, an admin 403; a token needs cards:read', async () => {
    const id = await create(cardBody('public'));
    expect((await signatureOf(id, other)).statusCode).toBe(404);
    expect((await signatureOf('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const tag = await create({ kind: 'tag', tag: { name: 'Keys', tagKind: 'keys' } });
    expect((await signatureOf(tag)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/profiles/${id}/signature` })).statusCode).toBe(401);
    const admin = await login(t.app, ADMIN);
    expect((await signatureOf(id, admin)).statusCode).toBe(403);
    // A script of the owner's reads it with a token that may read cards, and with no other.
    const tokenWith = async (scopes: string[]) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/tokens',
        headers: bearer(token),
        payload: { name: 'signatures', scopes, expiresIn: '30' },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.secret as string;
    };
    expect((await signatureOf(id, await tokenWith(['cards:read']))).statusCode).toBe(200);
    const otherScopes = API_TOKEN_SCOPES.filter((scope) => scope !== 'cards:read');
    const refused = await signatureOf(id, await tokenWith(otherScopes));
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'auth.token_scope_missing']);
  });

  it('follows the card: an edited card is a new signature', async () => {
    const id = await create(cardBody('public'));
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/profiles/${id}`,
      headers: bearer(token),
      payload: cardBody('public', { jobTitle: 'Partner', company: null }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await signatureOf(id)).json().data.text.split('\n')[1]).toBe('Partner');
  });
});
