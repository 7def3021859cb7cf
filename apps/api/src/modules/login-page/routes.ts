import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locale } from '@enlaza/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pageLocale } from '../public-profile/index.js';
import { HEAD_SCRIPT_HASH, renderLoginPage, renderRegisterPage, type LoginPageAssets, type RegisterAccountType } from './page.js';

/** The built script, stylesheet and fonts to preload of the page (written by apps/web/build/public-page.mjs). */
function readAssets(webDist: string, name: 'login-page' | 'register-page'): LoginPageAssets | null {
  const manifest = join(webDist, `${name}.json`);
  if (!existsSync(manifest)) return null;
  const parsed = JSON.parse(readFileSync(manifest, 'utf8')) as Partial<LoginPageAssets>;
  return { js: parsed.js ?? null, css: parsed.css ?? null, fonts: parsed.fonts ?? [] };
}

/** Sends one of the entry pages: never cached, in the visitor's language, its head script allowed by hash. */
function sendPage(request: FastifyRequest, reply: FastifyReply, render: (locale: Locale) => string) {
  const locale = pageLocale(request.headers['accept-language'], 'jp');
  const csp = reply.getHeader('content-security-policy');
  if (typeof csp === 'string')
    reply.header('content-security-policy', csp.replace("script-src 'self'", `script-src 'self' ${HEAD_SCRIPT_HASH}`));
  return reply
    .header('cache-control', 'no-store')
    .header('vary', 'accept-language')
    .header('content-language', locale === 'jp' ? 'ja' : locale)
    .type('text/html; charset=utf-8')
    .send(render(locale));
}

/**
 * `GET /` and `GET /register` without a query: the sign-in and registration pages rendered by the
 * server with their own small scripts, so a first visit does not download the SPA. Any query
 * (`/?forgot=1`, the forgot-password panel) is the SPA's. Their language is the SPA's rule for a
 * visitor (Accept-Language if en/es/ja, else jp); the script switches to a language saved in the browser.
 */
export function registerLoginPage(
  app: FastifyInstance,
  options: {
    webDist: string;
    countryLookupUrl: string;
    publicUrl: string;
    accountTypes: (locale: Locale) => Promise<RegisterAccountType[]>;
  },
) {
  const login = readAssets(options.webDist, 'login-page');
  const register = readAssets(options.webDist, 'register-page');
  app.get('/', (request, reply) => {
    if (request.url !== '/' || !login) return app.sendSpa(request, reply);
    return sendPage(request, reply, (locale) =>
      renderLoginPage({ locale, csrfToken: app.issueCsrfToken(request, reply), countryLookupUrl: options.countryLookupUrl, assets: login }),
    );
  });
  app.get('/register', async (request, reply) => {
    if (request.url !== '/register' || !register) return app.sendSpa(request, reply);
    const locale = pageLocale(request.headers['accept-language'], 'jp');
    const accountTypes = await options.accountTypes(locale);
    const host = new URL(options.publicUrl).host;
    return sendPage(request, reply, (page) =>
      renderRegisterPage({
        locale: page,
        csrfToken: app.issueCsrfToken(request, reply),
        countryLookupUrl: options.countryLookupUrl,
        assets: register,
        accountTypes,
        host,
      }),
    );
  });
}
