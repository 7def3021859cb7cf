import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plans, profiles, subscriptions } from '../../src/db/schema/index.js';
import { createWallsRepository } from '../../src/modules/walls/repository.js';
import { createWallsService } from '../../src/modules/walls/service.js';
import { png } from '../helpers/files.js';
import { bearer, createTestApp, insertUser, login, waitFor, type TestContext } from '../helpers/test-app.js';
import { FORBIDDEN, XSS_PAYLOADS } from '../helpers/xss.js';

let t: TestContext;
let owner: Awaited<ReturnType<typeof insertUser>>;
let token: string;
let otherToken: string;
let profileId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await insertUser(t.db, { name: 'Wally Owner', alias: `wally-${Date.now() % 100000}` });
  const other = await insertUser(t.db);
  const [business] = await t.db.select().from(plans).where(eq(plans.code, 'business'));
  await t.db.insert(subscriptions).values({ userId: owner.id, planId: business!.id, status: 'active', currentPeriodStart: new Date() });
  token = await login(t.app, owner);
  otherToken = await login(t.app, other);
  profileId = await createProfile(token);
});
afterAll(() => t.close());

async function createProfile(as: string, wall = true): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/profiles',
    headers: bearer(as),
    payload: { kind: 'card', card: { firstName: 'Wally' }, wall },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.id;
}

async function post(body: object, as = token) {
  return t.app.inject({
    method: 'POST',
    url: '/api/walls/posts',
    headers: bearer(as),
    payload: { profileId, title: 'Hello', bodyHtml: '<p>Hi</p>', ...body },
  });
}
async function created(body: object = {}) {
  const res = await post(body);
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: string; status: string; bodyHtml: string };
}
const publish = (id: string, body: object, as = token) =>
  t.app.inject({ method: 'POST', url: `/api/walls/posts/${id}/publish`, headers: bearer(as), payload: body });
const list = async (pid = profileId, query = '') =>
  (await t.app.inject({ url: `/api/walls/posts?profileId=${pid}${query}`, headers: bearer(token) })).json();
/** Uploads a PNG to the owner's cloud; answers its file id. */
async function uploadPng(name: string, bytes: Buffer): Promise<string> {
  const upload = await t.app.inject({
    method: 'POST',
    url: '/api/files',
    headers: { ...bearer(token), 'content-type': 'multipart/form-data; boundary=X' },
    payload: Buffer.concat([
      Buffer.from(`--X\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`),
      bytes,
      Buffer.from('\r\n--X--\r\n'),
    ]),
  });
  expect(upload.statusCode).toBeLessThan(300);
  return upload.json().data[0]?.file?.id ?? upload.json().data[0]?.id ?? upload.json().data.id;
}
/** Publishes a post and answers the public page once it shows it. */
async function publishedOnPage(id: string, title: string): Promise<string> {
  expect((await publish(id, { action: 'publish' })).statusCode).toBe(200);
  return waitFor(async () => {
    const page = (await publicPage()).body;
    return page.includes(title) ? page : undefined;
  }, 'the post on the public page');
}
const publicPage = (path = '') => t.app.inject({ url: `/link/${owner.alias}/${profileId}${path}` });

