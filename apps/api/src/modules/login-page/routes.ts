import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { pageLocale } from '../public-profile/page/strings.js';
import { HEAD_SCRIPT_HASH, renderLoginPage, type LoginPageAssets } from './page.js';

/** The built script and stylesheet of the page (written by apps/web/build/public-page.mjs). */
function readAssets(webDist: string): LoginPageAssets | null {
  const manifest = join(webDist, 'login-page.json');
  if (!existsSync(manifest)) return null;
  const parsed = JSON.parse(readFileSync(manifest, 'utf8')) as Partial<LoginPageAssets>;
  return { js: parsed.js ?? null, css: parsed.css ?? null };
}

/**
 * `GET /` without a query: the sign-in page rendered by the server with its own small script, so a
 * first visit does not download the SPA. Any query (`/?forgot=1`, the forgot-password panel) is the SPA's.
 * Its language is the SPA's rule for a visitor (Accept-Language if en/es/ja, else jp); the script
 * switches to a language saved in the browser.
 */
export function registerLoginPage(app: FastifyInstance, options: { webDist: string; countryLookupUrl: string }) {
  const assets = readAssets(options.webDist);
  app.get('/', (request, reply) => {
    if (request.url !== '/' || !assets) return app.sendSpa(request, reply);
    const locale = pageLocale(request.headers['accept-language'], 'jp');
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string') reply.header('content-security-policy', csp.replace("script-src 'self'", `script-src 'self' ${HEAD_SCRIPT_HASH}`));
    const body = renderLoginPage({ locale, csrfToken: app.issueCsrfToken(request, reply), countryLookupUrl: options.countryLookupUrl, assets });
    return reply
      .header('cache-control', 'no-store')
      .header('vary', 'accept-language')
      .header('content-language', locale === 'jp' ? 'ja' : locale)
      .type('text/html; charset=utf-8')
      .send(body);
  });
}
