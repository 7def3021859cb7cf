import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plans, storedFiles, subscriptions } from '../../src/db/schema/index.js';
import { DEMO, bearer, createTestApp, insertUser, login, type TestContext } from '../helpers/test-app.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A user on the Pro plan (10 cards, 10 tags), signed in. */
async function proUser() {
  const user = await insertUser(t.db);
  const [pro] = await t.db.select().from(plans).where(eq(plans.code, 'pro'));
  await t.db.insert(subscriptions).values({
    userId: user.id,
    planId: pro!.id,
    status: 'active',
    currentPeriodStart: new Date(),
    currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
  });
  return { user, token: await login(t.app, user) };
}

const card = (firstName: string, extra: object = {}) => ({ kind: 'card', card: { firstName, ...extra } });
const tag = (name: string, extra: object = {}) => ({ kind: 'tag', tag: { name, tagKind: 'pet', ...extra } });
const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object, language = 'en') =>
  t.app.inject({ method, url, headers: { ...bearer(token), 'accept-language': language }, ...(payload && { payload }) });

describe('cards and tags', () => {
  it('creates a card with every field and reads it back, at a non-sequential id', async () => {
    const { user, token } = await proUser();
    const body = {
      ...card('Ana', {
        lastName: 'García',
        jobTitle: 'Architect',
        company: 'Estudio A',
        bio: 'Houses; offices, and more.',
        phones: [{ label: 'Mobile', number: '+34612345678' }],
        emails: [{ label: 'Work', email: 'ana@estudio.example' }],
        website: 'https://estudio.example',
        address: 'Calle Mayor 1, Madrid',
        socialLinks: [
          { network: 'linkedin', url: 'https://linkedin.com/in/ana' },
          { network: 'instagram', url: 'https://instagram.com/ana' },
        ],
        customLinks: [{ label: 'Portfolio', url: 'https://estudio.example/portfolio' }],
      }),
      theme: { color: '#1c7ed6', layout: 'banner' },
      visibility: 'unlisted',
      contactForm: true,
      wall: true,
    };
    const res = await send('POST', '/api/profiles', token, body);
    expect(res.statusCode).toBe(201);
    const created = res.json().data;
    expect(created.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(created).toMatchObject({
      kind: 'card',
      name: 'Ana García',
      visibility: 'unlisted',
      wall: true,
      theme: { color: '#1c7ed6', layout: 'banner' },
      publicPath: `/link/${user.alias}/${created.id}`,
    });
    expect(created.card.socialLinks.map((l: { network: string }) => l.network)).toEqual(['linkedin', 'instagram']);
    expect((await send('GET', `/api/profiles/${created.id}`, token)).json().data).toEqual(created);
  });

  it('creates a tag in lost mode with note, reward and serial', async () => {
    const { token } = await proUser();
    const res = await send(
      'POST',
      '/api/profiles',
      token,
      tag('Luna', { lostMode: true, lostNote: 'Needs medicine', reward: '50 €', serial: 'TG-000123', showOwnerContact: true }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data.tag).toMatchObject({
      name: 'Luna',
      tagKind: 'pet',
      lostMode: true,
      lostNote: 'Needs medicine',
      reward: '50 €',
      serial: 'TG-000123',
      showOwnerContact: true,
    });
  });

  it('refuses bad fields with translated messages per field', async () => {
    const { token } = await proUser();
    const res = await send(
      'POST',
      '/api/profiles',
      token,
      { ...card('', { phones: [{ label: 'x', number: '612' }], website: 'ftp://x.example' }), theme: { color: 'blue', layout: 'classic' } },
      'es',
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      'card.firstName': ['Este campo es obligatorio.'],
      'card.phones.0.number': ['Introduce un número de teléfono válido.'],
      'theme.color': ['Usa un color como #12b886.'],
    });
    expect(res.json().errors).toHaveProperty(['card.website']);
  });

  it('accepts a website or link typed without https:// and stores it with https://', async () => {
    const { token } = await proUser();
    const res = await send(
      'POST',
      '/api/profiles',
      token,
      card('Núñez', {
        website: 'nunez.studio',
        socialLinks: [{ network: 'linkedin', url: 'www.linkedin.com/in/nunez' }],
        customLinks: [{ label: 'Shop', url: 'http://shop.example/a?b=1' }],
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data.card).toMatchObject({
      website: 'https://nunez.studio',
      socialLinks: [{ url: 'https://www.linkedin.com/in/nunez' }],
      customLinks: [{ url: 'http://shop.example/a?b=1' }],
    });
  });

  it('says what is wrong with a web address that is not one, in the visitor’s language', async () => {
    const { token } = await proUser();
    for (const [language, message] of [
      ['en', 'Enter a web address such as example.com or https://example.com.'],
      ['es', 'Escribe una dirección web como example.com o https://example.com.'],
    ]) {
      const res = await send(
        'POST',
        '/api/profiles',
        token,
        card('Ana', { website: 'nunez studio', customLinks: [{ label: 'x', url: 'ftp://files.example' }] }),
        language,
      );
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toMatchObject({ 'card.website': [message], 'card.customLinks.0.url': [message] });
    }
  });

  it('enforces the plan quota on the server with a message naming the limit', async () => {
    // The demo user is on Free (1 card, 1 tag) and already has their main card.
    const token = await login(t.app, DEMO);
    const refused = await send('POST', '/api/profiles', token, card('Second'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'quota.cards',
      message: expect.stringContaining('limit of business cards is 1') as string,
    });
    expect((await send('POST', '/api/profiles', token, tag('Keys', { tagKind: 'keys' }))).statusCode).toBe(201);
    const secondTag = await send('POST', '/api/profiles', token, tag('Bag', { tagKind: 'luggage' }), 'jp');
    expect(secondTag.statusCode).toBe(403);
    expect(secondTag.json().message).toContain('1 件まで');
  });

  it('lets only one of two simultaneous creations through the last free slot', async () => {
    const user = await insertUser(t.db);
    const [free] = await t.db.select().from(plans).where(eq(plans.code, 'free'));
    await t.db.insert(subscriptions).values({ userId: user.id, planId: free!.id, status: 'active', currentPeriodStart: new Date() });
    const token = await login(t.app, user);
    const results = await Promise.all([send('POST', '/api/profiles', token, tag('A')), send('POST', '/api/profiles', token, tag('B'))]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 403]);
  });

  it('answers 404 for another user’s card on every call, and 403 to an admin', async () => {
    const owner = await proUser();
    const other = await proUser();
    const id = (await send('POST', '/api/profiles', owner.token, card('Mine'))).json().data.id;
    expect((await send('GET', `/api/profiles/${id}`, other.token)).statusCode).toBe(404);
    expect((await send('PUT', `/api/profiles/${id}`, other.token, card('Stolen'))).statusCode).toBe(404);
    expect((await send('POST', '/api/profiles/bulk?kind=card', other.token, { ids: [id], action: { type: 'trash' } })).statusCode).toBe(
      404,
    );
    expect((await send('GET', `/api/profiles/${id}/stats`, other.token)).statusCode).toBe(404);
    expect((await send('GET', `/api/profiles/${id}`, owner.token)).json().data.name).toBe('Mine');
    // Folders and labels too: another user can neither change nor delete them.
    for (const type of ['folders', 'labels'] as const) {
      const mine = (await send('POST', `/api/${type}`, owner.token, { kind: 'card', name: 'Mine', color: '#112233' })).json().data
        .id as string;
      expect((await send('PUT', `/api/${type}/${mine}`, other.token, { kind: 'card', name: 'Taken', color: '#000000' })).statusCode).toBe(
        404,
      );
      expect((await send('DELETE', `/api/${type}/${mine}`, other.token)).statusCode).toBe(404);
      expect((await send('GET', `/api/${type}?kind=card`, other.token)).json().data).toEqual([]);
      expect((await send('GET', `/api/${type}?kind=card`, owner.token)).json().data).toMatchObject([{ id: mine, name: 'Mine' }]);
    }
    const admin = await login(t.app, { email: 'admin@test.example', password: 'admin-password-123' });
    expect((await send('GET', '/api/profiles?kind=card', admin)).statusCode).toBe(403);
  });

  it('answers 404 to another user’s photo, folder or label in the body and stores nothing; 422 to one of mine that does not fit', async () => {
    const owner = await proUser();
    const other = await proUser();
    const [foreignFile] = await t.db.insert(storedFiles).values({ userId: other.user.id, name: 'x.png', sizeBytes: 10 }).returning();
    const [ownFile] = await t.db.insert(storedFiles).values({ userId: owner.user.id, name: 'me.png', sizeBytes: 10 }).returning();
    const [trashedFile] = await t.db
      .insert(storedFiles)
      .values({ userId: owner.user.id, name: 'old.png', sizeBytes: 10, deletedAt: new Date() })
      .returning();
    const tagFolder = (await send('POST', '/api/folders', owner.token, { kind: 'tag', name: 'Pets', color: '#ff0000' })).json().data.id;
    const foreignFolder = (await send('POST', '/api/folders', other.token, { kind: 'card', name: 'Work', color: '#0000ff' })).json().data
      .id;
    const foreignLabel = (await send('POST', '/api/labels', other.token, { kind: 'card', name: 'VIP', color: '#00ff00' })).json().data.id;
    const names = async () => (await send('GET', '/api/profiles?kind=card', owner.token)).json().data.map((p: { name: string }) => p.name);
    const before = await names();
    for (const foreign of [{ photoFileId: foreignFile!.id }, { folderId: foreignFolder }, { labelIds: [foreignLabel] }]) {
      const res = await send('POST', '/api/profiles', owner.token, { ...card('Ana'), ...foreign });
      expect([res.statusCode, res.json().code]).toEqual([404, 'record.not_found']);
    }
    expect(await names()).toEqual(before);
    // My own folder of tags on a card, and my photo in the trash: not someone else's, so 422 on the field.
    const res = await send('POST', '/api/profiles', owner.token, { ...card('Ana'), photoFileId: trashedFile!.id, folderId: tagFolder });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['folderId', 'photoFileId']);
    const ok = await send('POST', '/api/profiles', owner.token, { ...card('Ana'), photoFileId: ownFile!.id });
    expect(ok.json().data.photoFileId).toBe(ownFile!.id);
    const edited = await send('PUT', `/api/profiles/${ok.json().data.id}`, owner.token, { ...card('Ana'), labelIds: [foreignLabel] });
    expect(edited.statusCode).toBe(404);
    expect((await send('GET', `/api/profiles/${ok.json().data.id}`, owner.token)).json().data.labelIds).toEqual([]);
  });
});

describe('lists, folders, labels and bulk actions', () => {
  it('searches, filters by folder and label, sorts and pages; bulk moves, labels and trashes', async () => {
    const { token } = await proUser();
    const folder = (await send('POST', '/api/folders', token, { kind: 'card', name: 'Clients', color: '#ff8800' })).json().data;
    const label = (await send('POST', '/api/labels', token, { kind: 'card', name: 'VIP', color: '#aa00ff' })).json().data;
    const ids: string[] = [];
    for (const name of ['Carlos', 'Beatriz', 'Andrés', 'Diana'])
      ids.push((await send('POST', '/api/profiles', token, card(name))).json().data.id);
    const list = async (q: string) =>
      (await send('GET', `/api/profiles?kind=card&${q}`, token)).json<{
        data: { name: string; folderId: string | null; labelIds: string[] }[];
        meta: { total: number };
      }>();

    expect((await list('sort=name&dir=asc')).data.map((p: { name: string }) => p.name)).toEqual(['Andrés', 'Beatriz', 'Carlos', 'Diana']);
    expect((await list('search=ATR')).data.map((p: { name: string }) => p.name)).toEqual(['Beatriz']);
    const page2 = await list('sort=name&dir=asc&pageSize=3&page=2');
    expect(page2.data.map((p: { name: string }) => p.name)).toEqual(['Diana']);
    expect(page2.meta.total).toBe(4);

    expect(
      (
        await send('POST', '/api/profiles/bulk?kind=card', token, { ids: ids.slice(0, 2), action: { type: 'move', folderId: folder.id } })
      ).json().data.affected,
    ).toBe(2);
    await send('POST', '/api/profiles/bulk?kind=card', token, {
      ids: [ids[1], ids[2]],
      action: { type: 'label', labelId: label.id, add: true },
    });
    expect((await list(`folderId=${folder.id}`)).data.map((p: { name: string }) => p.name).sort()).toEqual(['Beatriz', 'Carlos']);
    expect((await list('folderId=none')).meta.total).toBe(2);
    expect((await list(`labelId=${label.id}`)).data.map((p: { name: string }) => p.name).sort()).toEqual(['Andrés', 'Beatriz']);
    expect((await send('GET', '/api/folders?kind=card', token)).json().data).toEqual([{ ...folder, profiles: 2 }]);

    // Deleting a folder or a label never deletes a profile.
    await send('DELETE', `/api/folders/${folder.id}`, token);
    await send('DELETE', `/api/labels/${label.id}`, token);
    const after = await list('');
    expect(after.meta.total).toBe(4);
    expect(after.data.every((p: { folderId: string | null; labelIds: string[] }) => p.folderId === null && p.labelIds.length === 0)).toBe(
      true,
    );

    await send('POST', '/api/profiles/bulk?kind=card', token, { ids: [ids[0]], action: { type: 'trash' } });
    expect((await list('')).meta.total).toBe(3);
    expect((await send('GET', `/api/profiles/${ids[0]}`, token)).statusCode).toBe(404);
  });

  it('never sends the main card to the trash', async () => {
    const token = await login(t.app, DEMO);
    const me = (await t.app.inject({ url: '/api/user', headers: bearer(token) })).json();
    const res = await send('POST', '/api/profiles/bulk?kind=card', token, { ids: [me.perfil_id], action: { type: 'trash' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('profile.main_profile');
  });

  it('keeps folder and label names unique per user and kind, ignoring case', async () => {
    const { token } = await proUser();
    expect((await send('POST', '/api/labels', token, { kind: 'tag', name: 'Dogs', color: '#123456' })).statusCode).toBe(201);
    const dup = await send('POST', '/api/labels', token, { kind: 'tag', name: 'dogs', color: '#654321' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors).toEqual({ name: ['You already have one with this name.'] });
    expect((await send('POST', '/api/labels', token, { kind: 'card', name: 'Dogs', color: '#123456' })).statusCode).toBe(201);
    const other = await proUser();
    expect((await send('POST', '/api/labels', other.token, { kind: 'tag', name: 'Dogs', color: '#123456' })).statusCode).toBe(201);
  });
});
