import { eq } from 'drizzle-orm';
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TOKEN_SCOPES, type ApiTokenScope } from '@enlaza/contracts';
import { apiTokens } from '../../src/db/schema/index.js';
import { SOME_ID } from '../helpers/admin-only.js';
import { routesOf } from '../helpers/route-list.js';
import { bearer, createTestApp, insertUser, login, type TestContext } from '../helpers/test-app.js';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const READ_SCOPES = API_TOKEN_SCOPES.filter((scope) => scope.endsWith(':read'));

let t: TestContext;
beforeAll(async () => {
  // Every write route is called three times per token within the minute: the per-token limit is not what is tested here.
  t = await createTestApp({ API_TOKEN_RATE_PER_MINUTE: '100000' });
});
afterAll(() => t.close());

async function token(session: string, scopes: ApiTokenScope[]): Promise<{ id: string; secret: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/tokens',
    headers: bearer(session),
    payload: { name: `script with ${scopes.length} scopes`, scopes, expiresIn: '30' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().data.token.id, secret: res.json().data.secret };
}

/** A route with every path parameter filled in (an id that names nothing: the scope check answers first). */
const callOf = (method: string, url: string) => ({
  method: method as 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: url.replace(/:\w+/g, SOME_ID).replace(/\*/g, 'x'),
  ...(method === 'DELETE' ? {} : { payload: {} }),
});
const answerOf = (res: { statusCode: number; body: string }) => {
  try {
    return { status: res.statusCode, code: (JSON.parse(res.body) as { code?: string }).code };
  } catch {
    return { status: res.statusCode, code: undefined };
  }
};

describe('every write route of the app, called with a token that lacks its scope', () => {
  it('answers 403 before any validation or lookup: to a read-only token and to a token without scopes', async () => {
    const session = await login(t.app, await insertUser(t.db));
    const everything = await token(session, [...API_TOKEN_SCOPES]);
    const readOnly = await token(session, READ_SCOPES);
    // No scope at all is refused when a token is made; a row that has none anyway must open nothing.
    const none = await token(session, ['billing:read']);
    await t.db.update(apiTokens).set({ scopes: [] }).where(eq(apiTokens.id, none.id));

    const all = routesOf(t.app);
    // The router's list holds at least every write operation the OpenAPI document shows.
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json<OpenAPIV3.Document>();
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops ?? {})
        .map((m) => m.toUpperCase())
        .filter((m) => WRITES.has(m))
        .map((m) => `${m} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    const listed = new Set(all.map((r) => `${r.method} ${r.url}`));
    expect(documented.filter((op) => !listed.has(op))).toEqual([]);

    // The write routes behind a sign-in: without credentials they answer 401 auth.unauthenticated.
    const signedIn: string[] = [];
    for (const { method, url } of all.filter((r) => WRITES.has(r.method))) {
      if (answerOf(await t.app.inject(callOf(method, url))).code === 'auth.unauthenticated') signedIn.push(`${method} ${url}`);
    }
    expect(signedIn.length).toBeGreaterThan(50);

    const answers: string[] = [];
    const expected: string[] = [];
    const mayCall: string[] = [];
    for (const route of signedIn) {
      const [method, url] = route.split(' ') as [string, string];
      const call = callOf(method, url);
      // A route no scope covers refuses every token; the others refuse a token without their scope.
      const allowed = answerOf(await t.app.inject({ ...call, headers: bearer(everything.secret) })).code !== 'auth.token_not_allowed';
      if (allowed) mayCall.push(route);
      const code = allowed ? 'auth.token_scope_missing' : 'auth.token_not_allowed';
      for (const [who, secret] of [
        ['read-only', readOnly.secret],
        ['no scope', none.secret],
      ] as const) {
        const answer = answerOf(await t.app.inject({ ...call, headers: bearer(secret) }));
        answers.push(`${route} as ${who} → ${answer.status} ${answer.code}`);
        expected.push(`${route} as ${who} → 403 ${code}`);
      }
    }
    expect(answers).toEqual(expected);
    // Not a list of refusals only: tokens may write through these, given the scope.
    expect(mayCall).toEqual(expect.arrayContaining(['PUT /api/profiles/:id', 'POST /api/campaigns', 'DELETE /api/labels/:id']));
    // Three requests per write route, several hundred in all: a limit for a test that never ends, not a
    // speed check (it passed 60 s on a loaded 2-core machine, .ci/run's first pass beside the browser tests).
  }, 180_000);
});
