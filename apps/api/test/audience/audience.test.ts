import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactLists, contacts, folders, labels, messages, profileLabels, profiles, suppressions } from '../../src/db/schema/index.js';
import { countAudience, isSuppressed, resolveAudience, suppress } from '../../src/modules/audience/index.js';
import { segmentSignals } from '../../src/modules/campaigns/index.js';
import { bearer, createTestApp, insertUser, login, type TestContext } from '../helpers/test-app.js';

let t: TestContext;
let owner: Awaited<ReturnType<typeof insertUser>>;
let other: Awaited<ReturnType<typeof insertUser>>;
let token: string;
let otherToken: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await insertUser(t.db, { name: 'Ana Owner' });
  other = await insertUser(t.db, { name: 'Otto Other' });
  token = await login(t.app, owner);
  otherToken = await login(t.app, other);
});
afterAll(async () => {
  await t.close();
});

const NOW = segmentSignals({ now: () => new Date() });
const selector = (s: Partial<{ profileIds: string[]; folderIds: string[]; labelIds: string[]; listIds: string[] }>) => ({
  profileIds: [],
  folderIds: [],
  labelIds: [],
  listIds: [],
  segmentIds: [],
  ...s,
});

async function profile(userId: string, extra: Partial<typeof profiles.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(profiles)
    .values({ userId, kind: 'card', name: 'Card', ...extra })
    .returning();
  return row!;
}
async function message(p: { id: string; userId: string }, email: string, extra: Partial<typeof messages.$inferInsert> = {}) {
  await t.db
    .insert(messages)
    .values({ profileId: p.id, userId: p.userId, name: email.split('@')[0]!, email, body: 'hi', consent: true, ...extra });
}
async function importCsv(csv: string, body: object = {}, as = token) {
  return t.app.inject({
    method: 'POST',
    url: '/api/audience/lists/import',
    headers: bearer(as),
    payload: { csv, name: 'Leads', hasHeader: true, emailColumn: 0, nameColumn: 1, consent: true, ...body },
  });
}
const listContacts = async (listId: string) =>
  (await t.db.select().from(contacts).where(eq(contacts.listId, listId))).map((c) => c.email).sort();

