import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locale } from '@enlaza/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hmac, safeEqual } from '../../lib/crypto.js';
import { matchLocale } from '../../lib/i18n.js';
import { renderNotAvailablePage, renderProfilePage, type PageAssets } from './page/document.js';
import { renderDirectoryPage } from './page/directory.js';
import { openGraphTags } from './page/meta.js';
import { RenderedPages } from './page/rendered-pages.js';
import { requestEncoding } from '../../platform/compression.js';
import { remembered } from '../../lib/remembered.js';
import { profileCacheTiming, type PublicProfileService } from './service.js';
import { SHORT_SLUG } from '../profiles/index.js';

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

/** The built script, stylesheet and fonts to preload of the page (written by apps/web/build/public-page.mjs). */
function readAssets(webDist: string): PageAssets {
  const manifest = join(webDist, 'public-page.json');
  if (!existsSync(manifest)) return { js: null, css: null, fonts: [] };
  const parsed = JSON.parse(readFileSync(manifest, 'utf8')) as Partial<PageAssets>;
  return { js: parsed.js ?? null, css: parsed.css ?? null, fonts: parsed.fonts ?? [] };
}

const html = (reply: FastifyReply, status: number, body: string | Buffer) =>
  // Never cached by the browser or a shared cache: a visit must reach the server to be counted.
  reply.status(status).header('cache-control', 'no-store').header('vary', 'accept-language').type('text/html; charset=utf-8').send(body);

/**
 * The short link /link/{alias} (a redirect to the owner's main card, or a team's directory), and the HTML of /link/{alias}/{profileId}, rendered by the server from the public profile cache: the
 * whole card, readable and usable without JavaScript; 301 from an old alias; a translated 404 page
 * when the profile is not available. `?preview=<token>` is the owner's preview (see previewToken).
 */
