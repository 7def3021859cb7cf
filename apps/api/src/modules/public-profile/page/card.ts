import type { PublicProfile } from '@enlaza/contracts';
import { icon, type IconName } from './icons.js';
import { IMAGE_SIZES, variantHeight } from './image-variants.js';
import type { Translate } from './strings.js';
import { renderContactForm } from './form.js';
import { html, raw, type SafeHtml } from './template.js';
import { displayPhone } from '../../../lib/phone.js';

type SocialNetwork = NonNullable<PublicProfile['card']>['socialLinks'][number]['network'];
/** Brand names are not translated. */
const NETWORK_NAMES: Record<Exclude<SocialNetwork, 'other'>, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  x: 'X',
  linkedin: 'LinkedIn',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  github: 'GitHub',
  whatsapp: 'WhatsApp',
  telegram: 'Telegram',
};

/** Only web, mail and phone addresses become links (the contracts allow no other, this is the last guard). */
export const safeHref = (href: string) => (/^(https?:|mailto:|tel:)/i.test(href) ? href : '#');
const hostOf = (url: string) => {
  try {
    return new URL(url).host.replace(/^www\./, '');
  } catch {
    return url;
  }
};
const displayUrl = (url: string) => url.replace(/^https?:\/\//, '').replace(/\/$/, '');
export const mapUrl = (address: string) => `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`;
const initialsOf = (name: string) =>
  name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => [...word][0]?.toUpperCase() ?? '')
    .join('');

/**
 * A resized image in AVIF and WebP with a JPEG fallback, asked at 1× and 2× (`widths`), its box
 * (`size`) set so nothing moves when it arrives. Also the wall posts' images (wall.ts).
 */
export function picture(
  url: string,
  widths: readonly [number, number],
  size: { width: number; height: number },
  attrs: { alt: string; className: string; testId: string; eager: boolean },
): SafeHtml {
  const [small, large] = widths;
  const src = (w: number, f: string) => `${url}${url.includes('?') ? '&' : '?'}w=${w}&f=${f}`;
  const set = (f: string) => `${src(small, f)} 1x, ${src(large, f)} 2x`;
  return html`<picture><source type="image/avif" srcset="${set('avif')}"><source type="image/webp" srcset="${set('webp')}"><img src="${src(small, 'jpeg')}" srcset="${set('jpeg')}" width="${size.width}" height="${size.height}" alt="${attrs.alt}" class="${attrs.className}" data-testid="${attrs.testId}" decoding="async"${raw(attrs.eager ? ' fetchpriority="high"' : ' loading="lazy"')}></picture>`;
}

/** The photo or the cover of the card at the page's sizes. */
const profilePicture = (url: string, which: 'photo' | 'cover', attrs: Parameters<typeof picture>[3]) =>
  picture(url, IMAGE_SIZES[which], { width: IMAGE_SIZES[which][0], height: variantHeight(which, IMAGE_SIZES[which][0]) }, attrs);

type Item = { icon: IconName; href: string; text: string; label?: string | null; counted?: boolean };

function contactList(items: Item[], label: string): SafeHtml | null {
  if (items.length === 0) return null;
  return html`<ul class="pp-contacts" aria-label="${label}">${items.map(
    (item) =>
      html`<li><span class="pp-contact-icon">${raw(icon(item.icon))}</span><span class="pp-contact-text"><a href="${safeHref(item.href)}"${raw(item.counted ? ' data-count' : '')}>${item.text}</a>${item.label ? html`<small>${item.label}</small>` : null}</span></li>`,
  )}</ul>`;
}

