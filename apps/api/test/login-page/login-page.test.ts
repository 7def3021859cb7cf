import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_STRINGS } from '@enlaza/contracts/page-strings';
import { createTestApp, type TestContext } from '../helpers/test-app.js';

const { auth: enAuth } = PAGE_STRINGS.en;
const { auth: esAuth, register: esRegister } = PAGE_STRINGS.es;
const { auth: jpAuth } = PAGE_STRINGS.jp;

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const page = (acceptLanguage?: string, url = '/') =>
  t.app.inject({ url, headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {} });

describe('the server-rendered sign-in page (GET /)', () => {
  it('renders the form in the Accept-Language’s language, with the CSRF and country lookup meta tags, never cached', async () => {
    const res = await page('es-ES,es;q=0.9,en;q=0.5');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['vary']).toContain('accept-language');
    expect(res.body).toContain('<html lang="es">');
    expect(res.body).toMatch(/<meta name="csrf-token" content="[\w-]{20,}">/);
    expect(res.body).toContain('<meta name="country-lookup-url" content="https://lookup.example/s">');
    // The SPA's own texts (its auth namespace), not copies.
    expect(res.body).toContain(`<h1 id="lp-title" class="lp-title" data-i18n="auth:login.title">${esAuth.login.title}</h1>`);
    expect(res.body).toContain(esAuth.login.subtitle);
    // What Enlaza is, in one line above the form, switched with the language like every text.
    expect(res.body).toContain(
      `<p class="lp-pitch" data-i18n="auth:login.tagline" data-testid="login-tagline">${esAuth.login.tagline}</p>`,
    );
    expect(res.body).toMatch(
      /<input id="lp-email"[^>]*type="email"[^>]*autocomplete="username"[^>]*autofocus[^>]*data-testid="login-email">/,
    );
    expect(res.body).toMatch(
      /<input id="lp-password"[^>]*type="password"[^>]*autocomplete="current-password"[^>]*data-testid="login-password">/,
    );
    expect(res.body).toContain('data-testid="login-submit"');
    expect(res.body).toContain('href="/?forgot=1"');
    expect(res.body).toContain('href="/register"');
    expect(res.body).toContain('<option value="es" selected>Español</option>');
    // The page's own script and stylesheet, as built.
    expect(res.body).toContain('<script type="module" src="/assets/login-page-test.js"></script>');
    expect(res.body).toContain('<link rel="stylesheet" href="/assets/login-page-test.css">');
    // The font of the first frame, fetched with the HTML (crossorigin: a font is fetched in CORS mode, or the preload is wasted).
    expect(res.body).toContain('<link rel="preload" href="/assets/inter-latin-test.woff2" as="font" type="font/woff2" crossorigin>');
  });

  it('follows the SPA’s rule: ja is jp, an unknown or missing language is jp, English is English', async () => {
    expect((await page('ja-JP')).body).toContain(jpAuth.login.subtitle);
    expect((await page('fr-FR')).body).toContain('<html lang="ja">');
    expect((await page()).body).toContain('<html lang="ja">');
    const english = await page('en-GB,en;q=0.9');
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain(enAuth.login.subtitle);
    expect(english.headers['content-language']).toBe('en');
  });

  it('allows only its own inline script by hash in the Content-Security-Policy', async () => {
    const res = await page('en');
    const inline = /<script>(.*?)<\/script>/.exec(res.body)?.[1] ?? '';
    expect(inline).toContain('access_token');
    const hash = createHash('sha256').update(inline).digest('base64');
    expect(res.headers['content-security-policy']).toContain(`script-src 'self' 'sha256-${hash}'`);
  });

  it('answers HEAD too, and leaves any query (the forgot-password panel) to the SPA', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: '/', headers: { 'accept-language': 'en' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toContain('text/html');
    const forgot = await page('en', '/?forgot=1');
    expect(forgot.statusCode).toBe(200);
    expect(forgot.body).not.toContain('lp-form');
    expect(forgot.body).toMatch(/<meta name="csrf-token" content="[\w-]{20,}">/);
  });
});

describe('the server-rendered registration page (GET /register)', () => {
  it('renders the whole form in the visitor’s language with the account types (personal first chosen), never cached', async () => {
    const res = await page('es', '/register');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('<html lang="es">');
    expect(res.body).toContain(`<title>${esRegister.title} · Enlaza</title>`);
    expect(res.body).toMatch(/<meta name="csrf-token" content="[\w-]{20,}">/);
    for (const testid of [
      'register-name',
      'register-alias',
      'register-email',
      'register-password',
      'register-account-type',
      'register-accept',
      'register-submit',
    ])
      expect(res.body).toContain(`data-testid="${testid}"`);
    expect(res.body).toMatch(/<input id="rp-password"[^>]*type="password"[^>]*autocomplete="new-password"/);
    // The password hint is in the page from the start: written by the script, it pushed every field below it down (a layout shift).
    expect(res.body).toContain(`<span id="rp-strength-hint">${esRegister.strength.hint.replace('{{min}}', '10')}</span>`);
    // The seeded account types, named in Spanish, the one without a tax id chosen.
    const options = [...res.body.matchAll(/<option value="([0-9a-f-]{36})"( selected)?>([^<]+)<\/option>/g)].map((m) => ({
      selected: Boolean(m[2]),
      name: m[3],
    }));
    expect(options.map((o) => o.name).sort()).toEqual(['Empresa', 'Personal']);
    expect(options.find((o) => o.selected)?.name).toBe('Personal');
    // "Check your email" is in the page, hidden until the form is sent.
    expect(res.body).toMatch(/<div id="rp-sent-step"[^>]*data-testid="register-sent" hidden>/);
    expect(res.body).toContain('<script type="module" src="/assets/register-page-test.js"></script>');
  });

  it('leaves any other address under /register to the SPA (the verification link)', async () => {
    const res = await page('en', '/register/verify/abc');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('data-testid="register-form"');
    expect((await page('en', '/register?from=x')).body).not.toContain('rp-form');
  });
});
