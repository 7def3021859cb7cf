import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localeFromHeader } from '../../src/lib/i18n.js';
import { healthRoutes } from '../../src/modules/health/routes.js';
import { createTestApp, type TestContext } from '../helpers/test-app.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('errors', () => {
  it('answers unknown /api paths with 404 JSON in the request language', async () => {
    const res = await t.app.inject({ url: '/api/does-not-exist', headers: { 'accept-language': 'es-ES,es;q=0.9' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ ok: 0, code: 'request.not_found', message: 'Esta dirección no existe.' });
    expect((await t.app.inject({ method: 'POST', url: '/api/nothing/here' })).statusCode).toBe(404);
  });

  it('names each plugin by its function, as Fastify would, in what it prints of them', () => {
    // platform/plugin-names.ts gives the name first, sparing Fastify's search of every loaded module.
    const plugins = t.app.printPlugins();
    for (const name of ['profileRoutes', 'authRoutes', 'walletRoutes', 'healthRoutes']) expect(plugins).toContain(name);
    // Given before Fastify's search: Fastify alone would reach the same names without setting this.
    expect((healthRoutes as unknown as Record<symbol, unknown>)[Symbol.for('fastify.display-name')]).toBe('healthRoutes');
  });

  it('serves the SPA for unknown page paths with a real 404 (the SPA shows its 404 page)', async () => {
    const res = await t.app.inject({ url: '/some/unknown/page' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root">');
  });

  it('caches hashed assets for a year and revalidates the other files', async () => {
    const asset = await t.app.inject({ url: '/assets/app-Ab12Cd34.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const other = await t.app.inject({ url: '/robots.txt' });
    expect(other.statusCode).toBe(200);
    expect(other.headers['cache-control']).toBe('no-cache');
    expect((await t.app.inject({ url: '/some/page' })).headers['cache-control']).toBe('no-store');
  });

  it('picks the language from Accept-Language: en, es, jp (ja), English otherwise', () => {
    expect(localeFromHeader(undefined)).toBe('en');
    expect(localeFromHeader('fr-FR,es;q=0.8,en;q=0.5')).toBe('es');
    expect(localeFromHeader('ja')).toBe('jp');
    expect(localeFromHeader('jp')).toBe('jp');
    expect(localeFromHeader('de, en;q=0')).toBe('en');
    expect(localeFromHeader('en;q=0.1, es;q=0.9')).toBe('es');
  });

  it('has security headers with a content security policy', async () => {
    const res = await t.app.inject({ url: '/' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain('connect-src');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the same security headers on an API answer, a 404 and an error as helmet itself would', async () => {
    for (const url of ['/api/health', '/api/no-such-route', '/api/user']) {
      const res = await t.app.inject({ url });
      expect(res.headers['strict-transport-security'], url).toMatch(/^max-age=\d+; includeSubDomains$/);
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(res.headers['content-security-policy'], url).not.toContain('upgrade-insecure-requests');
      expect(res.headers['cross-origin-embedder-policy'], url).toBeUndefined();
      expect(res.headers['permissions-policy'], url).toContain('camera=()');
    }
  });
});

describe('health', () => {
  it('reports the process and the database', async () => {
    expect((await t.app.inject({ url: '/api/health' })).json()).toEqual({ ok: 1, status: 'up' });
    expect((await t.app.inject({ url: '/api/ready' })).json()).toEqual({ ok: 1, database: 'up' });
  });
});

describe('OpenAPI', () => {
  it('documents every call from the contracts', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of ['/api/login', '/api/logout', '/api/user', '/api/datasuscription', '/api/envio/data', '/api/health', '/api/ready'])
      expect(doc.paths).toHaveProperty([path]);
    expect(doc.paths['/api/login'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('email');
    const ui = await t.app.inject({ url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });
});
