import { eq, sql } from 'drizzle-orm';
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_TOKEN_PREFIX, API_TOKENS_PER_USER, apiTokenSchema, type ApiTokenScope } from '@enlaza/contracts';
import { apiTokens } from '../../src/db/schema/index.js';
import { sha256 } from '../../src/lib/crypto.js';
import { TOKEN_SCOPES } from '../../src/platform/token-scopes.js';
import { bearer, createTestApp, insertUser, login, queueIdle, waitFor, type TestContext } from '../helpers/test-app.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Body = { name?: unknown; scopes?: unknown; expiresIn?: unknown };
const create = (session: string, body: Body, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/tokens', headers: { ...bearer(session), ...headers }, payload: body });

async function newToken(session: string, scopes: ApiTokenScope[], expiresIn = '30'): Promise<{ id: string; secret: string }> {
  const res = await create(session, { name: `script ${scopes.length}`, scopes, expiresIn });
  expect(res.statusCode).toBe(201);
  const { token, secret } = res.json<{ data: { token: { id: string }; secret: string } }>().data;
  return { id: token.id, secret };
}

async function signedInUser() {
  const user = await insertUser(t.db);
  return { user, session: await login(t.app, user) };
}

describe('creating and listing personal access tokens', () => {
  it('shows the secret once, prefixed, keeps only its hash, and never lists it', async () => {
    const { user, session } = await signedInUser();
    const res = await create(session, { name: '  Zapier  ', scopes: ['cards:read', 'campaigns'], expiresIn: '90' });
    expect(res.statusCode).toBe(201);
    const { token, secret } = res.json().data;
    expect(secret).toMatch(new RegExp(`^${API_TOKEN_PREFIX}[\\w-]{40,}$`));
    expect(apiTokenSchema.strict().parse(token)).toMatchObject({ name: 'Zapier', scopes: ['cards:read', 'campaigns'], lastUsedAt: null });
    const days = (Date.parse(token.expiresAt) - Date.parse(token.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(90, 1);

    const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.userId, user.id));
    expect(row!.tokenHash).toBe(sha256(secret));
    expect(JSON.stringify(row)).not.toContain(secret);

    const list = await t.app.inject({ url: '/api/tokens', headers: bearer(session) });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([token]);
    expect(list.body).not.toContain(secret);
    expect(list.body).not.toContain(row!.tokenHash);
  });

  it('expires in 90 days when no lifetime is chosen; never only when chosen', async () => {
    const { session } = await signedInUser();
    const res = await create(session, { name: 'default', scopes: ['audience'] });
    expect(res.statusCode).toBe(201);
    const { expiresAt, createdAt } = res.json().data.token;
    expect((Date.parse(expiresAt) - Date.parse(createdAt)) / 86_400_000).toBeCloseTo(90, 1);
  });

  it('creates a token that never expires', async () => {
    const { session } = await signedInUser();
    const res = await create(session, { name: 'backup', scopes: ['billing:read'], expiresIn: 'never' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.token.expiresAt).toBeNull();
  });

  it('refuses an empty name, an unknown scope, no scope, a repeated scope and an unknown expiry, in the request’s language', async () => {
    const { session } = await signedInUser();
    const empty = await create(session, { name: '   ', scopes: ['cards:read'], expiresIn: '30' }, { 'accept-language': 'es' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toMatchObject({ ok: 0, code: 'validation.failed' });
    expect(empty.json().errors.name).toHaveLength(1);
    expect(empty.json().message).not.toBe(
      (await create(session, { name: '   ', scopes: ['cards:read'], expiresIn: '30' }, { 'accept-language': 'en' })).json().message,
    );
    for (const body of [
      { name: 'x', scopes: ['cards:delete'], expiresIn: '30' },
      { name: 'x', scopes: [], expiresIn: '30' },
      { name: 'x', scopes: ['audience', 'audience'], expiresIn: '30' },
      { name: 'x', scopes: ['audience'], expiresIn: '7' },
      { name: 'x'.repeat(61), scopes: ['audience'], expiresIn: '30' },
    ]) {
      const res = await create(session, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().code).toBe('validation.failed');
    }
    expect((await t.app.inject({ url: '/api/tokens', headers: bearer(session) })).json().data).toEqual([]);
  });

  it(`holds at most ${API_TOKENS_PER_USER} tokens per user`, async () => {
    const { session } = await signedInUser();
    for (let i = 0; i < API_TOKENS_PER_USER; i++) await newToken(session, ['audience']);
    const over = await create(session, { name: 'one more', scopes: ['audience'], expiresIn: '30' });
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('auth.token_limit');
    expect(over.json().message).toContain(String(API_TOKENS_PER_USER));
  });
});

describe('calling the API with a token', () => {
  it('lists cards with cards:read, and records its last use at most once a minute', async () => {
    const { user, session } = await signedInUser();
    const { id, secret } = await newToken(session, ['cards:read']);
    const res = await t.app.inject({ url: '/api/profiles?kind=card', headers: bearer(secret) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual((await t.app.inject({ url: '/api/profiles?kind=card', headers: bearer(session) })).json());

    const lastUsed = async () => (await t.db.select().from(apiTokens).where(eq(apiTokens.id, id)))[0]!.lastUsedAt!.getTime();
    const first = await lastUsed();
    for (let i = 0; i < 3; i++)
      expect((await t.app.inject({ url: '/api/profiles?kind=card', headers: bearer(secret) })).statusCode).toBe(200);
    expect(await lastUsed()).toBe(first);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * 60_000 });
    try {
      expect((await t.app.inject({ url: '/api/profiles?kind=card', headers: bearer(secret) })).statusCode).toBe(200);
      expect(await lastUsed()).toBeGreaterThan(first);
    } finally {
      vi.useRealTimers();
    }
    const listed = (await t.app.inject({ url: '/api/tokens', headers: bearer(session) })).json().data[0];
    expect(listed.lastUsedAt).not.toBeNull();
    expect(user.id).toBeTruthy();
  });

  it('answers 403 naming the missing scope, in the request’s language', async () => {
    const { session } = await signedInUser();
    const { secret } = await newToken(session, ['cards:read', 'audience']);
    const res = await t.app.inject({ url: '/api/campaigns', headers: { ...bearer(secret), 'accept-language': 'es' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ ok: 0, code: 'auth.token_scope_missing', details: { scope: 'campaigns' } });
    expect(res.json().message).toContain('campaigns');
    expect(res.json().message).toContain('permiso');
    // Reading cards does not allow writing them.
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/profiles?kind=card',
      headers: bearer(secret),
      payload: { kind: 'card', name: 'x' },
    });
    expect(write.statusCode).toBe(403);
    expect(write.json().details).toEqual({ scope: 'cards:write' });
    // The same user's campaigns, with a token that holds the scope.
    const { secret: campaigns } = await newToken(session, ['campaigns']);
    expect((await t.app.inject({ url: '/api/campaigns', headers: bearer(campaigns) })).statusCode).toBe(200);
  });

  it('refuses every token where no scope applies: account, tokens, sessions, password, admin area', async () => {
    const { session } = await signedInUser();
    const { id, secret } = await newToken(session, ['cards:read', 'cards:write', 'messages:read', 'audience', 'campaigns', 'billing:read']);
    const calls = [
      { method: 'POST', url: '/api/tokens', payload: { name: 'child', scopes: ['cards:read'], expiresIn: '30' } },
      { method: 'GET', url: '/api/tokens' },
      { method: 'DELETE', url: `/api/tokens/${id}` },
      { method: 'GET', url: '/api/sessions' },
      { method: 'GET', url: '/api/account/personal' },
      { method: 'PUT', url: '/api/account/password', payload: { currentPassword: 'x', password: 'y' } },
      { method: 'GET', url: '/api/options' },
      { method: 'GET', url: '/api/admin/users' },
    ] as const;
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: bearer(secret) });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(res.json().code).toBe('auth.token_not_allowed');
    }
    expect((await t.app.inject({ url: '/api/tokens', headers: bearer(session) })).json().data).toHaveLength(1);
  });

  it('answers 401 once revoked, at once, even while cached', async () => {
    const { session } = await signedInUser();
    const { id, secret } = await newToken(session, ['billing:read']);
    expect((await t.app.inject({ url: '/api/invoices', headers: bearer(secret) })).statusCode).toBe(200);
    const revoke = await t.app.inject({ method: 'DELETE', url: `/api/tokens/${id}`, headers: bearer(session) });
    expect(revoke.statusCode).toBe(200);
    const after = await t.app.inject({ url: '/api/invoices', headers: bearer(secret) });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('auth.unauthenticated');
    expect((await t.app.inject({ url: '/api/tokens', headers: bearer(session) })).json().data).toEqual([]);
    // Revoked twice: unknown.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/tokens/${id}`, headers: bearer(session) })).statusCode).toBe(404);

    // Both facts are in the owner's history, with the token's name.
    await queueIdle(t.app, 'event.');
    const history = (await t.app.inject({ url: '/api/historial?limit=100', headers: bearer(session) })).json().data as {
      action: string;
      targetId: string | null;
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
    }[];
    const mine = history.filter((event) => event.targetId === id);
    expect(mine.map((event) => event.action).sort()).toEqual(['token.created', 'token.revoked']);
    expect(mine.find((event) => event.action === 'token.created')!.after).toMatchObject({ name: 'script 1', scopes: ['billing:read'] });
    expect(mine.find((event) => event.action === 'token.revoked')!.before).toEqual({ name: 'script 1' });
  });

  it('answers 401 within moments when the token is deleted out of band (another process, or by hand)', async () => {
    const { session } = await signedInUser();
    const { id, secret } = await newToken(session, ['billing:read']);
    expect((await t.app.inject({ url: '/api/invoices', headers: bearer(secret) })).statusCode).toBe(200);
    await t.db.delete(apiTokens).where(eq(apiTokens.id, id));
    await waitFor(
      async () => ((await t.app.inject({ url: '/api/invoices', headers: bearer(secret) })).statusCode === 401 ? true : undefined),
      'the cached token to be dropped',
      5000,
    );
  });

  it('answers 401 once expired: an expiry in the past, and the clock moved past 30 days', async () => {
    const { session } = await signedInUser();
    const past = await newToken(session, ['billing:read']);
    await t.db
      .update(apiTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(apiTokens.id, past.id));
    expect((await t.app.inject({ url: '/api/datasuscription', headers: bearer(past.secret) })).statusCode).toBe(401);

    const month = await newToken(session, ['billing:read'], '30');
    expect((await t.app.inject({ url: '/api/datasuscription', headers: bearer(month.secret) })).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 30 * 86_400_000 + 1000 });
    try {
      expect((await t.app.inject({ url: '/api/datasuscription', headers: bearer(month.secret) })).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
    }
    // A token that never expires still works a year on.
    const forever = await newToken(session, ['billing:read'], 'never');
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 400 * 86_400_000 });
    try {
      expect((await t.app.inject({ url: '/api/datasuscription', headers: bearer(forever.secret) })).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers 401 to an unknown token with the prefix', async () => {
    const res = await t.app.inject({ url: '/api/profiles?kind=card', headers: bearer(`${API_TOKEN_PREFIX}nothing-like-this`) });
    expect(res.statusCode).toBe(401);
  });

  it('answers 404 when revoking another user’s token, which keeps working', async () => {
    const owner = await signedInUser();
    const other = await signedInUser();
    const { id, secret } = await newToken(owner.session, ['cards:read']);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/tokens/${id}`, headers: bearer(other.session) });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('record.not_found');
    expect((await t.app.inject({ url: '/api/profiles?kind=card', headers: bearer(secret) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/tokens', headers: bearer(other.session) })).json().data).toEqual([]);
  });
});

describe('the scope table and the OpenAPI document', () => {
  it('names only real operations, and documents each one’s scope', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    const doc = res.json<OpenAPIV3.Document>();
    expect(doc.components?.securitySchemes?.personalAccessToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const [key, scope] of Object.entries(TOKEN_SCOPES)) {
      const [method, path] = key.split(' ') as [string, string];
      const op = doc.paths[path]?.[method.toLowerCase() as 'get'];
      expect(op, key).toBeDefined();
      expect((op as Record<string, unknown> | undefined)?.['x-scopes'], key).toEqual([scope]);
      expect(op!.security, key).toEqual([{ bearer: [] }, { personalAccessToken: [] }]);
      expect(op!.description, key).toContain(`\`${scope}\``);
    }
    expect((doc.paths['/api/tokens']?.post as Record<string, unknown>)['x-scopes']).toBeUndefined();
  });
});

