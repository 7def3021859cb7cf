import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { plans, profiles, subscriptions, users, wallPosts } from '../../src/db/schema/index.js';
import { PROFILE_CACHE_TIMES } from '../../src/modules/public-profile/service.js';
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

    // A wall post published by another process (the scheduled-post job in a worker), then taken down.
    const walled = await create(token, { ...cardBody('Baker'), wall: true });
    const page = () => t.app.inject({ url: `/link/${user.alias}/${walled}` });
    expect((await page()).body).not.toContain('Fresh bread today');
    const [post] = await t.db
      .insert(wallPosts)
      .values({
        userId: user.id,
        profileId: walled,
        title: 'Fresh bread today',
        bodyHtml: '<p>Rye</p>',
        status: 'published',
        publishedAt: new Date(),
      })
      .returning();
    await eventually(async () => expect((await page()).body).toContain('Fresh bread today'));
    await t.db.update(wallPosts).set({ deletedAt: new Date() }).where(eq(wallPosts.id, post!.id));
    await eventually(async () => expect((await page()).body).not.toContain('Fresh bread today'));
  });

  it('counts every visitor and click, whether answered from the cache or not', async () => {
    const { user, token } = await owner();
    const id = await create(token, cardBody('Architect'));
    // Five visitors (each from an address of their own): the first read misses the cache, the others hit it.
    for (let i = 0; i < 5; i++)
      expect((await t.app.inject({ url: `/api/public/link/${user.alias}/${id}`, remoteAddress: `192.0.2.${i + 1}` })).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: `/api/public/link/${user.alias}/${id}/click`, payload: { url: 'https://example.com' } });
    // The server-rendered page counts its visitor too (the page no longer asks the API for the profile).
    expect((await t.app.inject({ url: `/link/${user.alias}/${id}`, remoteAddress: '192.0.2.6' })).statusCode).toBe(200);
    // Not counted: the vCard, and a visit through an alias that is not the owner's.
    await t.app.inject({ url: `/api/public/link/${user.alias}/${id}/vcard` });
    await visit('someone-else', id);
    expect((await t.app.inject({ url: `/link/someone-else/${id}` })).statusCode).toBe(404);
    const stats = (await t.app.inject({ url: `/api/profiles/${id}/stats`, headers: bearer(token) })).json().data;
    expect(stats.totals).toEqual({ visitors: 6, linkClicks: 1 });
  });
});

describe('public profile cache: refresh ahead of expiry', () => {
  afterEach(() => vi.restoreAllMocks());
  /** The clock as the cache reads it, moved on by `ms` from `from`. */
  const clockAt = (from: number, ms: number) => vi.spyOn(Date, 'now').mockReturnValue(from + ms);
  const timing = (res: { headers: Record<string, unknown> }) => String(res.headers['server-timing']);
  const page = (alias: string, id: string) => t.app.inject({ url: `/link/${alias}/${id}`, headers: { 'accept-encoding': 'br' } });
  /** A change that notifies no one (as if the NOTIFY were lost). */
  const quietly = (id: string, values: Partial<typeof profiles.$inferInsert>) =>
    t.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.update(profiles).set(values).where(eq(profiles.id, id));
    });

  // Every entry is due (its reload point passed, not yet expired) a second after the latest reload point.
  const DUE = PROFILE_CACHE_TIMES.refreshAfterMs + PROFILE_CACHE_TIMES.refreshJitterMs + 1_000;

  it('reloads an entry read 8–9 min after it was loaded in the background, serving it meanwhile', async () => {
    const { user, token } = await owner();
    const changed = await create(token, cardBody('Architect'));
    const unchanged = await create(token, cardBody('Engineer'));
    const hidden = await create(token, cardBody('Painter'));
    const loaded = Date.now();
    clockAt(loaded, 0);
    for (const id of [changed, unchanged, hidden]) expect(timing(await page(user.alias, id))).toBe('cache;desc=miss, page;desc=miss');
    expect(timing(await page(user.alias, unchanged))).toBe('cache;desc=hit, page;desc=hit');
    await quietly(changed, { card: { firstName: 'Ana', jobTitle: 'Changed quietly' } });
    await quietly(hidden, { visibility: 'private' });
    expect(await jobTitle(user.alias, changed)).toBe('Architect'); // not due yet: the cached answer

    // Later every entry is due (not yet expired): the visit is answered from the cache at once…
    clockAt(loaded, DUE);
    const due = await visit(user.alias, changed);
    expect(due.json().data.card.jobTitle).toBe('Architect');
    expect(timing(due)).toBe('cache;desc=hit, cache-refresh');
    expect(timing(await page(user.alias, unchanged))).toBe('cache;desc=hit, cache-refresh, page;desc=hit');
    expect(timing(await page(user.alias, hidden))).toBe('cache;desc=hit, cache-refresh, page;desc=hit');
    // …and the entries are read again behind it (together): the quiet change shows without a miss.
    await eventually(async () => expect(await jobTitle(user.alias, changed)).toBe('Changed quietly'));
    expect(timing(await visit(user.alias, changed))).toBe('cache;desc=hit');
    // The profile made private is dropped by its reload: a 404 at once, not when the entry expires.
    expect((await page(user.alias, hidden)).statusCode).toBe(404);

    // Past the first load's expiry the reloaded entries still answer (they were stored again when due);
    // the unchanged one kept its rendered page, the changed one is rendered anew.
    clockAt(loaded, PROFILE_CACHE_TIMES.ttlMs + 10_000);
    expect(timing(await page(user.alias, unchanged))).toBe('cache;desc=hit, page;desc=hit');
    const fresh = await page(user.alias, changed);
    expect(timing(fresh)).toBe('cache;desc=hit, page;desc=miss');
    // And past its life an entry nobody read is a miss as before.
    clockAt(loaded, DUE + PROFILE_CACHE_TIMES.ttlMs + 1_000);
    expect(timing(await visit(user.alias, changed))).toBe('cache;desc=miss');
  });

  it('still shows the owner’s edit at once while a reload is under way', () =>
    withoutNotify(async () => {
      const { user, token } = await owner();
      const id = await create(token, cardBody('Architect'));
      const loaded = Date.now();
      clockAt(loaded, 0);
      expect(await jobTitle(user.alias, id)).toBe('Architect');
      clockAt(loaded, DUE);
      expect(timing(await visit(user.alias, id))).toBe('cache;desc=hit, cache-refresh'); // the reload waits its 200 ms
      const put = await t.app.inject({ method: 'PUT', url: `/api/profiles/${id}`, headers: bearer(token), payload: cardBody('Edited') });
      expect(put.statusCode).toBe(200);
      expect(await jobTitle(user.alias, id)).toBe('Edited');
      // The reload read before the edit is not kept over it (it may land either side of the edit: both read the edit or are dropped).
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(await jobTitle(user.alias, id)).toBe('Edited');
    }));
});
