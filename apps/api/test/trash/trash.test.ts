import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, plans, profiles, storedFiles, subscriptions } from '../../src/db/schema/index.js';
import { multipart, png } from '../helpers/files.js';
import { bearer, createTestApp, insertUser, login, type TestContext, queueIdle } from '../helpers/test-app.js';

const DAY = 86_400_000;
let t: TestContext;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'enlaza-trash-'));
  t = await createTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A signed-in user on a plan (Pro: 10 cards, 10 tags; Free: 1 and 1), with a main card like a registered one. */
async function user(plan: 'pro' | 'free' = 'pro') {
  const row = await insertUser(t.db);
  const [p] = await t.db.select().from(plans).where(eq(plans.code, plan));
  await t.db.insert(subscriptions).values({
    userId: row.id,
    planId: p!.id,
    status: 'active',
    currentPeriodStart: new Date(),
    currentPeriodEnd: new Date(Date.now() + 30 * DAY),
  });
  return { user: row, token: await login(t.app, row) };
}

type Method = 'GET' | 'POST' | 'DELETE';
const send = (method: Method, url: string, token: string, payload?: object, language = 'en') =>
  t.app.inject({ method, url, headers: { ...bearer(token), 'accept-language': language }, ...(payload && { payload }) });

async function createProfile(token: string, kind: 'card' | 'tag', name: string): Promise<string> {
  const body = kind === 'card' ? { kind, card: { firstName: name } } : { kind, tag: { name, tagKind: 'pet' } };
  const res = await send('POST', '/api/profiles', token, body);
  expect(res.statusCode).toBe(201);
  return res.json().data.id;
}
const trashProfiles = async (token: string, kind: 'card' | 'tag', ids: string[]) =>
  expect((await send('POST', `/api/profiles/bulk?kind=${kind}`, token, { ids, action: { type: 'trash' } })).statusCode).toBe(200);

