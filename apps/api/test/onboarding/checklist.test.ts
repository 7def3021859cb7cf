import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onboardingChecklists } from '../../src/db/schema/index.js';
import { activateAccount } from '../../src/modules/registration/index.js';
import { multipart, png } from '../helpers/files.js';
import { ADMIN, bearer, createTestApp, insertUser, login, type TestContext } from '../helpers/test-app.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** An account activated as a verification activates it (main card, Free plan, checklist), signed in. */
async function newAccount() {
  const user = await insertUser(t.db, { status: 'pending', emailVerifiedAt: null });
  await activateAccount(t.db, user);
  const token = await login(t.app, user);
  const me = (await t.app.inject({ url: '/api/user', headers: bearer(token) })).json<{ id: string; perfil_id: string }>();
  return { user, token, headers: bearer(token), profileId: me.perfil_id };
}

type Checklist = { visible: boolean; profileId: string | null; steps: { key: string; done: boolean }[] };
async function checklist(headers: Record<string, string>): Promise<Checklist> {
  const res = await t.app.inject({ url: '/api/onboarding', headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const done = (c: Checklist) => Object.fromEntries(c.steps.map((s) => [s.key, s.done]));
const record = (headers: Record<string, string>, payload: object, language = 'en') =>
  t.app.inject({ method: 'POST', url: '/api/onboarding/steps', headers: { ...headers, 'accept-language': language }, payload });

describe('the guided start’s checklist', () => {
  it('opens for a new account: shown, about its main card, nothing done yet', async () => {
    const account = await newAccount();
    const state = await checklist(account.headers);
    expect(state).toEqual({
      visible: true,
      profileId: account.profileId,
      steps: [
        { key: 'card', done: false },
        { key: 'preview', done: false },
        { key: 'share', done: false },
      ],
    });
  });

  it('ticks the card step only once the main card has both a photo and a phone', async () => {
    const account = await newAccount();
    const card = (extra: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/profiles/${account.profileId}`,
        headers: account.headers,
        payload: { kind: 'card', card: { firstName: 'Ana' }, ...extra },
      });
    expect((await card({ card: { firstName: 'Ana', phones: [{ label: 'Mobile', number: '+34612345678' }] } })).statusCode).toBe(200);
    expect(done(await checklist(account.headers)).card).toBe(false);

    const body = multipart([{ name: 'me.png', data: png(4, 4) }]);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { ...account.headers, ...body.headers },
      payload: body.payload,
    });
    expect(upload.statusCode).toBe(201);
    const photoFileId = upload.json().data[0].id as string;
    expect((await card({ photoFileId })).statusCode).toBe(200);
    expect(done(await checklist(account.headers)).card).toBe(false);

    const both = await card({ photoFileId, card: { firstName: 'Ana', phones: [{ label: 'Mobile', number: '+34612345678' }] } });
    expect(both.statusCode).toBe(200);
    expect(done(await checklist(account.headers))).toEqual({ card: true, preview: false, share: false });
  });

  it('records a preview and a share on the user’s own card, once, and answers the new state', async () => {
    const account = await newAccount();
    const previewed = await record(account.headers, { step: 'preview', profileId: account.profileId });
    expect(previewed.statusCode).toBe(200);
    expect(done(previewed.json().data)).toEqual({ card: false, preview: true, share: false });
    const [first] = await t.db.select().from(onboardingChecklists).where(eq(onboardingChecklists.userId, account.user.id));

    const shared = await record(account.headers, { step: 'share', profileId: account.profileId });
    expect(done(shared.json().data)).toEqual({ card: false, preview: true, share: true });
    // Again: nothing moves (the first time is kept).
    expect((await record(account.headers, { step: 'preview', profileId: account.profileId })).statusCode).toBe(200);
    const [after] = await t.db.select().from(onboardingChecklists).where(eq(onboardingChecklists.userId, account.user.id));
    expect(after!.previewedAt).toEqual(first!.previewedAt);
  });

  it('answers 404 for another user’s card and 422 for a bad step, recording nothing', async () => {
    const account = await newAccount();
    const other = await newAccount();
    const foreign = await record(account.headers, { step: 'share', profileId: other.profileId }, 'es');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ ok: 0, code: 'record.not_found', message: expect.any(String) });
    expect(foreign.json().message).not.toMatch(/not found/i); // in the request's language
    const unknown = await record(account.headers, { step: 'share', profileId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    const badStep = await record(account.headers, { step: 'card', profileId: account.profileId });
    expect(badStep.statusCode).toBe(422);
    expect(badStep.json().errors.step).toHaveLength(1);
    expect((await record(account.headers, { step: 'share', profileId: 'nope' })).statusCode).toBe(422);
    expect(done(await checklist(account.headers))).toEqual({ card: false, preview: false, share: false });
    expect(done(await checklist(other.headers))).toEqual({ card: false, preview: false, share: false });
  });

  it('once dismissed, stays away: after a reload and in another session', async () => {
    const account = await newAccount();
    const dismissed = await t.app.inject({ method: 'POST', url: '/api/onboarding/dismiss', headers: account.headers });
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json().data.visible).toBe(false);
    expect((await checklist(account.headers)).visible).toBe(false);
    // Another browser: a session of its own.
    const elsewhere = bearer(await login(t.app, account.user));
    expect((await checklist(elsewhere)).visible).toBe(false);
    // Recording later changes the steps, never brings it back.
    await record(elsewhere, { step: 'share', profileId: account.profileId });
    const state = await checklist(elsewhere);
    expect(state.visible).toBe(false);
    expect(done(state).share).toBe(true);
    // Another account is not touched.
    expect((await checklist((await newAccount()).headers)).visible).toBe(true);
  });

  it('never opens for an account activated before the checklist existed', async () => {
    const user = await insertUser(t.db);
    const headers = bearer(await login(t.app, user));
    expect((await checklist(headers)).visible).toBe(false);
    const dismissed = await t.app.inject({ method: 'POST', url: '/api/onboarding/dismiss', headers });
    expect(dismissed.statusCode).toBe(200);
    expect(await t.db.select().from(onboardingChecklists).where(eq(onboardingChecklists.userId, user.id))).toHaveLength(0);
  });

  it('is the users’ area: 401 without a session, 403 to an admin', async () => {
    expect((await t.app.inject({ url: '/api/onboarding' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/onboarding/dismiss' })).statusCode).toBe(401);
    const admin = bearer(await login(t.app, ADMIN));
    expect((await t.app.inject({ url: '/api/onboarding', headers: admin })).statusCode).toBe(403);
  });
});