export function registerPublicPage(
  app: FastifyInstance,
  options: {
    service: PublicProfileService;
    publicUrl: string;
    webDist: string;
    secret: string;
    pageCacheBytes: number;
    /** Which wallets' buttons cards show (configured ones only). */
    wallets?: { apple: boolean; google: boolean };
  },
) {
  const { service, publicUrl, secret } = options;
  const assets = readAssets(options.webDist);
  const rendered = new RenderedPages(options.pageCacheBytes);
  // The page's language as pageLocale (page/strings.ts) picks it; null (none of ours) is kept as '' so that `undefined` means "not seen yet".
  const visitorLocale = remembered((header) => matchLocale(header) ?? '');
  const localeFor = (acceptLanguage: string | undefined, ownerLocale: Locale): Locale => visitorLocale(acceptLanguage) || ownerLocale;

  // The short link printed at sign-up, in Opciones, on paper cards and tags: the owner's main card.
  // A redirect, not a copy of the page: the card has one address, where its visits are counted.
  app.get<{ Params: { alias: string } }>('/link/:alias', async (request, reply) => {
    const { alias } = request.params;
    const target = alias.length <= 60 ? await service.mainCardPath(alias) : null;
    // Not permanent: the main card is the owner's to change.
    if (target) return reply.header('cache-control', 'no-store').redirect(target, 302);
    // Teams share the aliases' namespace: a team's alias is its directory, when the team shows it.
    return serveDirectory(request, reply, alias);
  });

  /** A team's directory; `on`: at the team's custom domain (its address there; an old alias is followed, not redirected). */
  async function serveDirectory(request: FastifyRequest, reply: FastifyReply, alias: string, on?: { host: string }) {
    const locale = localeFor(request.headers['accept-language'], 'en');
    let directory = alias.length <= 60 ? await service.teamDirectory(alias) : null;
    if (on && directory && 'redirect' in directory) directory = await service.teamDirectory(directory.redirect.replace(/^\/link\//, ''));
    if (directory && 'redirect' in directory) return reply.header('cache-control', 'no-store').redirect(directory.redirect, 301);
    if (!directory) return html(reply, 404, renderNotAvailablePage({ locale, assets }));
    reply.header('content-language', locale === 'jp' ? 'ja' : locale);
    const url = on ? `https://${on.host}/` : `${publicUrl}/link/${directory.team.alias}`;
    return html(reply, 200, renderDirectoryPage(directory, { locale, assets, url }));
  }

  /**
   * A card's or tag's page. `on`: served at the owner's custom domain (`https://<host>/`): that is
   * its address in the page (canonical, sharing tags), a changed alias is followed instead of
   * redirected (the domain stays the address), and there is no preview there.
   */
  async function serveProfile(
    request: FastifyRequest<{ Querystring: { preview?: string; posts?: string } }>,
    reply: FastifyReply,
    alias: string,
    profileId: string,
    on?: { host: string },
  ) {
    const acceptLanguage = request.headers['accept-language'];
    const valid = UUID.test(profileId) && alias.length <= 60;
    const token = !on && typeof request.query.preview === 'string' ? request.query.preview : null;
    const preview = Boolean(valid && token && validPreviewToken(secret, profileId, token));
    // The visitor as Fastify sees them behind the trusted proxies (TRUST_PROXY): hashed with the day's salt, never stored.
    const visitor = { ip: request.ip, userAgent: request.headers['user-agent'] };
    let found = !valid ? null : preview ? await service.preview(profileId) : await service.visit(alias, profileId, visitor);
    // At a custom domain the card's alias may have changed since the host was read: follow it.
    if (on && found && found.profile.alias !== alias) found = await service.visit(found.profile.alias, profileId, visitor);
    if (!found) return html(reply, 404, renderNotAvailablePage({ locale: localeFor(acceptLanguage, 'en'), assets }));
    const { profile, visibility, ownerLocale } = found;
    if (!preview && profile.alias !== alias) return reply.redirect(profile.canonicalPath, 301);
    const locale = localeFor(acceptLanguage, ownerLocale);
    // A card with a verified custom domain has that as its address, wherever the page is read.
    const host = on?.host ?? (preview ? null : await service.customDomainOf(profile.id));
    const origin = host ? `https://${host}` : publicUrl;
    const url = host ? `${origin}/` : `${publicUrl}${profile.canonicalPath}`;
    if (preview) {
      // Shown in an iframe of the owner's screen (same origin only), never indexed.
      const csp = reply.getHeader('content-security-policy');
      if (typeof csp === 'string') reply.header('content-security-policy', csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'"));
      reply.header('x-frame-options', 'SAMEORIGIN').header('x-robots-tag', 'noindex');
    }
    reply.header('content-language', locale === 'jp' ? 'ja' : locale);
    // `?posts=` is a later page of the wall (a plain link: works without JavaScript).
    const postsCursor = typeof request.query.posts === 'string' && request.query.posts.length <= 200 ? request.query.posts : null;
    const paged = Boolean(postsCursor && !preview);
    const wall = paged ? await service.wallPage(profile, postsCursor!) : found.wall;
    const render = () =>
      renderProfilePage(profile, {
        locale,
        head: openGraphTags(profile, url, preview ? 'unlisted' : visibility, origin),
        url,
        assets,
        preview,
        wall,
        wallPaged: paged,
        wallets: options.wallets,
      });
    const profileCache = profileCacheTiming(found);
    if (paged) reply.header('server-timing', profileCache);
    if (preview || paged) return html(reply, 200, render());
    const encoding = requestEncoding(request);
    const page = rendered.get(found, locale, encoding, render, host ?? '');
    // The profile cache's answer, then the rendered-page cache's (the benchmark counts both).
    reply.header('server-timing', `${profileCache}, page;desc=${page.hit ? 'hit' : 'miss'}`);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return html(reply, 200, page.body);
  }

  app.get<{ Params: { alias: string; profileId: string }; Querystring: { preview?: string; posts?: string } }>(
    '/link/:alias/:profileId',
    async (request, reply) => {
      const { alias, profileId } = request.params;
      // A card's short link, as the owner's screens share it: to its full address, where visits are counted.
      if (SHORT_SLUG.test(profileId) && alias.length <= 60) {
        const target = await service.shortLinkPath(alias, profileId);
        if (target) return reply.header('cache-control', 'no-store').redirect(target, 302);
        return html(reply, 404, renderNotAvailablePage({ locale: localeFor(request.headers['accept-language'], 'en'), assets }));
      }
      return serveProfile(request, reply, alias, profileId);
    },
  );

  return { serveProfile, serveDirectory };
}