function lostBanner(tag: NonNullable<PublicProfile['tag']>, contactForm: boolean, t: Translate): SafeHtml {
  return html`<section class="pp-lost" aria-labelledby="pp-lost-title" data-testid="public-profile-lost">
<h2 id="pp-lost-title">${raw(icon('alert', 26))}<span>${t(`lost.title.${tag.tagKind}`)}</span></h2>
${tag.lostNote ? html`<p class="pp-multiline">${tag.lostNote}</p>` : null}
${tag.reward ? html`<p class="pp-reward">${raw(icon('gift'))}<strong>${t('lost.reward', { reward: tag.reward })}</strong></p>` : null}
${tag.phone ? html`<div class="pp-lost-actions"><a class="pp-button pp-lost-call" href="tel:${tag.phone}" data-testid="public-profile-call">${raw(icon('phone'))}<span>${t('lost.call')}</span></a><a class="pp-button pp-lost-chat" href="https://wa.me/${tag.phone.replace(/\D/g, '')}" rel="noopener" data-testid="public-profile-whatsapp">${raw(icon('whatsapp'))}<span>${t('lost.whatsapp')}</span></a></div>` : null}
<p class="pp-hint">${contactForm ? t('lost.hintForm') : t('lost.hint')}</p>
${tag.serial ? html`<p class="pp-hint" data-testid="public-profile-serial">${t('lost.serial', { serial: tag.serial })}</p>` : null}
</section>`;
}

/**
 * The card or tag itself: everything a visitor reads, in plain links (works without JavaScript).
 * `form`: the contact form at its end (false when the page puts it after the wall's posts).
 */
/** Which wallets the site makes passes for (config): their buttons show only then. */
export type WalletLinks = { apple: boolean; google: boolean };

/** "Add to Apple Wallet" / "Save to Google Wallet", badge-like, for a card (a tag has no pass). */
function walletButtons(profile: PublicProfile, wallets: WalletLinks, t: Translate): SafeHtml | null {
  if (profile.kind !== 'card' || (!wallets.apple && !wallets.google)) return null;
  const base = `/api/public${profile.canonicalPath}/wallet`;
  return html`<div class="pp-wallets" role="group" aria-label="${t('wallet.group')}">
${wallets.apple ? html`<a class="pp-wallet" href="${base}/apple" download data-testid="public-profile-apple-wallet">${raw(icon('wallet'))}<span>${t('wallet.apple')}</span></a>` : null}
${wallets.google ? html`<a class="pp-wallet" href="${base}/google" rel="nofollow" data-testid="public-profile-google-wallet">${raw(icon('wallet'))}<span>${t('wallet.google')}</span></a>` : null}
</div>`;
}

