import { type MergeValues } from '@enlaza/contracts';
import { hmac, safeEqual } from '../../lib/crypto.js';
import { escapeHtml } from '../../lib/html.js';
import { renderMergeFields } from '../../platform/merge-fields.js';
import { htmlToPlainText } from '../../platform/rich-text.js';
import type { SenderSnapshot } from './schema.js';
import { addressLine } from './sender-identity.js';

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

/** The footer's wording, by where the recipient's address came from (PRODUCT.md: consenting visitors and imported lists). */
type FooterWords = {
  /** Before senders existed: the platform speaking for the owner. */
  legacy: string;
  visitor: (name: string) => string;
  list: (name: string) => string;
  unsubscribe: string;
};
const FOOTER: Record<string, FooterWords> = {
  en: {
    legacy: 'You receive this email because you wrote to us and agreed to hear from us.',
    visitor: (n) => `You receive this email because you wrote to ${n} through their card and agreed to hear from them.`,
    list: (n) =>
      `You receive this email because ${n} added your address to their contacts, stating that you agreed to receive their emails.`,
    unsubscribe: 'Unsubscribe',
  },
  es: {
    legacy: 'Recibes este correo porque nos escribiste y aceptaste recibir noticias.',
    visitor: (n) => `Recibes este correo porque escribiste a ${n} desde su tarjeta y aceptaste recibir sus noticias.`,
    list: (n) => `Recibes este correo porque ${n} añadió tu dirección a sus contactos, indicando que aceptaste recibir sus emails.`,
    unsubscribe: 'Darse de baja',
  },
  jp: {
    legacy: 'お問い合わせの際に配信に同意されたため、このメールをお送りしています。',
    visitor: (n) => `${n}さんのカードからお問い合わせの際に配信に同意されたため、このメールをお送りしています。`,
    list: (n) => `${n}さんが配信への同意を得たうえであなたのアドレスを連絡先に追加したため、このメールをお送りしています。`,
    unsubscribe: '配信停止',
  },
};

/**
 * The footer every campaign email ends with: why the recipient gets it (worded by where the address
 * came from), who sends it with their postal address, and an unsubscribe link unless the template
 * has its own `{{baja_url}}`. As HTML and as text.
 */
function footer(
  words: FooterWords,
  sender: SenderSnapshot | null,
  fromVisitor: boolean,
  unsubscribeUrl: string | null,
): { html: string; text: string } {
  const why = !sender ? words.legacy : fromVisitor ? words.visitor(sender.name) : words.list(sender.name);
  const who = sender ? `${sender.name} · ${addressLine(sender.postalAddress)}` : null;
  const html =
    `<p style="font-size:12px;line-height:1.5;color:#555">${escapeHtml(why)}` +
    (who ? `<br>${escapeHtml(who)}` : '') +
    (unsubscribeUrl ? `<br><a href="${escapeHtml(unsubscribeUrl)}" style="color:#1f5fa8">${words.unsubscribe}</a>` : '') +
    '</p>';
  const text = [why, who, unsubscribeUrl ? `${words.unsubscribe}: ${unsubscribeUrl}` : null].filter(Boolean).join('\n');
  return { html, text };
}

export type CampaignSnapshot = { subject: string; bodyHtml: string; bodyText: string };

/**
 * One recipient's email: merge fields filled (escaped in HTML), the text part made from the merged
 * HTML, every http(s) link in the HTML turned
 * into a signed click redirect (the unsubscribe link excepted), an open pixel, and the footer (the
 * reason, the sender's name and postal address, and an unsubscribe link unless the template has
 * its own `{{baja_url}}`).
 */
export function renderCampaignEmail(
  snapshot: CampaignSnapshot,
  recipient: { id: string; email: string; name: string; profileId?: string | null },
  context: { signer: LinkSigner; profileUrl: string; locale: string; sender?: SenderSnapshot | null },
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
  const sender = context.sender ?? null;
  // A campaign without a sender (started before senders existed) keeps its old footer, and only when
  // the template has no unsubscribe link of its own.
  const ownLink = usesBaja(snapshot.bodyHtml);
  if (sender || !ownLink) {
    const end = footer(FOOTER[context.locale] ?? FOOTER.en!, sender, !!recipient.profileId, ownLink ? null : unsubscribeUrl);
    html += end.html;
    text += `${text ? '\n\n' : ''}${end.text}`;
  }
  html += `<img src="${escapeHtml(signer.openUrl(recipient.id))}" width="1" height="1" alt="" style="display:block;border:0">`;
  return { subject: renderMergeFields(snapshot.subject, values, 'text'), html, text, unsubscribeUrl };
}

/** The subject as Comunicaciones shows it (written when the campaign starts). */
export function renderSubject(subject: string, recipient: { email: string; name: string }, profileUrl: string): string {
  return renderMergeFields(subject, { nombre: recipient.name, email: recipient.email, perfil_url: profileUrl, baja_url: '' }, 'text');
}
