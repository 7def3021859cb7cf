import type { FastifyInstance, FastifyReply } from 'fastify';
import { escapeHtml } from '../../lib/html.js';
import { localeFromHeader, translate } from '../../lib/i18n.js';
import { maskedEmail, smallPage } from '../../lib/small-page.js';
import type { ConfirmationPage, Consents } from './consents.js';

/**
 * The page a confirmation email links to (`/confirmar/{token}`), rendered on the server in the
 * language the person gave their consent in: GET shows the address and one button and changes
 * nothing (mail scanners open links); the button's POST confirms. Outside /api, no session, no
 * cookie and no CSRF token: the token is the only authority, and all it can do is confirm its own
 * address for its owner. Unknown: 404; expired: 410.
 */
export function registerConfirmationPage(app: FastifyInstance, consents: Consents): void {
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    scope.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null, ''));

    const send = (reply: FastifyReply, acceptLanguage: string | undefined, shown: ConfirmationPage, posted: boolean) => {
      reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      if (shown.state === 'invalid') {
        const locale = localeFromHeader(acceptLanguage);
        const t = (key: string) => translate(locale, `consent.${key}`);
        return reply
          .status(404)
          .send(smallPage(locale, t('invalid_title'), `<h1>${escapeHtml(t('invalid_title'))}</h1><p>${escapeHtml(t('invalid_body'))}</p>`));
      }
      const t = (key: string) => translate(shown.locale, `consent.${key}`, { name: shown.name, email: maskedEmail(shown.email) });
      const card = (title: string, body: string, status = 200) =>
        reply.status(status).send(smallPage(shown.locale, title, `<h1>${escapeHtml(title)}</h1>${body}`));
      if (shown.state === 'expired') return card(t('expired_title'), `<p>${escapeHtml(t('expired_body'))}</p>`, 410);
      if (shown.state === 'confirmed')
        return posted
          ? card(t('thanks_title'), `<p>${escapeHtml(shown.thanks)}</p>`)
          : card(t('already_title'), `<p>${escapeHtml(t('already_body'))}</p>`);
      return card(
        t('page_title'),
        `<p>${escapeHtml(t('page_body'))}</p><form method="post"><button type="submit" data-testid="confirm-consent">${escapeHtml(t('page_button'))}</button></form>`,
      );
    };

    scope.get<{ Params: { token: string } }>('/confirmar/:token', { schema: { hide: true } }, async (request, reply) =>
      send(reply, request.headers['accept-language'], await consents.page(request.params.token), false),
    );
    scope.post<{ Params: { token: string } }>('/confirmar/:token', { schema: { hide: true } }, async (request, reply) =>
      send(reply, request.headers['accept-language'], await consents.confirm(request.params.token), true),
    );
  });
}