describe('audience resolution', () => {
  it('joins profiles, folders, labels and lists, de-duplicates case-insensitively and leaves suppressed and non-consenting addresses out', async () => {
    const user = await insertUser(t.db);
    const [folder] = await t.db.insert(folders).values({ userId: user.id, kind: 'card', name: 'Shop', color: '#123456' }).returning();
    const [label] = await t.db.insert(labels).values({ userId: user.id, kind: 'card', name: 'VIP', color: '#123456' }).returning();
    const direct = await profile(user.id);
    const inFolder = await profile(user.id, { folderId: folder!.id });
    const labelled = await profile(user.id);
    await t.db.insert(profileLabels).values({ profileId: labelled.id, labelId: label!.id });
    const unselected = await profile(user.id);
    const trashedProfile = await profile(user.id, { deletedAt: new Date() });

    await message(direct, 'Ann@Example.com', { name: 'Ann old', createdAt: new Date('2026-01-01T00:00:00Z') });
    await message(direct, 'ann@example.com', { name: 'Ann new', createdAt: new Date('2026-02-01T00:00:00Z') });
    await message(direct, 'noconsent@example.com', { consent: false });
    await message(direct, 'trashed@example.com', { deletedAt: new Date() });
    await message(inFolder, 'folder@example.com');
    await message(inFolder, 'ANN@example.com', { createdAt: new Date('2025-12-01T00:00:00Z') });
    await message(labelled, 'label@example.com');
    await message(labelled, 'gone@example.com');
    await message(unselected, 'unselected@example.com');
    await message(trashedProfile, 'in-trashed-profile@example.com');
    await suppress(t.db, user.id, 'Gone@Example.com', 'unsubscribed');
    const [list] = await t.db.insert(contactLists).values({ userId: user.id, name: 'L' }).returning();
    await t.db.insert(contacts).values([
      { listId: list!.id, email: 'list@example.com', name: 'Listed' },
      { listId: list!.id, email: 'folder@example.com', name: null },
      { listId: list!.id, email: 'gone@example.com', name: 'Gone' },
    ]);

    const all = selector({
      profileIds: [direct.id, trashedProfile.id],
      folderIds: [folder!.id],
      labelIds: [label!.id],
      listIds: [list!.id],
    });
    const members = await resolveAudience(t.db, user.id, all, NOW);
    expect(members.map((m) => m.email)).toEqual(['ann@example.com', 'folder@example.com', 'label@example.com', 'list@example.com']);
    expect(members.find((m) => m.email === 'ann@example.com')?.name).toBe('Ann new');
    expect(await countAudience(t.db, user.id, all, NOW)).toBe(4);
    expect(await isSuppressed(t.db, user.id, ' GONE@example.com ')).toBe(true);

    // Each source alone.
    expect((await resolveAudience(t.db, user.id, selector({ folderIds: [folder!.id] }), NOW)).map((m) => m.email)).toEqual([
      'ann@example.com',
      'folder@example.com',
    ]);
    expect((await resolveAudience(t.db, user.id, selector({ labelIds: [label!.id] }), NOW)).map((m) => m.email)).toEqual([
      'label@example.com',
    ]);
    expect((await resolveAudience(t.db, user.id, selector({ listIds: [list!.id] }), NOW)).map((m) => m.email)).toEqual([
      'folder@example.com',
      'list@example.com',
    ]);
    expect(await resolveAudience(t.db, user.id, selector({}), NOW)).toEqual([]);

    // The count endpoints say the same; another user passing any of these ids gets 404, as for their
    // other records (and, inside the module, selects nobody).
    const asUser = await login(t.app, user);
    for (const url of ['/api/audience/count', '/api/campaigns/audience-count']) {
      const res = await t.app.inject({ method: 'POST', url, headers: bearer(asUser), payload: all });
      expect(res.json()).toEqual({ ok: 1, data: { recipients: 4 } });
      for (const payload of [
        all,
        selector({ profileIds: [direct.id] }),
        selector({ folderIds: [folder!.id] }),
        selector({ labelIds: [label!.id] }),
        selector({ listIds: [list!.id] }),
      ]) {
        const foreign = await t.app.inject({ method: 'POST', url, headers: bearer(otherToken), payload });
        expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'record.not_found']);
      }
    }
    // A trashed profile is still its owner's to name (it selects nobody while in the trash).
    const trashedOnly = await t.app.inject({
      method: 'POST',
      url: '/api/audience/count',
      headers: bearer(asUser),
      payload: selector({ profileIds: [trashedProfile.id] }),
    });
    expect(trashedOnly.json()).toEqual({ ok: 1, data: { recipients: 0 } });
    expect(await countAudience(t.db, other.id, all, NOW)).toBe(0);

    // Sources: consenting, unsuppressed addresses per source.
    const sources = (await t.app.inject({ url: '/api/audience/sources', headers: bearer(asUser) })).json().data;
    expect(sources.profiles.find((p: { id: string }) => p.id === direct.id).contacts).toBe(1);
    expect(sources.profiles.some((p: { id: string }) => p.id === trashedProfile.id)).toBe(false);
    expect(sources.folders).toEqual([{ id: folder!.id, name: 'Shop', kind: 'card', contacts: 2 }]);
    expect(sources.labels).toEqual([{ id: label!.id, name: 'VIP', kind: 'card', contacts: 1 }]);
    expect(sources.lists).toEqual([{ id: list!.id, name: 'L', contacts: 2 }]);
  });

  it('resolves 20,000 recipients in one query', async () => {
    const user = await insertUser(t.db);
    const p = await profile(user.id);
    const rows = Array.from({ length: 20_000 }, (_, i) => ({
      profileId: p.id,
      userId: user.id,
      name: `N${i}`,
      email: `person${i}@bulk.example`,
      body: 'x',
      consent: true,
    }));
    for (let i = 0; i < rows.length; i += 2000) await t.db.insert(messages).values(rows.slice(i, i + 2000));
    const started = Date.now();
    const members = await resolveAudience(t.db, user.id, selector({ profileIds: [p.id] }), NOW);
    expect(members).toHaveLength(20_000);
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 60_000);

  it('rejects a malformed selector with a translated 422', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/audience/count',
      headers: bearer(token),
      payload: { profileIds: ['not-a-uuid'] },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty(['profileIds.0']);
  });
});

