import { textOn, type EmailSignature, type Locale, type PublicProfile } from '@enlaza/contracts';
import { displayPhone } from '../../lib/phone.js';
import { pageStrings } from './page/strings.js';
import { html, type SafeHtml } from './page/template.js';

/** The text colour of the signature (on the white of a message), and its quieter second line. */
const INK = '#1f2933';
const QUIET = '#52606d';
/** Inline on every element: mail clients drop `<style>` blocks and classes (Gmail keeps only inline styles). */
const FONT = 'font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:20px';

type Options = {
  /** The app's public address: images and links in a message must be absolute. */
  publicUrl: string;
  visibility: 'public' | 'unlisted' | 'private';
  locale: Locale;
};

/**
 * An email signature made from a card, as mail clients accept one (Gmail, Outlook, Apple Mail): one
 * table, inline styles only, no script, no class, no web font; the photo and the logo hosted at the
 * card's public image addresses (JPEG and PNG, which every client shows; never embedded). Everything
 * the owner typed is escaped. A private card has no public page: its signature links nowhere and
 * shows no hosted image (those addresses answer 404 to a reader). Also a plain-text version.
 */
export function emailSignature(profile: PublicProfile, { publicUrl, visibility, locale }: Options): EmailSignature {
  const card = profile.card;
  if (!card) throw new Error('a signature is made from a card');
  const t = pageStrings(locale);
  const reachable = visibility !== 'private';
  const name = [card.firstName, card.lastName].filter(Boolean).join(' ');
  const role = [card.jobTitle, card.company].filter(Boolean).join(' · ');
  const cardUrl = reachable ? `${publicUrl}${profile.canonicalPath}` : null;
  const photo = reachable && profile.photoUrl ? `${publicUrl}${profile.photoUrl}&w=224&f=jpeg` : null;
  const logo = reachable && profile.logoUrl ? `${publicUrl}${profile.logoUrl}&w=320&f=png` : null;
  const color = profile.theme.color;

  const line = (content: SafeHtml | string) => html`<tr><td style="${FONT};color:${INK};padding:0">${content}</td></tr>`;
  const link = (href: string, text: string) => html`<a href="${href}" style="color:${INK};text-decoration:underline">${text}</a>`;
  const rows = [
    html`<tr><td style="${FONT};color:${INK};font-size:16px;font-weight:bold;padding:0">${name}</td></tr>`,
    role ? html`<tr><td style="${FONT};color:${QUIET};padding:0 0 4px">${role}</td></tr>` : null,
    card.phones.map((phone) => line(link(`tel:${phone.number}`, displayPhone(phone.number)))),
    card.emails.map((email) => line(link(`mailto:${email.email}`, email.email))),
    card.website ? line(link(card.website, card.website.replace(/^https?:\/\//, '').replace(/\/$/, ''))) : null,
    cardUrl
      ? html`<tr><td style="padding:8px 0 0"><table cellpadding="0" cellspacing="0" border="0" role="presentation" style="border-collapse:collapse"><tr><td bgcolor="${color}" style="${FONT};background-color:${color};border-radius:4px;padding:4px 12px"><a href="${cardUrl}" style="color:${textOn(color)};font-weight:bold;text-decoration:none">${t('signature.viewCard')}</a></td></tr></table></td></tr>`
      : null,
    logo
      ? html`<tr><td style="padding:8px 0 0"><img src="${logo}" height="32" alt="${card.company ?? ''}" style="display:block;border:0;height:32px;width:auto"></td></tr>`
      : null,
  ];
  const photoCell = photo
    ? html`<td valign="top" style="padding:0 16px 0 0"><img src="${photo}" width="80" height="80" alt="${name}" style="display:block;border:0;border-radius:40px;width:80px;height:80px"></td>`
    : null;
  const markup = html`<table cellpadding="0" cellspacing="0" border="0" role="presentation" style="border-collapse:collapse;${FONT};color:${INK}"><tr>${photoCell}<td valign="top" style="border-left:3px solid ${color};padding:0 0 0 12px"><table cellpadding="0" cellspacing="0" border="0" role="presentation" style="border-collapse:collapse">${rows}</table></td></tr></table>`;

  const text = [
    name,
    role,
    ...card.phones.map((phone) => displayPhone(phone.number)),
    ...card.emails.map((email) => email.email),
    card.website,
    cardUrl ? `${t('signature.viewCard')}: ${cardUrl}` : null,
  ]
    .filter((value): value is string => Boolean(value))
    .join('\n');
  return { html: markup.value, text, hostedImages: Boolean(photo || logo), cardUrl };
}
