import { namesOfMergeField, type MergeValues } from '@enlaza/contracts';
import { hmac, safeEqual } from '../../lib/crypto.js';
import { EMAIL_THEME } from '../../lib/email-theme.js';
import { escapeHtml } from '../../lib/html.js';
import { renderMergeFields } from '../../platform/merge-fields.js';
import { mergeEmail, type PreparedEmail } from '../templates/index.js';
import type { SenderSnapshot } from './schema.js';
import { addressLine } from './sender-identity.js';

/**
 * Signed links of campaign emails. Every link names the recipient row and carries an HMAC (app
 * secret) of its purpose, the row and (for clicks) the destination, so nobody can guess another
 * recipient's link or turn the click redirect into an open redirect: a forged or altered link is 404.
 */
export type LinkPurpose = 'open' | 'click' | 'unsubscribe' | 'view';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The local part of a recipient's `mailto:` unsubscribe address: `unsub+<id without dashes>.<80-bit
 * HMAC in hex>`, 59 characters — within RFC 5321's 64 for a local part, and lower-case only, since
 * some mail servers change the case of addresses they relay.
 */
const MAILTO_LOCAL = /^unsub\+([0-9a-f]{32})\.([0-9a-f]{20})$/;

export function createLinkSigner(secret: string, publicUrl: string, inboundDomain: string | null = null) {
  const sign = (purpose: LinkPurpose, id: string, extra = '') => hmac(secret, `campaign-${purpose}:${id}:${extra}`);
  const token = (purpose: LinkPurpose, id: string) => `${id}.${sign(purpose, id)}`;
  const mailtoSignature = (id: string) =>
    Buffer.from(sign('unsubscribe', id, 'mailto'), 'base64url')
      .toString('hex')
      .slice(0, 20);

  return {
    openUrl: (id: string) => `${publicUrl}/api/campaigns/t/o/${token('open', id)}`,
    clickUrl: (id: string, url: string) => `${publicUrl}/api/campaigns/t/c/${id}.${sign('click', id, url)}?u=${encodeURIComponent(url)}`,
    unsubscribeUrl: (id: string) => `${publicUrl}/u/${token('unsubscribe', id)}`,
    /** The web page of one recipient's email (its "view in browser" link). */
    viewUrl: (id: string) => `${publicUrl}/v/${token('view', id)}`,
    /**
     * The `mailto:` of List-Unsubscribe (RFC 2369): a message to it, whatever it says, unsubscribes the
     * recipient. Null while the inbound listener is off (INBOUND_MAIL_DOMAIN).
     */
    unsubscribeMailto: (id: string) =>
      inboundDomain ? `mailto:unsub+${id.replaceAll('-', '')}.${mailtoSignature(id)}@${inboundDomain}?subject=unsubscribe` : null,
    /** The recipient id of a valid mailto local part (any case), or null. */
    verifyMailto(localPart: string): string | null {
      const m = MAILTO_LOCAL.exec(localPart.toLowerCase());
      if (!m) return null;
      const hex = m[1]!;
      const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
      return safeEqual(m[2]!, mailtoSignature(id)) ? id : null;
    },
    /** The unsubscribe link of a test send: the page, answering that the link is not valid. */
    exampleUnsubscribeUrl: `${publicUrl}/u/example`,

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
    (unsubscribeUrl ? `<br><a href="${escapeHtml(unsubscribeUrl)}" style="color:${EMAIL_THEME.light.link}">${words.unsubscribe}</a>` : '') +
    '</p>';
  const text = [why, who, unsubscribeUrl ? `${words.unsubscribe}: ${unsubscribeUrl}` : null].filter(Boolean).join('\n');
  return { html, text };
}

/** The "view in browser" link's words, by the owner's language. */
const VIEW: Record<string, string> = { en: 'View in your browser', es: 'Ver en el navegador', jp: 'ブラウザで表示' };

export type RecipientForEmail = { id: string; email: string; name: string; profileId?: string | null };
export type CampaignEmailContext = {
  signer: LinkSigner;
  profileUrl: string;
  locale: string;
  sender?: SenderSnapshot | null;
  /**
   * `send`: tracked links and the open pixel (unless the sender turned tracking off) and the "view in
   * browser" link; `view`: the web page of one
   * recipient's email (plain links, no pixel); `test`: the owner's review and test send (plain links,
   * an unsubscribe link that unsubscribes nobody).
   */
  mode?: 'send' | 'view' | 'test';
};

const OWN_UNSUBSCRIBE = new RegExp(`\\{\\{\\s*(?:${namesOfMergeField('baja_url').join('|')})\\s*\\}\\}`);
const usesOwnUnsubscribe = (html: string) => OWN_UNSUBSCRIBE.test(html);

/**
 * One recipient's email, by the one renderer (templates/render.ts): merge fields filled (escaped in
 * HTML), the text part made from the merged body, every http(s) link in the HTML turned into a
 * signed click redirect (the unsubscribe link excepted), the open pixel, the "view in browser" link,
 * and the footer (the reason, the sender's name and postal address, and an unsubscribe link unless
 * the template has its own `{{baja_url}}`).
 */
export function renderCampaignEmail(
  prepared: PreparedEmail,
  recipient: RecipientForEmail,
  context: CampaignEmailContext,
): { subject: string; html: string; text: string; unsubscribeUrl: string; unsubscribeMailto: string | null } {
  const { signer } = context;
  const mode = context.mode ?? 'send';
  const unsubscribeUrl = mode === 'test' ? signer.exampleUnsubscribeUrl : signer.unsubscribeUrl(recipient.id);
  const values: MergeValues = { nombre: recipient.name, email: recipient.email, perfil_url: context.profileUrl, baja_url: unsubscribeUrl };
  const sender = context.sender ?? null;
  // A campaign without a sender (started before senders existed) keeps its old footer, and only when
  // the template has no unsubscribe link of its own.
  const ownLink = usesOwnUnsubscribe(prepared.body);
  const end =
    sender || !ownLink
      ? footer(FOOTER[context.locale] ?? FOOTER.en!, sender, !!recipient.profileId, ownLink ? null : unsubscribeUrl)
      : null;
  const sending = mode === 'send';
  // The sender may turn tracking off: no pixel, links as written (the web-page link stays).
  const tracked = sending && sender?.tracking !== false;
  const email = mergeEmail(prepared, values, {
    rewriteLink: tracked ? (url) => (url === unsubscribeUrl ? null : signer.clickUrl(recipient.id, url)) : undefined,
    footer: end,
    view: sending ? { url: signer.viewUrl(recipient.id), label: VIEW[context.locale] ?? VIEW.en! } : null,
    pixelUrl: tracked ? signer.openUrl(recipient.id) : null,
  });
  return { ...email, unsubscribeUrl, unsubscribeMailto: mode === 'send' ? signer.unsubscribeMailto(recipient.id) : null };
}

/** The subject as Comunicaciones shows it (written when the campaign starts). */
export function renderSubject(subject: string, recipient: { email: string; name: string }, profileUrl: string): string {
  return renderMergeFields(subject, { nombre: recipient.name, email: recipient.email, perfil_url: profileUrl, baja_url: '' }, 'text');
}