describe('CSV import', () => {
  it('previews the first rows with a guessed mapping (BOM, semicolons)', async () => {
    const csv = '\uFEFFNombre;Correo\n"García; Ana";ana@example.com\nBob;bob@example.com\n';
    const res = await t.app.inject({ method: 'POST', url: '/api/audience/lists/preview', headers: bearer(token), payload: { csv } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ delimiter: ';', headerGuess: true, emailColumn: 1, nameColumn: 0, totalRows: 2, columns: 2 });
    expect(res.json().data.rows[1]).toEqual(['García; Ana', 'ana@example.com']);
    expect(await t.db.select().from(contactLists).where(eq(contactLists.userId, owner.id))).toHaveLength(0);
  });

  it('imports with BOM and quoted fields, de-duplicates, reports bad rows by line and keeps formula-looking text as text', async () => {
    const csv = [
      '\uFEFFemail,name',
      'ana@example.com,"Ana, the first"',
      'ANA@example.com,Ana again',
      'not-an-email,Broken',
      ',Empty',
      'bob@example.com,=HYPERLINK("http://evil.example")',
      '',
      '"carol@example.com","Carol ""CJ"""',
    ].join('\r\n');
    const res = await importCsv(csv);
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({ imported: 3, duplicates: 1, invalidRows: 2 });
    expect(data.errors).toEqual([
      { line: 4, code: 'invalid_email', value: 'not-an-email' },
      { line: 5, code: 'empty_email', value: '' },
    ]);
    expect(data.list).toMatchObject({ name: 'Leads', contacts: 3 });
    const stored = await t.db.select().from(contacts).where(eq(contacts.listId, data.list.id));
    expect(stored.map((c) => [c.email, c.name]).sort()).toEqual([
      ['ana@example.com', 'Ana, the first'],
      ['bob@example.com', '=HYPERLINK("http://evil.example")'],
      ['carol@example.com', 'Carol "CJ"'],
    ]);

    // More rows into the same list: addresses already there count as duplicates.
    const again = await importCsv('dave@example.com;Dave\nbob@example.com;Bob', {
      listId: data.list.id,
      name: undefined,
      hasHeader: false,
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().data).toMatchObject({ imported: 1, duplicates: 1, list: { id: data.list.id, contacts: 4 } });
    expect(await listContacts(data.list.id)).toEqual(['ana@example.com', 'bob@example.com', 'carol@example.com', 'dave@example.com']);
  });

  it('imports nothing when the request fails', async () => {
    const before = (await t.db.select().from(contactLists)).length;
    const broken = await importCsv('email,name\nana@example.com,"never closed\n');
    expect(broken.statusCode).toBe(422);
    expect(broken.json().code).toBe('audience.csv_invalid');
    const noneValid = await importCsv('email,name\nnope,Nope\n');
    expect(noneValid.statusCode).toBe(422);
    expect(noneValid.json().code).toBe('audience.no_valid_rows');
    const tooMany = await importCsv(`email\n${Array.from({ length: 50_001 }, (_, i) => `p${i}@x.example`).join('\n')}`, {
      nameColumn: null,
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().code).toBe('audience.too_many_rows');
    const noConsent = await importCsv('email\na@b.example', { consent: false, nameColumn: null });
    expect(noConsent.statusCode).toBe(422);
    expect(noConsent.json().errors).toHaveProperty('consent');
    const badColumn = await importCsv('email\na@b.example', { emailColumn: 3, nameColumn: null });
    expect(badColumn.statusCode).toBe(422);
    expect(badColumn.json().errors).toHaveProperty('emailColumn');
    expect((await t.db.select().from(contactLists)).length).toBe(before);
  }, 30_000);

  it('rolls back the new list when the database refuses a row', async () => {
    const before = (await t.db.select().from(contactLists)).length;
    // A NUL byte is accepted by the parser and refused by PostgreSQL in text: the insert fails mid-way.
    const res = await importCsv('email,name\nok@example.com,Fine\nalso@example.com,Bad\u0000Name\n');
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect((await t.db.select().from(contactLists)).length).toBe(before);
  });

  it('lists, pages, searches and deletes contacts and lists; another user gets 404', async () => {
    const csv = `email,name\n${Array.from({ length: 7 }, (_, i) => `c${i}@page.example,Person ${i}`).join('\n')}\nzed@page.example,Zed Special`;
    const list = (await importCsv(csv, { name: 'Paged' })).json().data.list;
    const lists = (await t.app.inject({ url: '/api/audience/lists', headers: bearer(token) })).json().data;
    expect(lists.find((l: { id: string }) => l.id === list.id)).toMatchObject({ name: 'Paged', contacts: 8 });

    const first = (await t.app.inject({ url: `/api/audience/lists/${list.id}/contacts?limit=5`, headers: bearer(token) })).json();
    expect(first.data.map((c: { email: string }) => c.email)).toEqual([
      'c0@page.example',
      'c1@page.example',
      'c2@page.example',
      'c3@page.example',
      'c4@page.example',
    ]);
    const second = (
      await t.app.inject({ url: `/api/audience/lists/${list.id}/contacts?limit=5&cursor=${first.meta.nextCursor}`, headers: bearer(token) })
    ).json();
    expect(second.data.map((c: { email: string }) => c.email)).toEqual(['c5@page.example', 'c6@page.example', 'zed@page.example']);
    expect(second.meta.nextCursor).toBeNull();
    const found = (await t.app.inject({ url: `/api/audience/lists/${list.id}/contacts?q=special`, headers: bearer(token) })).json();
    expect(found.data).toHaveLength(1);

    expect((await t.app.inject({ url: `/api/audience/lists/${list.id}/contacts`, headers: bearer(otherToken) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/audience/lists/${list.id}`, headers: bearer(otherToken) })).statusCode).toBe(
      404,
    );
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/audience/lists/${list.id}/contacts/${found.data[0].id}`,
          headers: bearer(otherToken),
        })
      ).statusCode,
    ).toBe(404);
    expect((await importCsv('email\na@b.example', { listId: list.id, name: undefined, nameColumn: null }, otherToken)).statusCode).toBe(
      404,
    );
    expect(
      (await t.app.inject({ url: `/api/audience/lists/${list.id}/contacts?cursor=garbage!`, headers: bearer(token) })).statusCode,
    ).toBe(422);

    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/audience/lists/${list.id}/contacts/${found.data[0].id}`, headers: bearer(token) }))
        .statusCode,
    ).toBe(200);
    expect(await listContacts(list.id)).toHaveLength(7);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/audience/lists/${list.id}`, headers: bearer(token) })).statusCode).toBe(200);
    expect(await listContacts(list.id)).toHaveLength(0);
  });
});

