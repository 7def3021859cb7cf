import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { plans, profiles, subscriptions, users } from '../../src/db/schema/index.js';
import { ADMIN, bearer, createTestApp, insertUser, login, setUserStatus, type TestContext } from '../helpers/test-app.js';

// The public profile answer is cached per process (see modules/public-profile/service.ts). These
// tests prove the cache is really used and that every way a profile can change reaches it.
let t: TestContext;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = await login(t.app, ADMIN);
});
afterAll(() => t.close());

async function owner() {
  const user = await insertUser(t.db, { phone: '+34600111222' });
  const [pro] = await t.db.select().from(plans).where(eq(plans.code, 'pro'));
  await t.db.insert(subscriptions).values({ userId: user.id, planId: pro!.id, status: 'active', currentPeriodStart: new Date() });
  return { user, token: await login(t.app, user) };
}

const cardBody = (jobTitle: string, visibility = 'public') => ({ kind: 'card', visibility, card: { firstName: 'Ana', jobTitle } });

async function create(token: string, body: object): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/profiles', headers: bearer(token), payload: body });
  expect(res.statusCode).toBe(201);
  return res.json().data.id;
}

const visit = (alias: string, id: string) => t.app.inject({ url: `/api/public/link/${alias}/${id}` });
const jobTitle = async (alias: string, id: string) => (await visit(alias, id)).json().data.card.jobTitle;
/** Changes that reach the cache only through NOTIFY arrive asynchronously on PostgreSQL. */
const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 2000, interval: 20 });
/** Runs `work` with the NOTIFY triggers off, to show what this process does without them (own writes). */
async function withoutNotify(work: () => Promise<void>) {
  await t.db.execute(sql`ALTER TABLE profiles DISABLE TRIGGER profiles_public_notify`);
  await t.db.execute(sql`ALTER TABLE users DISABLE TRIGGER users_public_notify`);
  try {
    await work();
  } finally {
    await t.db.execute(sql`ALTER TABLE profiles ENABLE TRIGGER profiles_public_notify`);
    await t.db.execute(sql`ALTER TABLE users ENABLE TRIGGER users_public_notify`);
  }
}