describe('wall posts', () => {
  it('keeps only the rich-text allow-list of a post body, whatever the client sends', async () => {
    for (const payload of XSS_PAYLOADS) {
      const postRow = await created({ bodyHtml: `<p>kept</p>${payload}` });
      for (const pattern of FORBIDDEN)
        expect({ payload, body: postRow.bodyHtml }).not.toEqual({ payload, body: expect.stringMatching(pattern) });
      expect(postRow.bodyHtml).toContain('<p>kept</p>');
      // Stored sanitised, not only answered so.
      const again = await t.app.inject({ url: `/api/walls/posts/${postRow.id}`, headers: bearer(token) });
      expect(again.json().data.bodyHtml).toBe(postRow.bodyHtml);
    }
    const safe = await created({
      bodyHtml:
        '<h2>Title</h2><p><strong>b</strong> <em>i</em> <a href="https://example.com">l</a></p><ul><li>x</li></ul><blockquote>q</blockquote>',
    });
    expect(safe.bodyHtml).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">l</a>');
    expect(safe.bodyHtml).toContain('<h2>Title</h2>');
  });

  it('validates the link like profile links and the image as one of my cloud images', async () => {
    const bare = await created({ linkUrl: 'example.com/news' });
    expect((bare as unknown as { linkUrl: string }).linkUrl).toBe('https://example.com/news');
    const bad = await post({ linkUrl: 'javascript:alert(1)' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.linkUrl).toBeDefined();
    // A missing file is 404, as another user's is (requireAccess).
    const missing = await post({ imageFileId: '00000000-0000-4000-8000-000000000000' });
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'record.not_found']);
  });

  it('answers 404 for another user’s post or profile, and lets nobody change it', async () => {
    const mine = await created();
    expect((await t.app.inject({ url: `/api/walls/posts/${mine.id}`, headers: bearer(otherToken) })).statusCode).toBe(404);
    expect((await publish(mine.id, { action: 'publish' }, otherToken)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/walls/posts/${mine.id}`, headers: bearer(otherToken) })).statusCode).toBe(
      404,
    );
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/walls/posts/${mine.id}`,
          headers: bearer(otherToken),
          payload: { profileId, title: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: `/api/walls/posts?profileId=${profileId}`, headers: bearer(otherToken) })).statusCode).toBe(404);
    expect((await post({}, otherToken)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/walls/posts/${mine.id}`, headers: bearer(token) })).json().data.status).toBe('draft');
  });

  it('answers 404 to a post whose body names another user’s image, and stores nothing', async () => {
    const ownersImage = await uploadPng('mine.png', png(12, 12));
    const theirProfile = await createProfile(otherToken);
    const theirPosts = async () =>
      (await t.app.inject({ url: `/api/walls/posts?profileId=${theirProfile}`, headers: bearer(otherToken) })).json().data;
    const res = await post({ profileId: theirProfile, imageFileId: ownersImage }, otherToken);
    expect([res.statusCode, res.json().code]).toEqual([404, 'record.not_found']);
    expect(await theirPosts()).toEqual([]);
    // The same on an edit of their own post: it keeps no image.
    const theirs = (await post({ profileId: theirProfile }, otherToken)).json().data as { id: string };
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/walls/posts/${theirs.id}`,
      headers: bearer(otherToken),
      payload: { profileId: theirProfile, title: 'x', bodyHtml: '<p>x</p>', imageFileId: ownersImage },
    });
    expect(edit.statusCode).toBe(404);
    expect((await theirPosts()).map((p: { imageFileId: string | null }) => p.imageFileId)).toEqual([null]);
  });

  it('lists pinned posts first, then newest, in keyset pages', async () => {
    const pid = await createProfile(token);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/walls/posts',
        headers: bearer(token),
        payload: { profileId: pid, title: `P${i}`, pinned: i === 1 },
      });
      ids.push(res.json().data.id);
    }
    const first = await list(pid, '&limit=2');
    expect(first.data.map((p: { title: string }) => p.title)).toEqual(['P1', 'P4']);
    const second = await list(pid, `&limit=2&before=${first.meta.nextCursor}`);
    expect(second.data.map((p: { title: string }) => p.title)).toEqual(['P3', 'P2']);
    const third = await list(pid, `&limit=2&before=${second.meta.nextCursor}`);
    expect(third.data.map((p: { title: string }) => p.title)).toEqual(['P0']);
    expect(third.meta.nextCursor).toBeNull();
    expect((await t.app.inject({ url: `/api/walls/posts?profileId=${pid}&before=garbage`, headers: bearer(token) })).statusCode).toBe(422);
  });

  it('moves a post to the trash and restores it from there', async () => {
    const p = await created({ title: 'Trashy' });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/walls/posts/${p.id}`, headers: bearer(token) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/walls/posts/${p.id}`, headers: bearer(token) })).statusCode).toBe(404);
    const trash = (await t.app.inject({ url: '/api/trash?kind=wall_post', headers: bearer(token) })).json();
    expect(trash.data).toEqual([expect.objectContaining({ kind: 'wall_post', id: p.id, name: 'Trashy' })]);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/trash/wall_post/${p.id}/restore`, headers: bearer(otherToken) })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/trash/wall_post/${p.id}/restore`, headers: bearer(token) })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ url: `/api/walls/posts/${p.id}`, headers: bearer(token) })).json().data.title).toBe('Trashy');
    await t.app.inject({ method: 'DELETE', url: `/api/walls/posts/${p.id}`, headers: bearer(token) });
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/trash/wall_post/${p.id}`, headers: bearer(token) })).json().data.deleted,
    ).toBe(1);
  });
});

describe('scheduled publishing', () => {
  it('refuses a time in the past', async () => {
    const p = await created();
    const res = await publish(p.id, { action: 'schedule', at: new Date(Date.now() - 60_000).toISOString() });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.at).toBeDefined();
  });

  it('publishes at the scheduled time and not before; an outdated job changes nothing', async () => {
    const p = await created({ title: 'Scheduled' });
    const at = new Date(Date.now() + 3_600_000);
    const res = await publish(p.id, { action: 'schedule', at: at.toISOString() });
    expect(res.json().data).toMatchObject({ status: 'scheduled', scheduledAt: at.toISOString() });
    // The job is queued for that time, in the same transaction.
    const jobs = await t.database.jobsDb.executeSql(
      "SELECT data, start_after FROM pgboss.job WHERE name = 'wall.publish' AND data->>'postId' = $1",
      [p.id],
    );
    expect(jobs.rows).toHaveLength(1);
    const job = jobs.rows[0] as { data: { postId: string; scheduledFor: string }; start_after: Date };
    expect(new Date(job.start_after).getTime()).toBe(at.getTime());

    // Driving the job's work directly with a clock before and after the time.
    const service = createWallsService({
      repo: createWallsRepository(t.db),
      jobs: t.app.platform.jobs,
      requireAccess: async () => undefined,
      isLiveImage: async () => true,
      liveImage: async () => null,
      switchWallOn: async () => undefined,
    });
    expect(await service.publishDue(p.id, job.data.scheduledFor, new Date(at.getTime() - 1000))).toBe('not-due');
    expect((await t.app.inject({ url: `/api/walls/posts/${p.id}`, headers: bearer(token) })).json().data.status).toBe('scheduled');
    expect(await service.publishDue(p.id, job.data.scheduledFor, new Date(at.getTime() + 1000))).toBe('published');
    const published = (await t.app.inject({ url: `/api/walls/posts/${p.id}`, headers: bearer(token) })).json().data;
    expect(published).toMatchObject({ status: 'published', publishedAt: at.toISOString() });
    // Idempotent: a second run changes nothing.
    expect(await service.publishDue(p.id, job.data.scheduledFor, new Date(at.getTime() + 5000))).toBe('outdated');

    // Rescheduled, then unpublished: the first job's time no longer matches, nothing is published.
    const q = await created({ title: 'Moved' });
    const first = new Date(Date.now() + 3_600_000);
    await publish(q.id, { action: 'schedule', at: first.toISOString() });
    await publish(q.id, { action: 'schedule', at: new Date(first.getTime() + 3_600_000).toISOString() });
    expect(await service.publishDue(q.id, first.toISOString(), new Date(first.getTime() + 1000))).toBe('outdated');
    await publish(q.id, { action: 'unpublish' });
    expect(await service.publishDue(q.id, new Date(first.getTime() + 3_600_000).toISOString(), new Date(first.getTime() + 7_200_000))).toBe(
      'outdated',
    );
    expect((await t.app.inject({ url: `/api/walls/posts/${q.id}`, headers: bearer(token) })).json().data.status).toBe('draft');
  });

  it('is published by the job queue when the time comes', async () => {
    const p = await created({ title: 'Soon' });
    await publish(p.id, { action: 'schedule', at: new Date(Date.now() + 1500).toISOString() });
    await waitFor(
      async () =>
        (await t.app.inject({ url: `/api/walls/posts/${p.id}`, headers: bearer(token) })).json().data.status === 'published'
          ? true
          : undefined,
      'the scheduled post to be published',
      20_000,
    );
  });
});

describe('the public page’s wall', () => {
  it('shows published posts, pinned first, sanitised, with a "more" page; drafts and trashed posts never', async () => {
    const pid = await createProfile(token);
    profileId = pid;
    const draft = await created({ title: 'Draft only' });
    const make = async (title: string, extra: object = {}) => {
      const p = await created({ title, ...extra });
      expect((await publish(p.id, { action: 'publish' })).statusCode).toBe(200);
      return p;
    };
    await make('Old pinned', { pinned: true, bodyHtml: '<p>pinned body</p><img src=x onerror="alert(1)"><script>alert(2)</script>' });
    for (let i = 0; i < 11; i++) await make(`News ${i}`);
    const gone = await make('Gone');
    await t.app.inject({ method: 'DELETE', url: `/api/walls/posts/${gone.id}`, headers: bearer(token) });

    const res = await publicPage();
    expect(res.statusCode).toBe(200);
    const titles = [...res.body.matchAll(/class="pp-post-title">([^<]+)</g)].map((m) => m[1]);
    expect(titles[0]).toBe('Old pinned');
    expect(titles.slice(1, 4)).toEqual(['News 10', 'News 9', 'News 8']);
    expect(titles).toHaveLength(10);
    expect(res.body).not.toContain('Draft only');
    expect(res.body).not.toContain('Gone');
    expect(res.body).not.toMatch(/onerror|<script>alert/);
    expect(res.body).toContain('pinned body');
    const more = /href="([^"]+\?posts=[^"#]+)#pp-wall"/.exec(res.body)?.[1];
    expect(more).toBeDefined();
    const next = await t.app.inject({ url: more!.replace(/&amp;/g, '&') });
    const nextTitles = [...next.body.matchAll(/class="pp-post-title">([^<]+)</g)].map((m) => m[1]);
    expect(nextTitles).toEqual(['News 1', 'News 0']);
    expect(draft.status).toBe('draft');
  });

  it('hides the wall when the profile’s wall switch is off, and shows a change at once', async () => {
    await t.db.update(profiles).set({ wall: false }).where(eq(profiles.id, profileId));
    await waitFor(
      async () => ((await publicPage()).body.includes('data-testid="public-wall"') ? undefined : true),
      'the wall to disappear',
    );
    await t.db.update(profiles).set({ wall: true }).where(eq(profiles.id, profileId));
    await waitFor(
      async () => ((await publicPage()).body.includes('data-testid="public-wall"') ? true : undefined),
      'the wall to come back',
    );
    // A new post is seen on the next visit (the cached page is dropped).
    const p = await created({ title: 'Fresh news' });
    await publish(p.id, { action: 'publish' });
    expect((await publicPage()).body).toContain('Fresh news');
    await publish(p.id, { action: 'unpublish' });
    expect((await publicPage()).body).not.toContain('Fresh news');
  });

  it('serves a published post’s image on the public page, and nothing for a draft', async () => {
    const fileId = await uploadPng('a.png', png(20, 20));
    const p = await created({ title: 'With image', imageFileId: fileId });
    const imageUrl = `/api/public/link/${owner.alias}/${profileId}/posts/${p.id}/image`;
    expect((await t.app.inject({ url: imageUrl })).statusCode).toBe(404);
    await publish(p.id, { action: 'publish' });
    const page = await publicPage();
    expect(page.body).toContain(`/posts/${p.id}/image`);
    const image = await t.app.inject({ url: imageUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
  });

  it('shows a large post image resized to the column with its box set, and serves only the page’s sizes', async () => {
    const fileId = await uploadPng('big.png', png(2000, 1000));
    const p = await created({ title: 'Big picture', imageFileId: fileId });
    const body = await publishedOnPage(p.id, 'Big picture');
    const img = new RegExp(`<img src="([^"]*/posts/${p.id}/image[^"]*)"[^>]*width="(\\d+)" height="(\\d+)"[^>]*class="pp-post-image"`).exec(
      body.replaceAll('&amp;', '&'),
    );
    expect(img, 'the post image with its width and height').not.toBeNull();
    // 2000 × 1000 shown 640 px wide keeps its proportions.
    expect([img![2], img![3]]).toEqual(['640', '320']);
    expect(img![1]).toMatch(/[?&]w=640&f=jpeg$/);
    expect(body).toMatch(new RegExp(`/posts/${p.id}/image\\?v=[\\w-]+&amp;w=1280&amp;f=webp 2x`));

    const base = `/api/public/link/${owner.alias}/${profileId}/posts/${p.id}/image`;
    for (const [w, f, mime] of [
      [640, 'jpeg', 'image/jpeg'],
      [640, 'webp', 'image/webp'],
      [1280, 'avif', 'image/avif'],
    ] as const) {
      const res = await t.app.inject({ url: `${base}?v=1&w=${w}&f=${f}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(mime);
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.format).toBe(f === 'jpeg' ? 'jpeg' : f === 'webp' ? 'webp' : 'heif');
      expect(meta.width).toBeLessThanOrEqual(w);
      expect(meta.width).toBe(w);
      expect(meta.height).toBe(w / 2);
    }
    // Another width is not made; the original is still there without w and f.
    expect((await t.app.inject({ url: `${base}?w=300&f=webp` })).statusCode).toBe(404);
    const original = await t.app.inject({ url: base });
    expect(original.statusCode).toBe(200);
    expect((await sharp(original.rawPayload).metadata()).width).toBe(2000);
  });

  it('never enlarges a small post image', async () => {
    const fileId = await uploadPng('small.png', png(300, 200));
    const p = await created({ title: 'Small picture', imageFileId: fileId });
    const body = await publishedOnPage(p.id, 'Small picture');
    expect(body).toMatch(new RegExp(`/posts/${p.id}/image[^"]*"[^>]*width="300" height="200"`));
    const res = await t.app.inject({ url: `/api/public/link/${owner.alias}/${profileId}/posts/${p.id}/image?w=1280&f=png` });
    expect(res.statusCode).toBe(200);
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 300, 200]);
  });
});