describe('suppression list', () => {
  it('adds by hand, lists, removes, and refuses to remove an unsubscribed address', async () => {
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/audience/suppressions',
      headers: bearer(token),
      payload: { email: 'Manual@Example.com' },
    });
    expect(add.statusCode).toBe(201);
    expect(add.json().data).toMatchObject({ email: 'manual@example.com', reason: 'manual' });
    await suppress(t.db, owner.id, 'left@example.com', 'unsubscribed');
    const page = (await t.app.inject({ url: '/api/audience/suppressions', headers: bearer(token) })).json();
    expect(page.data.map((s: { email: string; reason: string }) => [s.email, s.reason])).toEqual([
      ['left@example.com', 'unsubscribed'],
      ['manual@example.com', 'manual'],
    ]);
    expect((await t.app.inject({ url: '/api/audience/suppressions', headers: bearer(otherToken) })).json().data).toEqual([]);

    const locked = await t.app.inject({ method: 'DELETE', url: '/api/audience/suppressions/left%40example.com', headers: bearer(token) });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().code).toBe('audience.unsubscribed_locked');
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/audience/suppressions/manual%40example.com', headers: bearer(otherToken) }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/audience/suppressions/MANUAL%40example.com', headers: bearer(token) })).statusCode,
    ).toBe(200);
    expect((await t.db.select().from(suppressions).where(eq(suppressions.userId, owner.id))).map((s) => s.email)).toEqual([
      'left@example.com',
    ]);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/audience/suppressions',
      headers: bearer(token),
      payload: { email: 'nope' },
    });
    expect(bad.statusCode).toBe(422);
  });
});