let pictures = 0;
/** Each call uploads a picture of its own (the cloud keeps one copy of identical bytes). */
async function uploadFile(token: string, name = 'photo.png'): Promise<{ id: string; sizeBytes: number }> {
  const body = multipart([{ name, data: png(4, 4, [18, 184, ++pictures % 256]), type: 'image/png' }]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/files',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(201);
  return res.json().data[0];
}

async function insertMessage(userId: string, profileId: string, body: string): Promise<string> {
  const [row] = await t.db.insert(messages).values({ userId, profileId, name: 'Visitor', email: 'visitor@test.example', body }).returning();
  return row!.id;
}

const listTrash = async (token: string, query = '') => {
  const res = await send('GET', `/api/trash${query}`, token);
  expect(res.statusCode).toBe(200);
  return res.json<{
    data: { kind: string; id: string; name: string; summary: string | null; deletedAt: string; purgeAt: string }[];
    nextCursor: string | null;
  }>();
};

/** Every file kept on disk. */
async function storedOnDisk(): Promise<string[]> {
  const root = join(dataDir, 'files');
  const dirs = await readdir(root).catch(() => [] as string[]);
  return (await Promise.all(dirs.map(async (d) => (await readdir(join(root, d))).map((f) => `${d}/${f}`)))).flat();
}

describe('the trash', () => {
  it('lists every kind of trashed item, newest deletion first, with its purge date, filtered by kind and in keyset pages', async () => {
    const { user: owner, token } = await user();
    const card = await createProfile(token, 'card', 'Ana');
    const tag = await createProfile(token, 'tag', 'Luna');
    const live = await createProfile(token, 'card', 'Still here');
    const message = await insertMessage(owner.id, live, 'Hello there, this is a message');
    const file = await uploadFile(token, 'logo.png');
    await trashProfiles(token, 'card', [card]);
    await trashProfiles(token, 'tag', [tag]);
    expect((await send('DELETE', `/api/mailbox/messages/${message}`, token)).statusCode).toBe(200);
    expect((await send('DELETE', `/api/files/${file.id}`, token)).statusCode).toBe(200);

    const all = await listTrash(token);
    expect(all.data.map((i) => [i.kind, i.id])).toEqual([
      ['file', file.id],
      ['message', message],
      ['tag', tag],
      ['card', card],
    ]);
    expect(all.data[1]).toMatchObject({ name: 'Visitor', summary: 'Still here · Hello there, this is a message' });
    for (const item of all.data) expect(Date.parse(item.purgeAt) - Date.parse(item.deletedAt)).toBe(30 * DAY);
    expect(all.nextCursor).toBeNull();
    expect((await listTrash(token, '?kind=tag')).data.map((i) => i.id)).toEqual([tag]);

    const first = await listTrash(token, '?limit=3');
    expect(first.data).toHaveLength(3);
    const second = await listTrash(token, `?limit=3&before=${first.nextCursor}`);
    expect(second.data.map((i) => i.id)).toEqual([card]);
    expect(second.nextCursor).toBeNull();
    expect((await send('GET', '/api/trash?before=nonsense', token)).statusCode).toBe(422);
  });

  it('restores each kind back to where it was', async () => {
    const { user: owner, token } = await user();
    const card = await createProfile(token, 'card', 'Back');
    const message = await insertMessage(owner.id, card, 'Restore me');
    const file = await uploadFile(token);
    await t.db.update(messages).set({ deletedAt: new Date() }).where(eq(messages.id, message));
    await trashProfiles(token, 'card', [card]);
    await send('DELETE', `/api/files/${file.id}`, token);
    expect((await send('GET', `/api/profiles/${card}`, token)).statusCode).toBe(404);

    for (const [kind, id] of [
      ['card', card],
      ['message', message],
      ['file', file.id],
    ] as const) {
      const res = await send('POST', `/api/trash/${kind}/${id}/restore`, token);
      expect(res.statusCode, kind).toBe(200);
    }
    expect((await send('GET', `/api/profiles/${card}`, token)).statusCode).toBe(200);
    expect((await send('GET', `/api/mailbox/messages/${message}`, token)).json().data.deletedAt).toBeNull();
    expect((await send('GET', `/api/files/${file.id}`, token)).json().data.deletedAt).toBeNull();
    expect((await listTrash(token)).data).toEqual([]);
    // Restoring what is not in the trash (any more) is 404.
    expect((await send('POST', `/api/trash/card/${card}/restore`, token)).statusCode).toBe(404);

    // Each restore is in the owner's history: cards and tags as profiles, by name; a message by id only (no visitor's name).
    await queueIdle(t.app, 'event.');
    const history = (await send('GET', '/api/historial?limit=10', token)).json().data as {
      action: string;
      targetType: string;
      targetId: string;
      userId: string;
      actorId: string;
      after: Record<string, unknown> | null;
    }[];
    const restored = history.filter((e) => e.action.endsWith('.restored'));
    expect(restored.map((e) => [e.action, e.targetType, e.targetId])).toEqual([
      ['file.restored', 'file', file.id],
      ['message.restored', 'message', message],
      ['profile.restored', 'profile', card],
    ]);
    expect(restored[0]).toMatchObject({ userId: owner.id, actorId: owner.id, after: { name: 'photo.png' } });
    expect(restored[1]!.after).toBeNull();
    expect(restored[2]!.after).toMatchObject({ name: expect.stringContaining('Back') as string });
  });

  it('refuses to restore a card past the plan quota with a translated message, and changes nothing', async () => {
    const { token } = await user('free');
    const first = await createProfile(token, 'card', 'First');
    await trashProfiles(token, 'card', [first]);
    await createProfile(token, 'card', 'Second'); // takes the only slot of the Free plan
    const refused = await send('POST', `/api/trash/card/${first}/restore`, token, undefined, 'es');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      ok: 0,
      code: 'trash.over_quota_cards',
      message: expect.stringContaining('No se puede restaurar esta tarjeta: tu plan permite 1') as string,
    });
    expect((await listTrash(token)).data.map((i) => i.id)).toEqual([first]);
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, first));
    expect(row!.deletedAt).not.toBeNull();
    // A refused restore is not in the history.
    await queueIdle(t.app, 'event.');
    expect((await send('GET', '/api/historial?action=profile.restored', token)).json().data).toEqual([]);
  });

  it('refuses to restore a file that no longer fits the storage, and changes nothing', async () => {
    const { user: owner, token } = await user('free');
    const file = await uploadFile(token);
    await send('DELETE', `/api/files/${file.id}`, token);
    const [free] = await t.db.select().from(plans).where(eq(plans.code, 'free'));
    // A live file fills the storage to the byte.
    await t.db.insert(storedFiles).values({
      userId: owner.id,
      name: 'big.pdf',
      mimeType: 'application/pdf',
      sizeBytes: free!.storageBytes,
      storageKey: 'k'.repeat(32),
    });
    const refused = await send('POST', `/api/trash/file/${file.id}/restore`, token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('trash.over_quota_storage');
    expect((await listTrash(token)).data.map((i) => i.id)).toEqual([file.id]);
  });

  it('deletes one item for good, a file with its bytes, and empties the rest', async () => {
    const { user: owner, token } = await user();
    const tag = await createProfile(token, 'tag', 'Gone');
    const card = await createProfile(token, 'card', 'Holder');
    const message = await insertMessage(owner.id, card, 'Bye');
    const file = await uploadFile(token);
    const [stored] = await t.db.select().from(storedFiles).where(eq(storedFiles.id, file.id));
    const onDisk = (await storedOnDisk()).filter((p) => p.endsWith(stored!.storageKey));
    expect(onDisk).toHaveLength(1);
    await send('DELETE', `/api/files/${file.id}`, token);
    await trashProfiles(token, 'tag', [tag]);
    await t.db.update(messages).set({ deletedAt: new Date() }).where(eq(messages.id, message));

    expect((await send('DELETE', `/api/trash/file/${file.id}`, token)).json()).toEqual({ ok: 1, data: { deleted: 1 } });
    expect((await storedOnDisk()).filter((p) => p.endsWith(stored!.storageKey))).toEqual([]);
    expect(await t.db.select().from(storedFiles).where(eq(storedFiles.id, file.id))).toEqual([]);
    expect((await send('DELETE', `/api/trash/file/${file.id}`, token)).statusCode).toBe(404);
    // A live item cannot be deleted for good through the trash.
    expect((await send('DELETE', `/api/trash/card/${card}`, token)).statusCode).toBe(404);

    expect((await send('DELETE', '/api/trash?kind=message', token)).json().data).toEqual({ deleted: 1 });
    expect((await listTrash(token)).data.map((i) => i.id)).toEqual([tag]);
    expect((await send('DELETE', '/api/trash', token)).json().data).toEqual({ deleted: 1 });
    expect((await listTrash(token)).data).toEqual([]);
    expect(await t.db.select().from(profiles).where(eq(profiles.id, tag))).toEqual([]);
    expect((await send('GET', `/api/profiles/${card}`, token)).statusCode).toBe(200);
  });

  it('answers 404 for another user’s item on restore and delete, and changes nothing', async () => {
    const owner = await user();
    const other = await user();
    const card = await createProfile(owner.token, 'card', 'Mine');
    const file = await uploadFile(owner.token);
    await trashProfiles(owner.token, 'card', [card]);
    await send('DELETE', `/api/files/${file.id}`, owner.token);
    for (const [kind, id] of [
      ['card', card],
      ['file', file.id],
    ] as const) {
      expect((await send('POST', `/api/trash/${kind}/${id}/restore`, other.token)).statusCode, kind).toBe(404);
      expect((await send('DELETE', `/api/trash/${kind}/${id}`, other.token)).statusCode, kind).toBe(404);
    }
    expect((await send('DELETE', '/api/trash', other.token)).json().data).toEqual({ deleted: 0 });
    expect((await listTrash(other.token)).data).toEqual([]);
    expect((await listTrash(owner.token)).data.map((i) => i.id).sort()).toEqual([card, file.id].sort());
  });

  it('purges items deleted more than 30 days ago, with their bytes, and keeps newer ones', async () => {
    const { user: owner, token } = await user();
    const oldCard = await createProfile(token, 'card', 'Old');
    const newCard = await createProfile(token, 'card', 'New');
    const holder = await createProfile(token, 'card', 'Holder');
    const oldMessage = await insertMessage(owner.id, holder, 'old');
    const newMessage = await insertMessage(owner.id, holder, 'new');
    const oldFile = await uploadFile(token);
    const newFile = await uploadFile(token);
    const keys = await t.db
      .select({ id: storedFiles.id, key: storedFiles.storageKey })
      .from(storedFiles)
      .where(eq(storedFiles.userId, owner.id));
    const keyOf = (id: string) => keys.find((k) => k.id === id)!.key;

    const now = new Date();
    const old = new Date(now.getTime() - 31 * DAY);
    const recent = new Date(now.getTime() - 29 * DAY);
    await t.db.update(profiles).set({ deletedAt: old }).where(eq(profiles.id, oldCard));
    await t.db.update(profiles).set({ deletedAt: recent }).where(eq(profiles.id, newCard));
    await t.db.update(messages).set({ deletedAt: old }).where(eq(messages.id, oldMessage));
    await t.db.update(messages).set({ deletedAt: recent }).where(eq(messages.id, newMessage));
    await t.db.update(storedFiles).set({ deletedAt: old }).where(eq(storedFiles.id, oldFile.id));
    await t.db.update(storedFiles).set({ deletedAt: recent }).where(eq(storedFiles.id, newFile.id));

    const counts = await t.app.trash.purgeExpired(now);
    expect(counts.card).toBeGreaterThanOrEqual(1);
    expect(counts.message).toBeGreaterThanOrEqual(1);
    expect(counts.file).toBeGreaterThanOrEqual(1);

    expect((await listTrash(token)).data.map((i) => i.id).sort()).toEqual([newCard, newMessage, newFile.id].sort());
    expect(await t.db.select().from(profiles).where(eq(profiles.id, oldCard))).toEqual([]);
    expect(await t.db.select().from(messages).where(eq(messages.id, oldMessage))).toEqual([]);
    expect(await t.db.select().from(storedFiles).where(eq(storedFiles.id, oldFile.id))).toEqual([]);
    const disk = await storedOnDisk();
    expect(disk.some((p) => p.endsWith(keyOf(oldFile.id)))).toBe(false);
    expect(disk.some((p) => p.endsWith(keyOf(newFile.id)))).toBe(true);
    expect((await send('GET', `/api/profiles/${holder}`, token)).statusCode).toBe(200);
    // A second run finds nothing more of this user's.
    await t.app.trash.purgeExpired(now);
    expect((await listTrash(token)).data).toHaveLength(3);
  });

  it('makes a trashed card’s public link answer 404 and work again after a restore', async () => {
    const { user: owner, token } = await user();
    const card = await createProfile(token, 'card', 'Public');
    const url = `/api/public/link/${owner.alias}/${card}`;
    expect((await t.app.inject({ url })).statusCode).toBe(200); // now cached
    await trashProfiles(token, 'card', [card]);
    expect((await t.app.inject({ url })).statusCode).toBe(404);
    expect((await send('POST', `/api/trash/card/${card}/restore`, token)).statusCode).toBe(200);
    expect((await t.app.inject({ url })).statusCode).toBe(200);
  });
});