describe('the rate limit per token', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestApp({ API_TOKEN_RATE_PER_MINUTE: '3' });
  });
  afterAll(() => limited.close());

  it('answers 429 with Retry-After past the limit, for that token only', async () => {
    const user = await insertUser(limited.db);
    const session = await login(limited.app, user);
    const tokenOf = async () => {
      const res = await limited.app.inject({
        method: 'POST',
        url: '/api/tokens',
        headers: bearer(session),
        payload: { name: 'busy', scopes: ['cards:read'], expiresIn: '30' },
      });
      return res.json<{ data: { secret: string } }>().data.secret;
    };
    const busy = await tokenOf();
    const calm = await tokenOf();
    for (let i = 0; i < 3; i++)
      expect((await limited.app.inject({ url: '/api/profiles?kind=card', headers: bearer(busy) })).statusCode).toBe(200);
    const over = await limited.app.inject({ url: '/api/profiles?kind=card', headers: { ...bearer(busy), 'accept-language': 'en' } });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ ok: 0, code: 'request.throttled' });
    expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await limited.app.inject({ url: '/api/profiles?kind=card', headers: bearer(calm) })).statusCode).toBe(200);
    // The signed-in session is not limited by its tokens.
    expect((await limited.app.inject({ url: '/api/profiles?kind=card', headers: bearer(session) })).statusCode).toBe(200);
  });
});
