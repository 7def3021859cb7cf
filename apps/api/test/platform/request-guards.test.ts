import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS_POLICY } from '../../src/app.js';
import { ADMIN, DEMO, bearer, createTestApp, login, type TestContext } from '../helpers/test-app.js';

let t: TestContext;
let userToken: string;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  userToken = await login(t.app, DEMO);
  adminToken = await login(t.app, ADMIN);
});
afterAll(() => t.close());

const UUID = '00000000-0000-4000-8000-000000000000';
const deepJson = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

/** Every documented call that takes a JSON body, with its path parameters filled in. */
function jsonBodyCalls(): { method: string; url: string }[] {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>> };
  const calls: { method: string; url: string }[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!operation.requestBody?.content?.['application/json']) continue;
      calls.push({ method: method.toUpperCase(), url: path.replace(/\{[^}]+\}/g, (name) => (/id\}$/i.test(name) ? UUID : 'demo')) });
    }
  }
  return calls;
}

describe('JSON nested very deeply', () => {
  it('answers a clear, translated 4xx on every JSON-body call, signed in or not', async () => {
    const calls = jsonBodyCalls();
    expect(calls.length).toBeGreaterThanOrEqual(29);
    const payload = deepJson(20_000);
    for (const { method, url } of calls) {
      for (const token of [null, userToken, adminToken]) {
        const res = await t.app.inject({
          method: method as 'POST',
          url,
          payload,
          headers: { 'content-type': 'application/json', 'accept-language': 'es', ...(token && bearer(token)) },
        });
        expect(res.statusCode, `${method} ${url} ${token ? 'signed in' : 'signed out'}: ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
        expect(res.json()).toMatchObject({ ok: 0, code: expect.any(String), message: expect.any(String) });
      }
    }
  });

  it('names the problem, in the request language', async () => {
    for (const token of [null, userToken]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: deepJson(20_000),
        headers: { 'content-type': 'application/json', 'accept-language': 'es', ...(token && bearer(token)) },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        ok: 0,
        code: 'request.too_deep',
        message: 'El cuerpo de la petición tiene demasiados niveles anidados.',
      });
    }
    const signedIn = await t.app.inject({
      method: 'PUT',
      url: '/api/user',
      payload: deepJson(20_000),
      headers: { 'content-type': 'application/json', ...bearer(userToken) },
    });
    expect(signedIn.statusCode).toBe(422);
    expect(signedIn.json().code).toBe('request.too_deep');
  });

  it('still reads ordinary nesting, and still refuses a NUL character', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: DEMO.email, password: DEMO.password } })).statusCode,
    ).toBe(200);
    const nul = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'a@b.example', password: 'x\u0000y' } });
    expect(nul.statusCode).toBe(422);
    expect(nul.json()).toMatchObject({ code: 'validation.failed', errors: { password: [expect.any(String)] } });
  });
});

describe('response headers', () => {
  it('marks answers to a signed-in request no-store', async () => {
    for (const url of ['/api/user', '/api/files', '/api/files/usage']) {
      const res = await t.app.inject({ url, headers: bearer(userToken) });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const admin = await t.app.inject({ url: '/api/admin/users', headers: bearer(adminToken) });
    expect(admin.headers['cache-control']).toBe('no-store');
  });

  it('limits powerful browser features: geolocation for the site only, no camera, microphone or payment', async () => {
    for (const url of ['/api/health', '/', '/link/demo/x']) {
      const policy = String((await t.app.inject({ url })).headers['permissions-policy']);
      expect(policy, url).toBe(PERMISSIONS_POLICY);
      const directives = Object.fromEntries(policy.split(',').map((d) => d.trim().split('=') as [string, string]));
      expect(directives).toMatchObject({ geolocation: '(self)', camera: '()', microphone: '()', payment: '()' });
    }
  });
});

describe('a URL with bytes that are not UTF-8', () => {
  it('answers 400 with the app’s error shape, translated', async () => {
    for (const url of ['/api/user/%E0%A4%A', '/api/files/%E0%A4%A/content?exp=1&sig=2', '/%E0%A4%A']) {
      const res = await t.app.inject({ url, headers: { 'accept-language': 'jp' } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({
        ok: 0,
        code: 'request.invalid_url',
        message: 'このアドレスには読み取れない文字が含まれています。',
      });
    }
  });
});
