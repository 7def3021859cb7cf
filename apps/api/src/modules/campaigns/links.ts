import { type MergeValues } from '@enlaza/contracts';
import { hmac, safeEqual } from '../../lib/crypto.js';
import { escapeHtml } from '../../lib/html.js';
import { renderMergeFields } from '../../platform/merge-fields.js';
import { htmlToPlainText } from '../../platform/rich-text.js';

/**
 * Signed links of campaign emails. Every link names the recipient row and carries an HMAC (app
 * secret) of its purpose, the row and (for clicks) the destination, so nobody can guess another
 * recipient's link or turn the click redirect into an open redirect: a forged or altered link is 404.
 */
export type LinkPurpose = 'open' | 'click' | 'unsubscribe';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function createLinkSigner(secret: string, publicUrl: string) {
  const sign = (purpose: LinkPurpose, id: string, extra = '') => hmac(secret, `campaign-${purpose}:${id}:${extra}`);
  const token = (purpose: LinkPurpose, id: string) => `${id}.${sign(purpose, id)}`;

  return {
    openUrl: (id: string) => `${publicUrl}/api/campaigns/t/o/${token('open', id)}`,
    clickUrl: (id: string, url: string) => `${publicUrl}/api/campaigns/t/c/${id}.${sign('click', id, url)}?u=${encodeURIComponent(url)}`,
    unsubscribeUrl: (id: string) => `${publicUrl}/u/${token('unsubscribe', id)}`,

    /** The recipient id of a valid token, or null. */
    verify(purpose: LinkPurpose, value: string, extra = ''): string | null {
      const dot = value.indexOf('.');
      if (dot < 0) return null;
      const id = value.slice(0, dot);
      if (!UUID.test(id)) return null;
      return safeEqual(value.slice(dot + 1), sign(purpose, id, extra)) ? id : null;
    },
  };
}
export type LinkSigner = ReturnType<typeof createLinkSigner>;

const decodeEntities = (value: string) =>
  value
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

const FOOTER: Record<string, { html: (url: string) => string; text: (url: string) => string }> = {
  en: {
    html: (u) => `You receive this email because you wrote to us and agreed to hear from us. <a href="${u}">Unsubscribe</a>`,
    text: (u) => `You receive this email because you wrote to us and agreed to hear from us. Unsubscribe: ${u}`,
  },
  es: {
    html: (u) => `Recibes este correo porque nos escribiste y aceptaste recibir noticias. <a href="${u}">Darse de baja</a>`,
    text: (u) => `Recibes este correo porque nos escribiste y aceptaste recibir noticias. Darse de baja: ${u}`,
  },
  jp: {
    html: (u) => `お問い合わせの際に配信に同意されたため、このメールをお送りしています。<a href="${u}">配信停止</a>`,
    text: (u) => `お問い合わせの際に配信に同意されたため、このメールをお送りしています。配信停止: ${u}`,
  },
};

export type CampaignSnapshot = { subject: string; bodyHtml: string; bodyText: string };

/**
 * One recipient's email: merge fields filled (escaped in HTML), the text part made from the merged
 * HTML, every http(s) link in the HTML turned
 * into a signed click redirect (the unsubscribe link excepted), an open pixel, and a visible
 * unsubscribe footer when the template has no `{{baja_url}}`.
 */
export function renderCampaignEmail(
  snapshot: CampaignSnapshot,
  recipient: { id: string; email: string; name: string },
  context: { signer: LinkSigner; profileUrl: string; locale: string },
): { subject: string; html: string; text: string; unsubscribeUrl: string } {
  const { signer } = context;
  const unsubscribeUrl = signer.unsubscribeUrl(recipient.id);
  const values: MergeValues = { nombre: recipient.name, email: recipient.email, perfil_url: context.profileUrl, baja_url: unsubscribeUrl };
  const usesBaja = (t: string) => /\{\{\s*baja_url\s*\}\}/.test(t);
  let html = renderMergeFields(snapshot.bodyHtml, values, 'html');
  // The text part is made from the merged body (its links as written, before they become click
  // redirects), changing the case of nothing: not from the stored `bodyText`, where an older
  // conversion upper-cased headings and with them the merge fields in them.
  let text = htmlToPlainText(html);
  html = html.replace(/href="(https?:\/\/[^"]+)"/gi, (whole, raw: string) => {
    const url = decodeEntities(raw);
    if (url === unsubscribeUrl) return whole;
    return `href="${escapeHtml(signer.clickUrl(recipient.id, url))}"`;
  });
  const footer = FOOTER[context.locale] ?? FOOTER.en!;
  if (!usesBaja(snapshot.bodyHtml)) html += `<p style="font-size:12px;color:#555">${footer.html(escapeHtml(unsubscribeUrl))}</p>`;
  html += `<img src="${escapeHtml(signer.openUrl(recipient.id))}" width="1" height="1" alt="" style="display:block;border:0">`;
  if (!usesBaja(snapshot.bodyHtml)) text += `${text ? '\n\n' : ''}${footer.text(unsubscribeUrl)}`;
  return { subject: renderMergeFields(snapshot.subject, values, 'text'), html, text, unsubscribeUrl };
}

/** The subject as Comunicaciones shows it (written when the campaign starts). */
export function renderSubject(subject: string, recipient: { email: string; name: string }, profileUrl: string): string {
  return renderMergeFields(subject, { nombre: recipient.name, email: recipient.email, perfil_url: profileUrl, baja_url: '' }, 'text');
}
