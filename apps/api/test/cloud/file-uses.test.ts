import { isSpaRoute, type FileUse } from '@enlaza/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { campaigns, plans, storedFiles, subscriptions } from '../../src/db/schema/index.js';
import { multipart, png } from '../helpers/files.js';
import { bearer, createTestApp, insertUser, login, type TestContext } from '../helpers/test-app.js';

// Where a cloud file is used (cards, tags, wall posts, templates, campaigns, each module answering for
// its own records) and what that means for the trash: confirm first, and nothing public breaks.
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://enlaza.example' });
});
afterAll(() => t.close());

let seed = 0;
async function owner() {
  const user = await insertUser(t.db);
  const [business] = await t.db.select().from(plans).where(eq(plans.code, 'business'));
  await t.db.insert(subscriptions).values({ userId: user.id, planId: business!.id, status: 'active', currentPeriodStart: new Date() });
  return { user, token: await login(t.app, user) };
}

const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object, language = 'en') =>
  t.app.inject({ method, url, headers: { ...bearer(token), 'accept-language': language }, ...(payload && { payload }) });

/** A PNG of this test's own (the cloud keeps one copy of identical bytes); answers its file id. */
async function upload(token: string, name: string): Promise<string> {
  seed += 1;
  const body = multipart([{ name, data: png(4, 4, [seed % 256, 40, 90], seed), type: 'image/png' }]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/files',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(201);
  return res.json().data[0].id;
}

async function created(url: string, token: string, payload: object): Promise<string> {
  const res = await send('POST', url, token, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

const card = (firstName: string, extra: object = {}) => ({ kind: 'card', wall: true, card: { firstName }, ...extra });
const tag = (name: string, extra: object = {}) => ({ kind: 'tag', tag: { name, tagKind: 'pet' }, ...extra });
const uses = async (token: string, id: string) => (await send('GET', `/api/files/${id}/uses`, token)).json().data as FileUse[];
const liveness = async (id: string) => (await t.db.select().from(storedFiles).where(eq(storedFiles.id, id)))[0]?.deletedAt ?? null;

describe('where a file is used', () => {
  it('lists the cards, tags, wall posts, templates and campaigns of its owner that use it, each with its name and page', async () => {
    const { user, token } = await owner();
    const photo = await upload(token, 'photo.png');
    const unused = await upload(token, 'unused.png');

    const cardId = await created('/api/profiles', token, card('Ana', { photoFileId: photo, coverFileId: photo }));
    const tagId = await created('/api/profiles', token, tag('Rex', { photoFileId: photo }));
    const trashedCard = await created('/api/profiles', token, card('Gone', { photoFileId: photo }));
    expect((await send('POST', '/api/profiles/bulk?kind=card', token, { ids: [trashedCard], action: { type: 'trash' } })).statusCode).toBe(
      200,
    );
    const postId = await created('/api/walls/posts', token, {
      profileId: cardId,
      title: 'Opening day',
      bodyHtml: '<p>Hi</p>',
      imageFileId: photo,
    });
    const { url } = (await send('POST', `/api/files/${photo}/email-address`, token)).json().data as { url: string };
    const templateId = await created('/api/templates', token, {
      name: 'Newsletter',
      subject: 'News',
      bodyHtml: `<p>Hello</p><p><img src="${url}" alt="Our shop"></p>`,
    });
    const [campaign] = await t.db
      .insert(campaigns)
      .values({
        userId: user.id,
        name: 'Spring sale',
        audience: { profileIds: [], folderIds: [], labelIds: [], listIds: [], segmentIds: [] },
        state: 'sent',
        subject: 'News',
        bodyHtml: `<p><img src="${url}"></p>`,
        bodyText: 'News',
      })
      .returning({ id: campaigns.id });

    const found = await uses(token, photo);
    expect(found).toEqual([
      { fileId: photo, kind: 'card', id: cardId, name: 'Ana', role: 'photo', href: `/user/perfiles/${cardId}` },
      { fileId: photo, kind: 'card', id: cardId, name: 'Ana', role: 'cover', href: `/user/perfiles/${cardId}` },
      { fileId: photo, kind: 'tag', id: tagId, name: 'Rex', role: 'photo', href: `/user/tamys/${tagId}` },
      { fileId: photo, kind: 'wall_post', id: postId, name: 'Opening day', role: 'image', href: `/user/muros?profile=${cardId}` },
      {
        fileId: photo,
        kind: 'email_template',
        id: templateId,
        name: 'Newsletter',
        role: 'image',
        href: `/user/plantillas?edit=${templateId}`,
      },
      { fileId: photo, kind: 'campaign', id: campaign!.id, name: 'Spring sale', role: 'image', href: `/user/campanas?id=${campaign!.id}` },
    ]);
    // Every link is a page of the web app; a trashed card is no use.
    for (const use of found) expect(isSpaRoute(use.href.split('?')[0]!), use.href).toBe(true);
    expect(found.map((u) => u.id)).not.toContain(trashedCard);
    expect(await uses(token, unused)).toEqual([]);

    // Several at once: the uses of each, with the file they are of.
    const many = await send('GET', `/api/files/uses?ids=${unused},${photo}`, token);
    expect(many.statusCode).toBe(200);
    expect(many.json().data).toEqual(found);
  });

  it('answers 404 for another user’s file, also among several ids, lists none of another user’s records, and 422 for a malformed list', async () => {
    const a = await owner();
    const b = await owner();
    const mine = await upload(a.token, 'mine.png');
    const theirs = await upload(b.token, 'theirs.png');
    await created('/api/profiles', b.token, card('Bea', { photoFileId: theirs }));

    // An email image's address is public: another user may paste it into their own template, which
    // is theirs to know about, not the file owner's.
    const { url } = (await send('POST', `/api/files/${mine}/email-address`, a.token)).json().data as { url: string };
    await created('/api/templates', b.token, { name: 'Borrowed', subject: 'Hi', bodyHtml: `<p><img src="${url}"></p>` });
    expect(await uses(a.token, mine)).toEqual([]);

    expect((await send('GET', `/api/files/${theirs}/uses`, a.token)).statusCode).toBe(404);
    const mixed = await send('GET', `/api/files/uses?ids=${mine},${theirs}`, a.token);
    expect(mixed.statusCode).toBe(404);
    expect(mixed.json().code).toBe('record.not_found');
    expect((await send('GET', `/api/files/uses?ids=${mine},nope`, a.token)).statusCode).toBe(422);
    expect((await send('GET', '/api/files/uses?ids=', a.token)).statusCode).toBe(422);
    expect((await t.app.inject({ url: `/api/files/${mine}/uses` })).statusCode).toBe(401);
  });
});

describe('trashing a file in use', () => {
  it('refuses without confirmation (409, translated) and moves nothing; confirmed, it goes; a file not in use goes at once', async () => {
    const { token } = await owner();
    const photo = await upload(token, 'photo.png');
    const loose = await upload(token, 'loose.png');
    await created('/api/profiles', token, tag('Rex', { photoFileId: photo }));

    const refused = await send('DELETE', `/api/files/${photo}`, token, undefined, 'es');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ ok: 0, code: 'file.in_use', message: expect.stringMatching(/^Este archivo está en uso/) });
    expect(await liveness(photo)).toBeNull();

    const loosened = await send('DELETE', `/api/files/${loose}`, token);
    expect(loosened.statusCode).toBe(200);
    expect(loosened.json().data.deletedAt).not.toBeNull();

    const confirmed = await send('DELETE', `/api/files/${photo}?confirm=true`, token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data).toMatchObject({ id: photo, deletedAt: expect.any(String) });
    // Once in the trash, trashing it again changes nothing and asks nothing.
    expect((await send('DELETE', `/api/files/${photo}`, token)).statusCode).toBe(200);
    expect((await send('DELETE', `/api/files/${photo}?confirm=maybe`, token)).statusCode).toBe(422);
  });

  it('trashes several files all or nothing: one in use asks for confirmation, another user’s id is 404', async () => {
    const a = await owner();
    const b = await owner();
    const used = await upload(a.token, 'used.png');
    const free = await upload(a.token, 'free.png');
    const theirs = await upload(b.token, 'theirs.png');
    await created('/api/profiles', a.token, card('Ana', { coverFileId: used }));

    const refused = await send('POST', '/api/files/trash', a.token, { ids: [free, used] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('file.in_use');
    expect([await liveness(free), await liveness(used)]).toEqual([null, null]);

    const foreign = await send('POST', '/api/files/trash', a.token, { ids: [free, theirs], confirm: true });
    expect(foreign.statusCode).toBe(404);
    expect([await liveness(free), await liveness(theirs)]).toEqual([null, null]);

    const done = await send('POST', '/api/files/trash', a.token, { ids: [free, used, free], confirm: true });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.map((f: { id: string; deletedAt: string | null }) => [f.id, f.deletedAt !== null])).toEqual([
      [free, true],
      [used, true],
    ]);
    expect((await send('POST', '/api/files/trash', a.token, { ids: [] })).statusCode).toBe(422);
  });

  it('hides the photo, cover and post image publicly while the file is in the trash; the card still saves; restoring brings them back', async () => {
    const { user, token } = await owner();
    const photo = await upload(token, 'photo.png');
    const cardId = await created('/api/profiles', token, card('Ana', { photoFileId: photo, coverFileId: photo }));
    const postId = await created('/api/walls/posts', token, {
      profileId: cardId,
      title: 'Pictured',
      bodyHtml: '<p>Hi</p>',
      imageFileId: photo,
    });
    expect((await send('POST', `/api/walls/posts/${postId}/publish`, token, { action: 'publish' })).statusCode).toBe(200);
    const visit = async () => (await t.app.inject({ url: `/api/public/link/${user.alias}/${cardId}` })).json().data;
    const page = async () => (await t.app.inject({ url: `/link/${user.alias}/${cardId}` })).body;
    const photoRoute = `/api/public/link/${user.alias}/${cardId}/photo`;

    expect(await visit()).toMatchObject({ photoUrl: expect.any(String), coverUrl: expect.any(String) });
    expect(await page()).toContain(`/posts/${postId}/image`);

    expect((await send('DELETE', `/api/files/${photo}?confirm=true`, token)).statusCode).toBe(200);
    // No broken image anywhere: the page shows the card as if it had no photo, cover or post image.
    expect(await visit()).toMatchObject({ photoUrl: null, coverUrl: null });
    const html = await page();
    expect(html).toContain('Pictured');
    expect(html).not.toContain(`/posts/${postId}/image`);
    expect((await t.app.inject({ url: photoRoute })).statusCode).toBe(404);
    // The card keeps pointing at the file, and editing the rest of it still saves; a new trashed file is refused.
    const own = (await send('GET', `/api/profiles/${cardId}`, token)).json().data;
    expect(own).toMatchObject({ photoFileId: photo, coverFileId: photo });
    expect(
      (await send('PUT', `/api/profiles/${cardId}`, token, card('Ana María', { photoFileId: photo, coverFileId: photo }))).statusCode,
    ).toBe(200);
    const other = await created('/api/profiles', token, card('Other'));
    const refused = await send('PUT', `/api/profiles/${other}`, token, card('Other', { photoFileId: photo }));
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toEqual(['photoFileId']);
    const postAgain = { profileId: cardId, title: 'Pictured', bodyHtml: '<p>Hi again</p>', imageFileId: photo };
    expect((await send('PUT', `/api/walls/posts/${postId}`, token, postAgain)).statusCode).toBe(200);

    // Restored (the Undo and the trash use the same call): everything is back.
    expect((await send('POST', `/api/trash/file/${photo}/restore`, token)).statusCode).toBe(200);
    expect(await visit()).toMatchObject({ photoUrl: expect.any(String), coverUrl: expect.any(String), card: { firstName: 'Ana María' } });
    expect(await page()).toContain(`/posts/${postId}/image`);
    expect((await t.app.inject({ url: photoRoute })).statusCode).toBe(200);
  });

  it('reaches every process’s cached public page: a file trashed elsewhere drops the photo, restored brings it back', async () => {
    const { user, token } = await owner();
    const photo = await upload(token, 'photo.png');
    const cardId = await created('/api/profiles', token, card('Ana', { photoFileId: photo }));
    const photoUrl = async () => (await t.app.inject({ url: `/api/public/link/${user.alias}/${cardId}` })).json().data.photoUrl;
    expect(await photoUrl()).not.toBeNull();
    // Written straight to the database, as another process would: only the NOTIFY tells this one.
    await t.db.update(storedFiles).set({ deletedAt: new Date() }).where(eq(storedFiles.id, photo));
    await vi.waitFor(async () => expect(await photoUrl()).toBeNull(), { timeout: 2000, interval: 20 });
    await t.db.update(storedFiles).set({ deletedAt: null }).where(eq(storedFiles.id, photo));
    await vi.waitFor(async () => expect(await photoUrl()).not.toBeNull(), { timeout: 2000, interval: 20 });
  });
});
