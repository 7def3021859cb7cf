import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plans, subscriptions } from '../../src/db/schema/index.js';
import { bearer, createTestApp, insertUser, login, waitFor, type TestContext } from '../helpers/test-app.js';

let t: TestContext;
let token: string;
let otherToken: string;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await insertUser(t.db, { name: 'Wally Owner', alias: `wall-on-${Date.now() % 100000}` });
  const other = await insertUser(t.db);
  const [business] = await t.db.select().from(plans).where(eq(plans.code, 'business'));
  await t.db.insert(subscriptions).values({ userId: owner.id, planId: business!.id, status: 'active', currentPeriodStart: new Date() });
  token = await login(t.app, owner);
  otherToken = await login(t.app, other);
});
afterAll(() => t.close());

/** A card whose wall is off, with a draft post on it. */
async function draftOnAWallThatIsOff(): Promise<{ profileId: string; postId: string }> {
  const card = await t.app.inject({
    method: 'POST',
    url: '/api/profiles',
    headers: bearer(token),
    payload: { kind: 'card', card: { firstName: 'Wally' }, wall: false },
  });
  expect(card.statusCode, card.body).toBe(201);
  const profileId: string = card.json().data.id;
  const post = await t.app.inject({
    method: 'POST',
    url: '/api/walls/posts',
    headers: bearer(token),
    payload: { profileId, title: 'News', bodyHtml: '<p>Hi</p>' },
  });
  expect(post.statusCode, post.body).toBe(201);
  return { profileId, postId: post.json().data.id };
}
const wallOf = async (profileId: string) =>
  (await t.app.inject({ url: `/api/profiles/${profileId}`, headers: bearer(token) })).json().data.wall as boolean;
const publish = (postId: string, body: object, as = token) =>
  t.app.inject({ method: 'POST', url: `/api/walls/posts/${postId}/publish`, headers: bearer(as), payload: body });

describe('publishing a post on a wall that is off', () => {
  it('switches the wall on in the same step when asked, and records it in the history', async () => {
    const { profileId, postId } = await draftOnAWallThatIsOff();
    const res = await publish(postId, { action: 'publish', switchWallOn: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('published');
    expect(await wallOf(profileId)).toBe(true);
    // The history is written after the request's commit (an event's subscriber): waited for, not assumed
    // (on PostgreSQL it once was not there yet).
    const recorded = await waitFor(async () => {
      const history = JSON.stringify((await t.app.inject({ url: '/api/historial?limit=50', headers: bearer(token) })).json());
      return history.includes('"wall":true') ? history : undefined;
    }, 'the wall switched on in the history');
    expect(recorded).toContain('"wall":true');
  });

  it('leaves the wall off without being asked, and when scheduling asks, switches it on too', async () => {
    const first = await draftOnAWallThatIsOff();
    expect((await publish(first.postId, { action: 'publish' })).statusCode).toBe(200);
    expect(await wallOf(first.profileId)).toBe(false);

    const second = await draftOnAWallThatIsOff();
    const at = new Date(Date.now() + 86_400_000).toISOString();
    expect((await publish(second.postId, { action: 'schedule', at, switchWallOn: true })).statusCode).toBe(200);
    expect(await wallOf(second.profileId)).toBe(true);
  });

  it('answers 404 for another user’s post and changes nothing; a wrong value is a 422', async () => {
    const { profileId, postId } = await draftOnAWallThatIsOff();
    expect((await publish(postId, { action: 'publish', switchWallOn: true }, otherToken)).statusCode).toBe(404);
    expect(await wallOf(profileId)).toBe(false);
    expect((await publish(postId, { action: 'publish', switchWallOn: 'yes' })).statusCode).toBe(422);
  });
});
