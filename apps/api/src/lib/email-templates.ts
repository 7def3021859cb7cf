import type { Locale } from '@enlaza/contracts';
import { escapeHtml } from './html.js';
import { translate } from './i18n.js';

export type EmailTemplate = 'verify_email' | 'reset_password' | 'change_email' | 'email_changed' | 'password_changed' | 'admin_invite';
export type RenderedEmail = { subject: string; html: string; text: string };

/**
 * Renders a transactional email in the recipient's language from locales/*.json (`email.<template>.*`):
 * an HTML version with a button and a plain-text version with the bare link.
 */
export function renderEmail(locale: Locale, template: EmailTemplate, params: { name: string; link?: string; email?: string }): RenderedEmail {
  const t = (key: string) => translate(locale, key, { name: params.name, email: params.email ?? '' });
  const subject = t(`email.${template}.subject`);
  const paragraphs = [t('email.common.greeting'), t(`email.${template}.body`)];
  const note = translate(locale, `email.${template}.note`, {});
  if (note !== `email.${template}.note`) paragraphs.push(note);
  const action = params.link ? t(`email.${template}.action`) : null;

  const text = [
    ...paragraphs,
    ...(params.link ? [`${action}: ${params.link}`] : []),
    t('email.common.ignore'),
    t('email.common.signature'),
  ].join('\n\n');

  const button = params.link
    ? `<p style="margin:24px 0"><a href="${escapeHtml(params.link)}" style="background:#1c7ed6;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action ?? '')}</a></p>
       <p style="font-size:13px;color:#555">${escapeHtml(t('email.common.link_hint'))}<br><a href="${escapeHtml(params.link)}">${escapeHtml(params.link)}</a></p>`
    : '';
  const html = `<!doctype html><html lang="${locale === 'jp' ? 'ja' : locale}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f1f3f5;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#212529">
  <div style="max-width:560px;margin:0 auto;padding:24px">
    <div style="background:#fff;border-radius:8px;padding:28px">
      <h1 style="font-size:20px;margin:0 0 16px">Enlaza</h1>
      ${paragraphs.map((p) => `<p style="line-height:1.5">${escapeHtml(p)}</p>`).join('\n      ')}
      ${button}
      <p style="font-size:13px;color:#555">${escapeHtml(t('email.common.ignore'))}</p>
      <p>${escapeHtml(t('email.common.signature'))}</p>
    </div>
  </div>
</body></html>`;
  return { subject, html, text };
}
