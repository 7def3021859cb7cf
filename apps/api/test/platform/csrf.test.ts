import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bearer, createTestApp, login, type TestContext } from '../helpers/test-app.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Loads the SPA page like a browser: the meta token and the cookie it pairs with. */
async function openPage() {
  const page = await t.app.inject({ url: '/user/dashboard', headers: { host: 'app.test' } });
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-type']).toContain('text/html');
  const token = /<meta name="csrf-token" content="([^"]+)">/.exec(page.body)?.[1];
  const setCookie = String(page.headers['set-cookie']);
  expect(setCookie).toMatch(/enlaza_csrf=[\w-]+; Path=\/; HttpOnly; SameSite=Lax/);
  return { token: token!, cookie: setCookie.split(';')[0]!, html: page.body };
}

const browserLogin = (headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: DEMO,
    headers: { host: 'app.test', origin: 'http://app.test', 'sec-fetch-site': 'same-origin', 'accept-language': 'en', ...headers },
  });

describe('CSRF', () => {
  it('puts the token and the country lookup URL in the page, never cached', async () => {
    const page = await t.app.inject({ url: '/' });
    expect(page.body).toMatch(/<meta name="csrf-token" content="[\w-]{20,}">/);
    expect(page.body).toContain('<meta name="country-lookup-url" content="https://lookup.example/s">');
    expect(page.body).not.toContain('<!--app-head-->');
    expect(page.headers['cache-control']).toBe('no-store');
  });

  it('keeps the same token for a browser that already has the cookie', async () => {
    const first = await openPage();
    const again = await t.app.inject({ url: '/', headers: { cookie: first.cookie } });
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(again.body).toContain(`content="${first.token}"`);
  });

  it('lets a same-site browser request with the page token through', async () => {
    const { token, cookie } = await openPage();
    const res = await browserLogin({ cookie, 'x-csrf-token': token });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a browser request without the token, or with a token of another browser', async () => {
    const mine = await openPage();
    const other = await openPage();
    const missing = await browserLogin({ cookie: mine.cookie });
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toMatchObject({ ok: 0, code: 'csrf.invalid', message: expect.stringContaining('Reload the page') as string });
    expect((await browserLogin({ cookie: mine.cookie, 'x-csrf-token': other.token })).statusCode).toBe(403);
    expect((await browserLogin({ 'x-csrf-token': mine.token })).statusCode).toBe(403);
  });

  it('treats a malformed cookie as no cookie (403, never 500)', async () => {
    const { token } = await openPage();
    const res = await browserLogin({ cookie: 'enlaza_csrf=%E0%A4%A', 'x-csrf-token': token });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('csrf.invalid');
  });

  it('refuses cross-site requests with a clear error, even with a token', async () => {
    const { token, cookie } = await openPage();
    const bySecFetch = await browserLogin({ cookie, 'x-csrf-token': token, 'sec-fetch-site': 'cross-site' });
    expect(bySecFetch.statusCode).toBe(403);
    expect(bySecFetch.json()).toMatchObject({ code: 'csrf.cross_site', message: 'This request came from another site and was refused.' });
    const byOrigin = await browserLogin({ cookie, 'x-csrf-token': token, origin: 'https://evil.example', 'sec-fetch-site': '' });
    expect(byOrigin.json().code).toBe('csrf.cross_site');
  });

  it('does not bother a script using a bearer token, nor a script without browser headers', async () => {
    const token = await login(t.app, DEMO);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/account/personal',
      headers: { ...bearer(token), origin: 'http://app.test', host: 'app.test' },
      payload: { name: 'Demo User', phone: null, country: null },
    });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/login', payload: DEMO })).statusCode).toBe(200);
  });
});
