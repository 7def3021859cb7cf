import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plans, subscriptions } from '../../src/db/schema/index.js';
import { bearer, createTestApp, insertUser, login, type TestContext } from '../helpers/test-app.js';

let t: TestContext;
let owner: Awaited<ReturnType<typeof insertUser>>;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await insertUser(t.db, { alias: `so-${Date.now() % 100000}` });
  const [pro] = await t.db.select().from(plans).where(eq(plans.code, 'pro'));
  await t.db.insert(subscriptions).values({ userId: owner.id, planId: pro!.id, status: 'active', currentPeriodStart: new Date() });
  token = await login(t.app, owner);
});
afterAll(() => t.close());

const send = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { ...bearer(token), 'accept-language': 'en' }, ...(payload ? { payload } : {}) });
const cardBody = (extra: object = {}) => ({
  kind: 'card',
  wall: true,
  contactForm: true,
  card: { firstName: 'Bea', lastName: 'Baker' },
  ...extra,
});
const tagBody = (extra: object = {}) => ({
  kind: 'tag',
  wall: true,
  contactForm: true,
  tag: { name: 'Luna', tagKind: 'pet', lostMode: true, lostNote: 'Lost near the park' },
  ...extra,
});

async function create(body: object): Promise<string> {
  const res = await send('POST', '/api/profiles', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}
async function publishPost(profileId: string, title: string) {
  const created = await send('POST', '/api/walls/posts', { profileId, title, bodyHtml: '<p>Rye and spelt</p>' });
  expect(created.statusCode, created.body).toBe(201);
  const published = await send('POST', `/api/walls/posts/${created.json().data.id}/publish`, { action: 'publish' });
  expect(published.statusCode, published.body).toBe(200);
}

/** Where the wall's posts and the contact form are in the page's HTML (-1: not there). */
async function order(id: string, query = '') {
  const res = await t.app.inject({ url: `/link/${owner.alias}/${id}${query}` });
  expect(res.statusCode).toBe(200);
  const html = res.body;
  const card = html.indexOf('data-testid="public-profile-view"');
  const cardEnd = html.indexOf('</article>', card);
  const wall = html.indexOf('data-testid="public-wall"');
  const form = html.indexOf('data-testid="contact-form"');
  return { wall, form, formInCard: form > card && form < cardEnd, html };
}

describe('the order of the public page’s sections (sectionOrder)', () => {
  it('puts the wall’s posts first by default, the form after them; the owner’s choice puts the form first', async () => {
    const id = await create(cardBody());
    expect((await send('GET', `/api/profiles/${id}`)).json().data.sectionOrder).toBe('wall-first');
    await publishPost(id, 'Fresh bread today');

    const wallFirst = await order(id);
    expect(wallFirst.wall).toBeGreaterThan(0);
    expect(wallFirst.form).toBeGreaterThan(wallFirst.wall);
    expect(wallFirst.formInCard).toBe(false);
    expect(wallFirst.html).toContain('data-testid="public-form-card"');

    // The editor saves the choice; the page follows at once (the cached page is dropped on the owner's write).
    const saved = await send('PUT', `/api/profiles/${id}`, cardBody({ sectionOrder: 'form-first' }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.sectionOrder).toBe('form-first');
    expect((await send('GET', `/api/profiles/${id}`)).json().data.sectionOrder).toBe('form-first');
    const formFirst = await order(id);
    expect(formFirst.form).toBeGreaterThan(0);
    expect(formFirst.wall).toBeGreaterThan(formFirst.form);
    expect(formFirst.formInCard).toBe(true);
    expect(formFirst.html).not.toContain('public-form-card');

    // And back.
    await send('PUT', `/api/profiles/${id}`, cardBody({ sectionOrder: 'wall-first' }));
    const again = await order(id);
    expect(again.form).toBeGreaterThan(again.wall);
  });

  it('keeps the form in the card when there are no posts to show, or no wall', async () => {
    const noPosts = await create(cardBody({ sectionOrder: 'wall-first' }));
    const empty = await order(noPosts);
    expect(empty.wall).toBe(-1);
    expect(empty.formInCard).toBe(true);

    const noWall = await create(cardBody({ wall: false, sectionOrder: 'wall-first' }));
    await publishPost(noWall, 'Not shown');
    const off = await order(noWall);
    expect(off.wall).toBe(-1);
    expect(off.html).not.toContain('Not shown');
    expect(off.formInCard).toBe(true);
  });

  it('puts a lost tag’s form first, under its banner, whatever the order chosen', async () => {
    const id = await create(tagBody({ sectionOrder: 'wall-first' }));
    await publishPost(id, 'Luna likes the park');
    const lost = await order(id);
    expect(lost.wall).toBeGreaterThan(0);
    expect(lost.form).toBeLessThan(lost.wall);
    expect(lost.formInCard).toBe(true);
  });

  it('refuses an unknown order with a translated error on the field', async () => {
    const id = await create(cardBody());
    const res = await send('PUT', `/api/profiles/${id}`, cardBody({ sectionOrder: 'sideways' }));
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['sectionOrder']);
    expect(res.json().errors.sectionOrder[0]).toMatch(/\S/);
    expect(res.json().errors.sectionOrder[0]).not.toMatch(/validation\./);
  });
});
