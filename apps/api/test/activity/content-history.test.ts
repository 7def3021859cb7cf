import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, png } from '../helpers/files.js';
import { bearer, createTestApp, insertUser, login, queueIdle, type TestContext } from '../helpers/test-app.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Event = {
  action: string;
  targetType: string | null;
  targetId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};
/** The history once every event published so far is recorded (rows follow their events). */
const history = async (token: string): Promise<Event[]> => {
  await queueIdle(t.app, 'event.');
  return (await t.app.inject({ url: '/api/historial?limit=100', headers: bearer(token) })).json().data;
};

describe('cards, tags and files in the history', () => {
  it('records creating, editing (with before and after) and trashing a card', async () => {
    const user = await insertUser(t.db);
    const token = await login(t.app, user);
    const send = (method: 'POST' | 'PUT', url: string, payload: object) => t.app.inject({ method, url, headers: bearer(token), payload });
    const created = (await send('POST', '/api/profiles', { kind: 'card', card: { firstName: 'Ana', jobTitle: 'Architect' } })).json().data;
    expect(
      (
        await send('PUT', `/api/profiles/${created.id}`, {
          kind: 'card',
          card: { firstName: 'Ana', jobTitle: 'Director', website: 'ana.example' },
        })
      ).statusCode,
    ).toBe(200);
    expect((await send('POST', '/api/profiles/bulk?kind=card', { ids: [created.id], action: { type: 'trash' } })).statusCode).toBe(200);

    const events = (await history(token)).filter((e) => e.targetId === created.id);
    expect(events.map((e) => e.action)).toEqual(['profile.trashed', 'profile.updated', 'profile.created']);
    expect(events[1]).toMatchObject({
      targetType: 'profile',
      before: { name: 'Ana', jobTitle: 'Architect', website: null },
      after: { name: 'Ana', jobTitle: 'Director', website: 'https://ana.example' },
    });
    expect(events[1]!.after).not.toHaveProperty('firstName');
    expect(events[0]).toMatchObject({ before: { name: 'Ana' } });
  });

  it('records uploading, renaming, trashing and restoring a file, but not an identical upload', async () => {
    const user = await insertUser(t.db);
    const token = await login(t.app, user);
    const upload = () => {
      const body = multipart([{ name: 'logo.png', data: png(3, 3) }]);
      return t.app.inject({ method: 'POST', url: '/api/files', headers: { ...bearer(token), ...body.headers }, payload: body.payload });
    };
    const file = (await upload()).json().data[0];
    await upload();
    await t.app.inject({ method: 'PATCH', url: `/api/files/${file.id}`, headers: bearer(token), payload: { name: 'brand.png' } });
    await t.app.inject({ method: 'DELETE', url: `/api/files/${file.id}`, headers: bearer(token) });
    await t.app.inject({ method: 'POST', url: `/api/files/${file.id}/restore`, headers: bearer(token) });

    // The upload's row follows its `file.uploaded` event, dated when it was published.
    const events = (await history(token)).filter((e) => e.targetType === 'file');
    expect(events.map((e) => e.action)).toEqual(['file.restored', 'file.trashed', 'file.renamed', 'file.uploaded']);
    expect(events[2]).toMatchObject({ targetId: file.id, before: { name: 'logo.png' }, after: { name: 'brand.png' } });
    expect(events[3]).toMatchObject({ after: { name: 'logo.png', sizeBytes: file.sizeBytes } });
  });
});
