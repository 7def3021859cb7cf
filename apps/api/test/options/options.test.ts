import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityEvents, profiles, sessions, users } from '../../src/db/schema/index.js';
import { ADMIN, bearer, createTestApp, insertUser, login, type TestContext, queueIdle } from '../helpers/test-app.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('options', () => {
  it('changes the alias, keeps the old one reserved for its owner, and can take it back', async () => {
    const user = await insertUser(t.db, { alias: `first-${Date.now() % 100000}` });
    const first = user.alias;
    const token = await login(t.app, user);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/options/alias',
      headers: bearer(token),
      payload: { alias: 'Second-Alias-X' },
    });
    expect(res.json().data).toMatchObject({ alias: 'second-alias-x', previousAliases: [first] });
    // Nobody else can take the old alias: it keeps redirecting to its owner.
    const other = await insertUser(t.db);
    const stolen = await t.app.inject({
      method: 'PUT',
      url: '/api/options/alias',
      headers: bearer(await login(t.app, other)),
      payload: { alias: first },
    });
    expect(stolen.statusCode).toBe(409);
    expect(stolen.json().errors.alias[0]).toContain(`${first}-2`);
    const back = await t.app.inject({ method: 'PUT', url: '/api/options/alias', headers: bearer(token), payload: { alias: first } });
    expect(back.json().data).toMatchObject({ alias: first, previousAliases: ['second-alias-x'] });
  });

  it('stores which notifications come by email', async () => {
    const token = await login(t.app, await insertUser(t.db));
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/options/notifications',
      headers: bearer(token),
      payload: { notificationEmails: ['new_message', 'invoice_issued', 'new_message'] },
    });
    expect(res.json().data.notificationEmails).toEqual(['new_message', 'invoice_issued']);
    expect((await t.app.inject({ url: '/api/options', headers: bearer(token) })).json().data.notificationEmails).toEqual([
      'new_message',
      'invoice_issued',
    ]);
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/options/notifications',
      headers: bearer(token),
      payload: { notificationEmails: ['spam'] },
    });
    expect(bad.statusCode).toBe(422);
  });

  it('exports my data as a JSON download without the password hash', async () => {
    const user = await insertUser(t.db, { name: 'Exporter' });
    const token = await login(t.app, user);
    // The sign-in's history row follows its event.
    await queueIdle(t.app, 'event.');
    const res = await t.app.inject({ url: '/api/options/export', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="enlaza-export-\d{4}-\d\d-\d\d\.json"$/);
    const data = res.json();
    expect(data.account).toMatchObject({ id: user.id, name: 'Exporter', email: user.email });
    expect(data.account).not.toHaveProperty('passwordHash');
    expect(res.body).not.toContain('argon2');
    expect(data.activity.map((e: { action: string }) => e.action)).toContain('auth.sign_in');
  });

  it('deletes my account after the password: signs out everywhere and removes personal data', async () => {
    const user = await insertUser(t.db, { name: 'Leaver', phone: '+34600000000' });
    await t.db.insert(profiles).values({ userId: user.id, kind: 'card', name: 'Leaver card' });
    const token = await login(t.app, user);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/options/delete-account',
      headers: bearer(token),
      payload: { password: 'not-it-at-all' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/options/delete-account',
          headers: bearer(token),
          payload: { password: user.password },
        })
      ).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ url: '/api/user', headers: bearer(token) })).statusCode).toBe(401);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ status: 'deleted', name: 'Deleted user', phone: null });
    expect(row!.email).not.toBe(user.email);
    expect(await t.db.select().from(profiles).where(eq(profiles.userId, user.id))).toEqual([]);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    // The history goes with the account; the audit log keeps that an account was deleted, under no user.
    await queueIdle(t.app, 'event.');
    expect(await t.db.select().from(activityEvents).where(eq(activityEvents.userId, user.id))).toEqual([]);
    expect((await t.db.select().from(activityEvents).where(eq(activityEvents.targetId, user.id))).map((e) => [e.action, e.userId])).toEqual(
      [['account.deleted', null]],
    );
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: user.password } })).statusCode,
    ).toBe(401);
  });

  it('is for customers: an admin gets 403', async () => {
    expect((await t.app.inject({ url: '/api/options', headers: bearer(await login(t.app, ADMIN)) })).statusCode).toBe(403);
  });
});

describe('history', () => {
  it('shows a user only their own events, newest first, page by page', async () => {
    const user = await insertUser(t.db);
    const token = await login(t.app, user);
    for (let i = 0; i < 4; i++)
      await t.app.inject({
        method: 'PUT',
        url: '/api/account/preferences',
        headers: bearer(token),
        payload: { locale: i % 2 ? 'en' : 'es', timeZone: 'UTC', theme: 'light' },
      });
    await queueIdle(t.app, 'event.');
    const page1 = (await t.app.inject({ url: '/api/historial?limit=3', headers: bearer(token) })).json();
    expect(page1.data).toHaveLength(3);
    expect(page1.data.every((e: { userId: string }) => e.userId === user.id)).toBe(true);
    expect(page1.data[0].action).toBe('preferences.updated');
    expect(page1.data[0].before).toHaveProperty('locale');
    await queueIdle(t.app, 'event.');
    const page2 = (await t.app.inject({ url: `/api/historial?limit=3&cursor=${page1.meta.nextCursor}`, headers: bearer(token) })).json();
    expect(page2.data.map((e: { id: string }) => e.id)).not.toContain(page1.data[2].id);
    expect(page2.data.at(-1).action).toBe('auth.sign_in');
    expect(page2.meta.nextCursor).toBeNull();
    // Asking for another user's events still answers only mine.
    const other = await insertUser(t.db);
    await queueIdle(t.app, 'event.');
    const mine = (await t.app.inject({ url: `/api/historial?userId=${other.id}`, headers: bearer(token) })).json();
    expect(mine.data.every((e: { userId: string }) => e.userId === user.id)).toBe(true);
    expect((await t.app.inject({ url: '/api/historial?cursor=garbage', headers: bearer(token) })).statusCode).toBe(422);
  });
});