describe('all contacts', () => {
  it('lists every consenting visitor once (newest message), with its card, consent date and whether campaigns reach it, in pages', async () => {
    const me = await insertUser(t.db, { name: 'Vera Visitors' });
    const myToken = await login(t.app, me);
    const shop = await profile(me.id, { name: 'Shop card' });
    const pet = await profile(me.id, { kind: 'tag', name: 'Luna' });
    const gone = await profile(me.id, { name: 'Old card', deletedAt: new Date() });
    await message(shop, 'xavi@example.com', { name: 'Xavi old', createdAt: new Date('2026-01-01T10:00:00Z') });
    await message(pet, 'Xavi@Example.com', { name: 'Xavi new', createdAt: new Date('2026-03-01T10:00:00Z') });
    await message(shop, 'silent@example.com', { consent: false });
    await message(gone, 'trashed@example.com');
    await message(shop, 'wanda@example.com', { createdAt: new Date('2026-02-01T10:00:00Z') });
    await suppress(t.db, me.id, 'wanda@example.com', 'unsubscribed');

    const get = async (query: string, as = myToken) =>
      (await t.app.inject({ url: `/api/audience/visitors${query}`, headers: bearer(as) })).json();
    const all = await get('');
    expect(all.data).toEqual([
      {
        email: 'wanda@example.com',
        name: 'wanda',
        profileId: shop.id,
        profileName: 'Shop card',
        consentedAt: '2026-02-01T10:00:00.000Z',
        suppressed: 'unsubscribed',
        pending: false,
      },
      {
        email: 'xavi@example.com',
        name: 'Xavi new',
        profileId: pet.id,
        profileName: 'Luna',
        consentedAt: '2026-03-01T10:00:00.000Z',
        suppressed: null,
        pending: false,
      },
    ]);
    // Keyset pages by address, a search by name or address, nobody else's visitors.
    const first = await get('?limit=1');
    expect(first.data.map((v: { email: string }) => v.email)).toEqual(['wanda@example.com']);
    const second = await get(`?limit=1&cursor=${encodeURIComponent(first.meta.nextCursor)}`);
    expect(second.data.map((v: { email: string }) => v.email)).toEqual(['xavi@example.com']);
    expect(second.meta.nextCursor).toBeNull();
    expect((await get('?q=new')).data.map((v: { email: string }) => v.email)).toEqual(['xavi@example.com']);
    expect(
      (await get('', otherToken)).data.filter((v: { email: string }) => v.email.endsWith('@example.com') && v.email.startsWith('xavi')),
    ).toEqual([]);
    expect((await t.app.inject({ url: '/api/audience/visitors?cursor=%%%', headers: bearer(myToken) })).statusCode).toBe(422);
  });
});
