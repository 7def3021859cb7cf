import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { hmac, safeEqual } from '../../lib/crypto.js';
import { renderNotAvailablePage, renderProfilePage, type PageAssets } from './page/document.js';
import { openGraphTags } from './page/meta.js';
import { pageLocale } from './page/strings.js';
import type { PublicProfileService } from './service.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** How long an owner's preview address works. */
export const PREVIEW_TTL_SECONDS = 10 * 60;

/** A short-lived signed address of a profile's page in preview mode (no visit counted, private profiles too). */
export function previewToken(secret: string, profileId: string, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + PREVIEW_TTL_SECONDS;
  return `${expires}.${hmac(secret, `preview:${profileId}:${expires}`)}`;
}

export function validPreviewToken(secret: string, profileId: string, token: string, now = Date.now()): boolean {
  const [expires = '', signature = ''] = token.split('.');
  if (!/^\d{1,12}$/.test(expires) || Number(expires) * 1000 < now) return false;
  return safeEqual(signature, hmac(secret, `preview:${profileId}:${expires}`));
}

/** The built script and stylesheet of the page (written by apps/web/build/public-page.mjs). */
function readAssets(webDist: string): PageAssets {
  const manifest = join(webDist, 'public-page.json');
  if (!existsSync(manifest)) return { js: null, css: null };
  const parsed = JSON.parse(readFileSync(manifest, 'utf8')) as Partial<PageAssets>;
  return { js: parsed.js ?? null, css: parsed.css ?? null };
}

const html = (reply: FastifyReply, status: number, body: string) =>
  // Never cached: the page carries this visitor's CSRF token, and a visit must reach the server to be counted.
  reply.status(status).header('cache-control', 'no-store').header('vary', 'accept-language').type('text/html; charset=utf-8').send(body);

/**
 * The HTML of /link/{alias}/{profileId}, rendered by the server from the public profile cache: the
 * whole card, readable and usable without JavaScript; 301 from an old alias; a translated 404 page
 * when the profile is not available. `?preview=<token>` is the owner's preview (see previewToken).
 */
export function registerPublicPage(app: FastifyInstance, options: { service: PublicProfileService; publicUrl: string; webDist: string; secret: string }) {
  const { service, publicUrl, secret } = options;
  const assets = readAssets(options.webDist);

  app.get<{ Params: { alias: string; profileId: string }; Querystring: { preview?: string } }>('/link/:alias/:profileId', async (request, reply) => {
    const { alias, profileId } = request.params;
    const acceptLanguage = request.headers['accept-language'];
    const valid = UUID.test(profileId) && alias.length <= 60;
    const token = typeof request.query.preview === 'string' ? request.query.preview : null;
    const preview = Boolean(valid && token && validPreviewToken(secret, profileId, token));
    const found = !valid ? null : preview ? await service.preview(profileId) : await service.visit(alias, profileId);
    if (!found) return html(reply, 404, renderNotAvailablePage({ locale: pageLocale(acceptLanguage, 'en'), assets }));
    const { profile, visibility, ownerLocale } = found;
    if (!preview && profile.alias !== alias) return reply.redirect(profile.canonicalPath, 301);
    const locale = pageLocale(acceptLanguage, ownerLocale);
    const url = `${publicUrl}${profile.canonicalPath}`;
    if (preview) {
      // Shown in an iframe of the owner's screen (same origin only), never indexed.
      const csp = reply.getHeader('content-security-policy');
      if (typeof csp === 'string') reply.header('content-security-policy', csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'"));
      reply.header('x-frame-options', 'SAMEORIGIN').header('x-robots-tag', 'noindex');
    }
    reply.header('content-language', locale === 'jp' ? 'ja' : locale);
    if (!preview) reply.header('server-timing', `cache;desc=${found.cached ? 'hit' : 'miss'}`);
    const head = openGraphTags(profile, url, preview ? 'unlisted' : visibility, publicUrl);
    return html(reply, 200, renderProfilePage(profile, { locale, head, csrfToken: app.issueCsrfToken(request, reply), url, assets, preview }));
  });
}
