import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, insertUser, login, type TestContext } from './test-app.js';

export type AdminRoute = `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /api/admin/${string}`;

/** An id for routes that name a record: the guard answers before anything is looked up. */
export const SOME_ID = '00000000-0000-4000-8000-000000000000';

/** The error code of a JSON answer; a route that let the request through may answer something else (a CSV…). */
function codeOf(body: string): string | undefined {
  try {
    return (JSON.parse(body) as { code?: string }).code;
  } catch {
    return undefined;
  }
}

/**
 * The admin-only routes of one module, checked in that module's own tests: each answers 401
 * without a session and 403 (`auth.forbidden`) to a signed-in customer, before doing anything.
 * Every answer is listed in one comparison, so a failure names each route that let someone through.
 */
export function describeAdminOnlyRoutes(area: string, routes: AdminRoute[]): void {
  describe(`${area}: admin-only routes`, () => {
    let t: TestContext;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t?.close());

    it('are all of the area’s admin routes the API documents', async () => {
      const doc = (await t.app.inject({ url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, { tags?: string[] }>> }>();
      const areaOf = (path: string) => path.split('/')[3];
      const areas = new Set(routes.map((route) => areaOf(route.split(' ')[1]!)));
      const documented = Object.entries(doc.paths).flatMap(([path, operations]) =>
        Object.entries(operations)
          .filter(([, operation]) => operation.tags?.includes('admin') && areas.has(areaOf(path)))
          .map(([method]) => `${method.toUpperCase()} ${path}`),
      );
      const listed = routes.map((route) => route.replaceAll(SOME_ID, '{id}'));
      expect([...documented].sort()).toEqual([...listed].sort());
    });

    it('answer 401 without a session and 403 to a signed-in customer', async () => {
      const customer = await login(t.app, await insertUser(t.db));
      const answers: string[] = [];
      for (const route of routes) {
        const [method, url] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string];
        const body = method === 'GET' ? {} : { payload: {} };
        const anonymous = await t.app.inject({ method, url, ...body });
        const asCustomer = await t.app.inject({ method, url, headers: bearer(customer), ...body });
        answers.push(`${route} → ${anonymous.statusCode}, customer ${asCustomer.statusCode} ${codeOf(asCustomer.body)}`);
      }
      expect(answers).toEqual(routes.map((route) => `${route} → 401, customer 403 auth.forbidden`));
    });
  });
}
