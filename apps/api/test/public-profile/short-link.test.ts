import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plans, subscriptions, users } from '../../src/db/schema/index.js';
import { bearer, createTestApp, insertUser, login, type TestContext } from '../helpers/test-app.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://enlaza.example' });
});
afterAll(() => t.close());

let n = 0;
/** An owner on the Pro plan (room for several cards) whose main card (`perfil_id`) is a new card. */
async function ownerWithMainCard(overrides: Partial<typeof users.$inferInsert> = {}) {
  n += 1;
  const owner = await insertUser(t.db, { name: 'Sara Short', alias: `sara-${n}-${Date.now() % 100000}`, ...overrides });
  const [pro] = await t.db.select().from(plans).where(eq(plans.code, 'pro'));
  await t.db.insert(subscriptions).values({
    userId: owner.id,
    planId: pro!.id,
    status: 'active',
    currentPeriodStart: new Date(),
    currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
  });
  const token = await login(t.app, owner);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/profiles',
    headers: bearer(token),
    payload: { kind: 'card', card: { firstName: 'Sara', lastName: `Short ${n}` } },
  });
  expect(res.statusCode, res.body).toBe(201);
  const cardId: string = res.json().data.id;
  await t.db.update(users).set({ mainProfileId: cardId }).where(eq(users.id, owner.id));
  return { owner, token, cardId };
}
const get = (url: string, language = 'en') => t.app.inject({ url, headers: { 'accept-language': language } });

describe('the short link /link/{alias}', () => {
  it('opens the owner’s main card', async () => {
    const { owner, cardId } = await ownerWithMainCard();
    const res = await get(`/link/${owner.alias}`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/link/${owner.alias}/${cardId}`);
    expect(res.headers['cache-control']).toBe('no-store');
    const card = await get(res.headers.location!);
    expect(card.statusCode).toBe(200);
    expect(card.body).toContain(`Sara Short ${n}`);
  });

  it('leads from an old alias to the card at the current one', async () => {
    const { owner, token, cardId } = await ownerWithMainCard();
    const renamed = `${owner.alias}-new`;
    const change = await t.app.inject({ method: 'PUT', url: '/api/options/alias', headers: bearer(token), payload: { alias: renamed } });
    expect(change.statusCode, change.body).toBe(200);
    const res = await get(`/link/${owner.alias}`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/link/${renamed}/${cardId}`);
    expect((await get(`/link/${renamed}`)).headers.location).toBe(`/link/${renamed}/${cardId}`);
  });

  it('answers a real 404 with the friendly page, in the visitor’s language, for an unknown alias or a main card that is not public', async () => {
    const unknown = await get('/link/nobody-has-this-alias', 'es-ES');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toContain('text/html');
    expect(unknown.body).toMatch(/<html lang="es">/);
    expect(unknown.body).toContain('data-testid="public-profile-not-available"');
    expect(unknown.body).toContain('Este perfil no está disponible');

    const { owner, token, cardId } = await ownerWithMainCard();
    const hide = await t.app.inject({
      method: 'PUT',
      url: `/api/profiles/${cardId}`,
      headers: bearer(token),
      payload: { kind: 'card', visibility: 'private', card: { firstName: 'Sara', lastName: 'Hidden' } },
    });
    expect(hide.statusCode, hide.body).toBe(200);
    expect((await get(`/link/${owner.alias}`)).statusCode).toBe(404);

    // A pending account has no card yet.
    const pending = await insertUser(t.db, { status: 'pending' });
    expect((await get(`/link/${pending.alias}`)).statusCode).toBe(404);
  });
});

describe('paths that are no page', () => {
  it('answer HTTP 404 with the app (its friendly "page not found"); the app’s pages still answer 200', async () => {
    for (const path of ['/no-such-page', '/user/no-such-page', '/link/someone/not-a-card/more', '/assets/missing-Ab12Cd34.js']) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.headers['content-type'], path).toContain('text/html');
      expect(res.body, path).toContain('<div id="root"></div>');
    }
    for (const path of [
      '/user/dashboard',
      '/politica',
      '/error-404',
      '/admin',
      '/user/perfiles/view/0b6f3c2e-9d7b-4f43-9d64-5a1f3c2b1a00',
      '/?forgot=1',
    ]) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.body, path).toContain('<div id="root"></div>');
    }
    // The API's own unknown paths keep their JSON 404.
    const api = await get('/api/no-such-call');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ ok: 0, code: 'request.not_found' });
  });

  it('carry PUBLIC_URL for the app’s links and QR codes', async () => {
    expect((await get('/user/dashboard')).body).toContain('<meta name="public-url" content="https://enlaza.example">');
  });
});

describe('the addresses the owner shares (copy link, QR code)', () => {
  const slugOf = (id: string) => id.replace(/-/g, '').slice(0, 12);

  it('are /link/{alias} for the main card and /link/{alias}/{slug} for another, each leading to the card; the long address still works', async () => {
    const { owner, token, cardId } = await ownerWithMainCard();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/profiles',
      headers: bearer(token),
      payload: { kind: 'card', card: { firstName: 'Second', lastName: 'Card' } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const second: { id: string; publicPath: string; sharePath: string } = created.json().data;
    const main = (await t.app.inject({ url: `/api/profiles/${cardId}`, headers: bearer(token) })).json().data;

    expect(main.sharePath).toBe(`/link/${owner.alias}`);
    expect(second.sharePath).toBe(`/link/${owner.alias}/${slugOf(second.id)}`);
    expect(second.sharePath.length).toBeLessThan(second.publicPath.length - 20);
    // The list shares the same addresses.
    const list = (await t.app.inject({ url: '/api/profiles?kind=card', headers: bearer(token) })).json().data as (typeof second)[];
    expect(list.find((p) => p.id === second.id)?.sharePath).toBe(second.sharePath);

    const short = await get(second.sharePath);
    expect(short.statusCode).toBe(302);
    expect(short.headers.location).toBe(`/link/${owner.alias}/${second.id}`);
    expect(short.headers['cache-control']).toBe('no-store');
    expect((await get(main.sharePath)).headers.location).toBe(`/link/${owner.alias}/${cardId}`);
    // Links already printed or sent keep working.
    const long = await get(second.publicPath);
    expect(long.statusCode).toBe(200);
    expect(long.body).toContain('Second Card');
  });

  it('lead nowhere under another owner’s alias, for a card that is not public, or for a slug no card has', async () => {
    const { owner: ana, token } = await ownerWithMainCard();
    const { owner: bea } = await ownerWithMainCard();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/profiles',
      headers: bearer(token),
      payload: { kind: 'card', visibility: 'private', card: { firstName: 'Private', lastName: 'Card' } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const hidden: { id: string } = created.json().data;
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/profiles',
      headers: bearer(token),
      payload: { kind: 'card', card: { firstName: 'Public', lastName: 'Card' } },
    });
    expect(other.statusCode, other.body).toBe(201);
    const shown: { id: string } = other.json().data;
    expect((await get(`/link/${bea.alias}/${slugOf(shown.id)}`)).statusCode).toBe(404);
    expect((await get(`/link/${ana.alias}/${slugOf(hidden.id)}`)).statusCode).toBe(404);
    expect((await get(`/link/${ana.alias}/000000000000`)).statusCode).toBe(404);
    expect((await get(`/link/${ana.alias}/${slugOf(shown.id)}`)).statusCode).toBe(302);
  });
});
