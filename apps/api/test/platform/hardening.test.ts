import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plans, subscriptions, users } from '../../src/db/schema/index.js';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { loggerOptions, redactUrl } from '../../src/lib/logging.js';
import { addressKey } from '../../src/lib/rate-limit.js';
import { LOGIN_LIMITS } from '../../src/modules/auth/index.js';
import { buildVCard } from '../../src/modules/public-profile/vcard.js';
import { ADMIN, DEMO, bearer, createTestApp, insertUser, login, type TestContext } from '../helpers/test-app.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('bad input never answers 500', () => {
  it('refuses a NUL character anywhere in the input with 422', async () => {
    const token = await login(t.app, ADMIN);
    const inBody = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'a@b.example', password: 'x\u0000y' } });
    expect(inBody.statusCode).toBe(422);
    expect(inBody.json().errors).toHaveProperty('password');
    expect((await t.app.inject({ url: '/api/admin/users?search=%00', headers: bearer(token) })).statusCode).toBe(422);
  });

  it('refuses malformed cursors and out-of-range dates in the history with 422', async () => {
    const token = await login(t.app, ADMIN);
    const cursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const query of [
      `cursor=${cursor(['2024-13-45 99:99:99+00', '00000000-0000-4000-8000-000000000000'])}`,
      `cursor=${cursor(['2024-01-01 10:00:00+00', '-'.repeat(36)])}`,
      'from=0000-01-01',
      'to=9999-12-31',
    ]) {
      expect((await t.app.inject({ url: `/api/admin/historial?${query}`, headers: bearer(token) })).statusCode).toBe(422);
    }
  });

  it('answers 404 for a public link whose id only looks like a uuid', async () => {
    expect((await t.app.inject({ url: `/link/demo/${'-'.repeat(36)}` })).statusCode).toBe(404);
  });

  it('serves the main card of a user whose name is longer than a card allows', async () => {
    const user = await insertUser(t.db, { status: 'pending', emailVerifiedAt: null, name: 'N'.repeat(120) });
    const admin = await login(t.app, ADMIN);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/users/${user.id}/verify`, headers: bearer(admin) })).statusCode).toBe(
      200,
    );
    // Verifying twice (link and admin at once) activates once: one card, one subscription.
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/users/${user.id}/verify`, headers: bearer(admin) })).statusCode).toBe(
      200,
    );
    const token = await login(t.app, user);
    const list = await t.app.inject({ url: '/api/profiles?kind=card', headers: bearer(token) });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toHaveLength(1);
    expect(list.json().data[0].card.firstName).toHaveLength(80);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect((await t.app.inject({ url: `/api/public/link/${row!.alias}/${row!.mainProfileId}` })).statusCode).toBe(200);
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toHaveLength(1);
  });
});

describe('CSRF', () => {
  it('applies to a percent-encoded API path too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/%61pi/login',
      payload: DEMO,
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('csrf.cross_site');
  });
});

describe('sign-in throttling', () => {
  it('throttles guesses fired in parallel, not only one after another', async () => {
    const victim = await insertUser(t.db);
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email: victim.email, password: 'guess-guess' },
          remoteAddress: '10.20.0.1',
        }),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(7);
  });

  it('limits guesses on one account spread over many addresses (the hourly ceiling)', async () => {
    const victim = await insertUser(t.db);
    const statuses = [];
    for (let i = 0; i < LOGIN_LIMITS.perAccount + 2; i++)
      statuses.push(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/login',
            payload: { email: victim.email, password: 'guess-guess' },
            remoteAddress: `10.30.${i % 250}.${1 + Math.floor(i / 250)}`,
          })
        ).statusCode,
      );
    expect(statuses.slice(0, LOGIN_LIMITS.perAccount).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(LOGIN_LIMITS.perAccount)).toEqual([429, 429]);
    // 102 sign-ins, each verifying a memory-hard argon2 hash on purpose: a limit for a test that never
    // ends, not a speed check (it passed 60 s on a loaded 2-core machine).
  }, 180_000);

  it('does not count successful sign-ins', async () => {
    const user = await insertUser(t.db);
    for (let i = 0; i < 8; i++) await login(t.app, user);
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: user.password } });
    expect(res.statusCode).toBe(200);
  });

  it('groups IPv6 addresses by /64', () => {
    expect(addressKey('2001:db8:abcd:12:1::5')).toBe('2001:db8:abcd:12::/64');
    expect(addressKey('2001:0db8:abcd:0012:ffff:ffff:ffff:ffff')).toBe('2001:db8:abcd:12::/64');
    expect(addressKey('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(addressKey('10.0.0.1')).toBe('10.0.0.1');
  });
});

describe('bulk actions and kinds', () => {
  it('refuses card ids in a tag bulk action', async () => {
    const user = await insertUser(t.db);
    const [pro] = await t.db.select().from(plans).where(eq(plans.code, 'pro'));
    await t.db.insert(subscriptions).values({ userId: user.id, planId: pro!.id, status: 'active', currentPeriodStart: new Date() });
    const token = await login(t.app, user);
    const cardId = (
      await t.app.inject({
        method: 'POST',
        url: '/api/profiles',
        headers: bearer(token),
        payload: { kind: 'card', card: { firstName: 'C' } },
      })
    ).json().data.id;
    const tagFolder = (
      await t.app.inject({
        method: 'POST',
        url: '/api/folders',
        headers: bearer(token),
        payload: { kind: 'tag', name: 'T', color: '#000000' },
      })
    ).json().data.id;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/profiles/bulk?kind=tag',
      headers: bearer(token),
      payload: { ids: [cardId], action: { type: 'move', folderId: tagFolder } },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('secrets in logs and files', () => {
  it('redacts single-use tokens from logged URLs', () => {
    expect(redactUrl('/register/verify/abc123?x=1')).toBe('/register/verify/[redacted]?x=1');
    expect(redactUrl('/reset-password/tok/a%40b.c')).toBe('/reset-password/[redacted]/[redacted]');
    expect(redactUrl('/api/user')).toBe('/api/user');
  });

  it('logs a client that left mid-answer at info, not as an error (@fastify/compress reports it as one)', async () => {
    const lines: { level: number; msg: string; err?: { message: string } }[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()));
        done();
      },
    });
    const options = loggerOptions('info') as Record<string, unknown>;
    const app = Fastify({ logger: { ...options, stream } });
    await app.ready();
    app.log.error(new Error('premature close'));
    app.log.error(new Error('the disk is full'));
    await app.close();
    expect(lines.map((l) => [l.level, l.err?.message])).toEqual([
      [30, 'premature close'],
      [50, 'the disk is full'],
    ]);
  });

  it('writes URLs into the vCard as they are', () => {
    const vcard = buildVCard(
      {
        id: 'x',
        kind: 'card',
        name: 'A',
        alias: 'a',
        canonicalPath: '/link/a/x',
        vcardPath: '',
        photoUrl: null,
        coverUrl: null,
        logoUrl: null,
        team: null,
        theme: { color: '#000000', layout: 'classic' },
        contactForm: false,
        formFields: [],
        wall: false,
        sectionOrder: 'wall-first',
        tag: null,
        card: {
          firstName: 'A',
          lastName: null,
          jobTitle: null,
          company: null,
          bio: null,
          phones: [],
          emails: [],
          website: 'https://x.example/a,b;c',
          address: null,
          socialLinks: [],
          customLinks: [],
        },
      },
      'https://enlaza.example/link/a/x',
    );
    expect(vcard).toContain('URL:https://x.example/a,b;c');
  });
});
