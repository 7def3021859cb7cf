import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../../lib/html.js';
import { localeFromHeader, translate } from '../../lib/i18n.js';
import { maskedEmail as masked, smallPage as page } from '../../lib/small-page.js';
import type { CampaignsService } from './service.js';

/**
 * The pages campaign emails link to outside /api: "view in browser" (`/v/…`) and unsubscribe (`/u/…`).
 *
 * The unsubscribe page of campaign emails, rendered on the server so it works signed out and without
 * JavaScript. GET shows the address and a button; POST (the button, or a mail client's RFC 8058
 * one-click `List-Unsubscribe=One-Click`) suppresses it for the sender. Outside /api, no session and
 * no CSRF token: the signed token is the only authority, and all it can do is unsubscribe its own address.
 */
export function registerUnsubscribePage(app: FastifyInstance, campaigns: CampaignsService): void {
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    scope.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null, ''));

    scope.get<{ Params: { token: string } }>('/u/:token', { schema: { hide: true } }, async (request, reply) => {
      const locale = localeFromHeader(request.headers['accept-language']);
      const t = (key: string, params: Record<string, string> = {}) => translate(locale, `unsubscribe.${key}`, params);
      const target = await campaigns.unsubscribeTarget(request.params.token);
      reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      if (!target)
        return reply
          .status(404)
          .send(page(locale, t('invalid_title'), `<h1>${escapeHtml(t('invalid_title'))}</h1><p>${escapeHtml(t('invalid_body'))}</p>`));
      return reply.send(
        page(
          locale,
          t('title'),
          `<h1>${escapeHtml(t('title'))}</h1><p>${escapeHtml(t('confirm', { email: masked(target.email) }))}</p><form method="post"><button type="submit">${escapeHtml(t('button'))}</button></form>`,
        ),
      );
    });

    // A recipient's email as a web page (its "view in browser" link): the same document, plain links,
    // no open pixel. Its own styles only: no script runs, images load from wherever the email's do.
    scope.get<{ Params: { token: string } }>('/v/:token', { schema: { hide: true } }, async (request, reply) => {
      const view = await campaigns.viewPage(request.params.token);
      reply
        .header('cache-control', 'private, no-store')
        .header('referrer-policy', 'no-referrer')
        .header('x-robots-tag', 'noindex')
        .header(
          'content-security-policy',
          "default-src 'none'; img-src https: http: data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'",
        );
      if (view) return reply.header('content-type', 'text/html; charset=utf-8').send(view.html);
      const locale = localeFromHeader(request.headers['accept-language']);
      const t = (key: string) => translate(locale, `unsubscribe.${key}`);
      return reply
        .status(404)
        .header('content-type', 'text/html; charset=utf-8')
        .send(page(locale, t('invalid_title'), `<h1>${escapeHtml(t('invalid_title'))}</h1><p>${escapeHtml(t('invalid_body'))}</p>`));
    });

    scope.post<{ Params: { token: string } }>('/u/:token', { schema: { hide: true } }, async (request, reply) => {
      const locale = localeFromHeader(request.headers['accept-language']);
      const t = (key: string) => translate(locale, `unsubscribe.${key}`);
      const done = await campaigns.unsubscribe(request.params.token);
      reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      if (!done)
        return reply
          .status(404)
          .send(page(locale, t('invalid_title'), `<h1>${escapeHtml(t('invalid_title'))}</h1><p>${escapeHtml(t('invalid_body'))}</p>`));
      return reply.send(page(locale, t('done_title'), `<h1>${escapeHtml(t('done_title'))}</h1><p>${escapeHtml(t('done_body'))}</p>`));
    });
  });
}