describe('public profile cache', () => {
  it('answers from the cache: a change that notifies no one is not seen, a notified one is', async () => {
    const { user, token } = await owner();
    const id = await create(token, cardBody('Architect'));
    expect(await jobTitle(user.alias, id)).toBe('Architect');
    const res = await visit(user.alias, id);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json()).toMatchObject({ ok: 1, data: { id, alias: user.alias, canonicalPath: `/link/${user.alias}/${id}` } });

    // With triggers off (as if the NOTIFY were lost) the cached answer stays: the cache is really used…
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx
        .update(profiles)
        .set({ card: { firstName: 'Ana', jobTitle: 'Changed quietly' } })
        .where(eq(profiles.id, id));
    });
    expect(await jobTitle(user.alias, id)).toBe('Architect');
    // …and the trigger is what keeps it right.
    await t.db
      .update(profiles)
      .set({ card: { firstName: 'Ana', jobTitle: 'Changed loudly' } })
      .where(eq(profiles.id, id));
    await eventually(async () => expect(await jobTitle(user.alias, id)).toBe('Changed loudly'));
  });

  it('shows the owner’s own edit, visibility change and trash at once, without waiting for a notification', () =>
    withoutNotify(async () => {
      const { user, token } = await owner();
      const id = await create(token, cardBody('Architect'));
      expect(await jobTitle(user.alias, id)).toBe('Architect');

      expect(
        (await t.app.inject({ method: 'PUT', url: `/api/profiles/${id}`, headers: bearer(token), payload: cardBody('Edited') })).statusCode,
      ).toBe(200);
      expect(await jobTitle(user.alias, id)).toBe('Edited');

      await t.app.inject({ method: 'PUT', url: `/api/profiles/${id}`, headers: bearer(token), payload: cardBody('Edited', 'private') });
      expect((await visit(user.alias, id)).statusCode).toBe(404);
      await t.app.inject({
        method: 'PUT',
        url: `/api/profiles/${id}`,
        headers: bearer(token),
        payload: cardBody('Public again', 'unlisted'),
      });
      expect(await jobTitle(user.alias, id)).toBe('Public again');

      await t.app.inject({
        method: 'POST',
        url: '/api/profiles/bulk?kind=card',
        headers: bearer(token),
        payload: { ids: [id], action: { type: 'trash' } },
      });
      expect((await visit(user.alias, id)).statusCode).toBe(404);
      expect((await t.app.inject({ url: `/api/public/link/${user.alias}/${id}/vcard` })).statusCode).toBe(404);
    }));

  it('follows an alias change at once; the old alias still answers, with the new address', () =>
    withoutNotify(async () => {
      const { user, token } = await owner();
      const id = await create(token, cardBody('Architect'));
      expect((await visit(user.alias, id)).statusCode).toBe(200);
      const alias = `${user.alias}-new`;
      expect(
        (await t.app.inject({ method: 'PUT', url: '/api/options/alias', headers: bearer(token), payload: { alias } })).statusCode,
      ).toBe(200);
      expect((await visit(alias, id)).json().data.canonicalPath).toBe(`/link/${alias}/${id}`);
      expect((await visit(user.alias, id)).json().data.canonicalPath).toBe(`/link/${alias}/${id}`);
      expect((await visit('someone-else', id)).statusCode).toBe(404);
    }));

  it('hides every profile of a suspended owner at once and shows them again on reactivation', () =>
    withoutNotify(async () => {
      const { user, token } = await owner();
      const id = await create(token, cardBody('Architect'));
      expect((await visit(user.alias, id)).statusCode).toBe(200);
      expect(
        (await t.app.inject({ method: 'POST', url: `/api/admin/users/${user.id}/suspend`, headers: bearer(adminToken) })).statusCode,
      ).toBe(200);
      expect((await visit(user.alias, id)).statusCode).toBe(404);
      expect((await t.app.inject({ url: `/link/${user.alias}/${id}` })).statusCode).toBe(404);
      await t.app.inject({ method: 'POST', url: `/api/admin/users/${user.id}/reactivate`, headers: bearer(adminToken) });
      expect((await visit(user.alias, id)).statusCode).toBe(200);
    }));

  it('sees changes made by another process (straight in the database) within moments', async () => {
    const { user, token } = await owner();
    const card = await create(token, cardBody('Architect'));
    const tag = await create(token, { kind: 'tag', tag: { name: 'Keys', tagKind: 'keys', showOwnerContact: true } });
    expect((await visit(user.alias, tag)).json().data.tag.ownerContact.phone).toBe('+34600111222');
    expect((await visit(user.alias, card)).statusCode).toBe(200);

    // The owner's contact shown on a tag comes from the users row.
    await t.db.update(users).set({ phone: '+34600999888' }).where(eq(users.id, user.id));
    await eventually(async () => expect((await visit(user.alias, tag)).json().data.tag.ownerContact.phone).toBe('+34600999888'));

    await t.db.update(profiles).set({ visibility: 'private' }).where(eq(profiles.id, card));
    await eventually(async () => expect((await visit(user.alias, card)).statusCode).toBe(404));

    await setUserStatus(t.db, user.id, 'suspended');
    await eventually(async () => expect((await visit(user.alias, tag)).statusCode).toBe(404));

    await setUserStatus(t.db, user.id, 'active');
    await eventually(async () => expect((await visit(user.alias, tag)).statusCode).toBe(200));
    await t.db.delete(profiles).where(eq(profiles.id, tag));
    await eventually(async () => expect((await visit(user.alias, tag)).statusCode).toBe(404));
  });

  it('counts every visit and click, whether answered from the cache or not', async () => {
    const { user, token } = await owner();
    const id = await create(token, cardBody('Architect'));
    for (let i = 0; i < 5; i++) expect((await visit(user.alias, id)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: `/api/public/link/${user.alias}/${id}/click`, payload: { url: 'https://example.com' } });
    // The server-rendered page is a visit too (the page no longer asks the API for the profile).
    expect((await t.app.inject({ url: `/link/${user.alias}/${id}` })).statusCode).toBe(200);
    // Not counted: the vCard, and a visit through an alias that is not the owner's.
    await t.app.inject({ url: `/api/public/link/${user.alias}/${id}/vcard` });
    await visit('someone-else', id);
    expect((await t.app.inject({ url: `/link/someone-else/${id}` })).statusCode).toBe(404);
    const stats = (await t.app.inject({ url: `/api/profiles/${id}/stats`, headers: bearer(token) })).json().data;
    expect(stats.totals).toEqual({ visits: 6, linkClicks: 1 });
  });
});