export function renderCard(
  profile: PublicProfile,
  t: Translate,
  { preview, form, wallets = { apple: false, google: false } }: { preview: boolean; form: boolean; wallets?: WalletLinks },
): SafeHtml {
  const { card, tag, theme } = profile;
  const subtitle = card ? [card.jobTitle, card.company].filter(Boolean).join(' · ') : null;
  const contacts: Item[] = [];
  if (card) {
    for (const phone of card.phones)
      contacts.push({ icon: 'phone', href: `tel:${phone.number}`, text: displayPhone(phone.number), label: phone.label });
    for (const email of card.emails) contacts.push({ icon: 'mail', href: `mailto:${email.email}`, text: email.email, label: email.label });
    if (card.website)
      contacts.push({ icon: 'globe', href: card.website, text: displayUrl(card.website), label: t('fields.website'), counted: true });
    if (card.address) contacts.push({ icon: 'pin', href: mapUrl(card.address), text: card.address, label: t('fields.mapLink') });
  }
  const owner = tag?.ownerContact ?? null;
  const ownerItems: Item[] = owner
    ? [
        ...(owner.phone ? [{ icon: 'phone' as const, href: `tel:${owner.phone}`, text: displayPhone(owner.phone) }] : []),
        { icon: 'mail', href: `mailto:${owner.email}`, text: owner.email },
      ]
    : [];
  // A tag's vCard is its owner's contact: offered only when the owner shows it, in words that say so.
  const saveLabel = tag ? (owner ? t('actions.saveOwnerContact') : null) : t('actions.saveContact');

  const photo = profile.photoUrl
    ? profilePicture(profile.photoUrl, 'photo', { alt: '', className: 'pp-avatar', testId: 'public-profile-photo-img', eager: true })
    : html`<span class="pp-initials">${initialsOf(profile.name)}</span>`;

  return html`<article class="pp-card" data-layout="${theme.layout}" data-kind="${profile.kind}" aria-labelledby="pp-name" data-testid="public-profile-view">
${tag?.lostMode ? lostBanner(tag, profile.contactForm, t) : null}
${profile.coverUrl || theme.layout !== 'centered' ? html`<div class="pp-cover" data-testid="public-profile-cover">${profile.coverUrl ? profilePicture(profile.coverUrl, 'cover', { alt: '', className: 'pp-cover-img', testId: 'public-profile-cover-img', eager: !profile.photoUrl }) : null}</div>` : null}
<div class="pp-body">
<div class="pp-identity"><div class="pp-avatar-frame" aria-hidden="true" data-testid="public-profile-photo">${photo}</div>
<div><h1 id="pp-name" class="pp-name" data-testid="public-profile-name">${profile.name}</h1>
${subtitle ? html`<p class="pp-subtitle">${subtitle}</p>` : null}
${tag ? html`<span class="pp-badge">${t(`tagKinds.${tag.tagKind}`)}</span>` : null}</div></div>
${profile.logoUrl ? html`<p class="pp-logo"><img src="${profile.logoUrl}" alt="${card?.company ?? profile.team?.name ?? ''}" height="40" decoding="async" loading="lazy" data-testid="public-profile-logo"></p>` : null}
<div class="pp-actions">
${saveLabel ? html`<a class="pp-button pp-primary" href="${profile.vcardPath}" download data-testid="public-profile-save">${raw(icon('download'))}<span>${saveLabel}</span></a>` : null}
<button type="button" class="pp-button" data-share data-testid="public-profile-share">${raw(icon('share'))}<span>${t('actions.share')}</span></button>
<button type="button" class="pp-button" data-qr aria-expanded="false" aria-controls="pp-qr">${raw(icon('qr'))}<span>${t('actions.showQr')}</span></button>
</div>
${preview ? null : walletButtons(profile, wallets, t)}
<div id="pp-qr" class="pp-qr" hidden></div>
<p class="pp-status" role="status" aria-live="polite" data-status></p>
${card?.bio ? html`<p class="pp-multiline pp-bio">${card.bio}</p>` : null}
${tag?.description ? html`<p class="pp-multiline pp-bio">${tag.description}</p>` : null}
${contactList(contacts, t('sections.contact'))}
${owner ? html`<section class="pp-section" aria-labelledby="pp-owner" data-testid="public-profile-owner"><h2 id="pp-owner" class="pp-h2">${t('sections.owner', { name: owner.name })}</h2>${contactList(ownerItems, t('sections.owner', { name: owner.name }))}</section>` : null}
${card && card.socialLinks.length > 0 ? html`<ul class="pp-social pp-section" aria-label="${t('sections.social')}">${card.socialLinks.map((link) => html`<li><a class="pp-chip" href="${safeHref(link.url)}" data-count data-testid="public-profile-social">${raw(icon(link.network === 'other' ? 'link' : link.network, 16))}<span>${link.network === 'other' ? hostOf(link.url) : NETWORK_NAMES[link.network]}</span></a></li>`)}</ul>` : null}
${card && card.customLinks.length > 0 ? html`<ul class="pp-links pp-section" aria-label="${t('sections.links')}">${card.customLinks.map((link) => html`<li><a class="pp-link" href="${safeHref(link.url)}" data-count data-testid="public-profile-link">${link.label}</a></li>`)}</ul>` : null}
${profile.contactForm && form ? renderContactForm(profile, t, { preview }) : null}
</div>
</article>`;
}
