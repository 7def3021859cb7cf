import { PUBLIC_PAGE_SCRIPT_STRINGS, textOn, type Locale, type PublicProfile, type PublicWallPage } from '@enlaza/contracts';
import { renderCard, type WalletLinks } from './card.js';
import { renderContactForm } from './form.js';
import { htmlLang, pageSection, pageStrings, type Translate } from './strings.js';
import { drawAfter, fontPreloads, html, raw, type SafeHtml } from './template.js';
import { renderWall } from './wall.js';

/** The page's own script and stylesheet, as built (apps/web/build/public-page.mjs); null when not built. `fonts`: the font files to preload. */
export type PageAssets = { js: string | null; css: string | null; fonts: readonly string[] };

/** JSON inside a script element: `<` escaped so no value can close the element. */
const jsonForScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The id of the profile page's data for its script, the last element of its body. */
const DATA_ID = 'pp-data';

export function documentOf(options: {
  locale: Locale;
  title: string;
  head: SafeHtml;
  body: SafeHtml;
  assets: PageAssets;
  bodyClass?: string;
  /** The id of an element after everything visible: no frame is drawn before it is parsed (`drawAfter`). */
  drawAfter?: string;
}): string {
  const { assets } = options;
  return html`<!doctype html>
<html lang="${htmlLang(options.locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${options.title}</title>
${options.head}
<link rel="icon" href="data:,">
${options.drawAfter ? drawAfter(options.drawAfter) : null}
${fontPreloads(assets.fonts)}
${assets.css ? html`<link rel="stylesheet" href="${assets.css}">` : null}
${assets.js ? html`<script type="module" src="${assets.js}"></script>` : null}
${/* What needs the script is shown from the first paint (nothing moves when it arrives), and hidden without JavaScript. */ null}
${raw('<noscript><style>[data-contact],.pp-form-card,[data-share],[data-qr]{display:none!important}</style></noscript>')}
</head>
<body${raw(options.bodyClass ? ` class="${options.bodyClass}"` : '')}>
${options.body}
</body>
</html>
`.value;
}

/** The document title: the card's name and title ("Ana García — Architect"), or the tag's name. */
export function pageTitle(profile: PublicProfile): string {
  const role = profile.card ? [profile.card.jobTitle, profile.card.company].filter(Boolean).join(' · ') : '';
  return role ? `${profile.name} — ${role}` : profile.name;
}

export function footer(t: Translate): SafeHtml {
  return html`<footer class="pp-footer"><a href="/register" data-testid="public-profile-create-own">${t('createOwn')}</a></footer>`;
}

/**
 * The card's markup per language (and with or without the contact form at its end), kept while its
 * profile object lives: the public profile cache hands out the same object until the profile
 * changes, so a busy card is rendered once per language.
 */
const renderedCards = new WeakMap<PublicProfile, Map<string, SafeHtml>>();
function cardMarkup(
  profile: PublicProfile,
  locale: Locale,
  preview: boolean,
  form: boolean,
  t: Translate,
  wallets: WalletLinks | undefined,
): SafeHtml {
  if (preview) return renderCard(profile, t, { preview, form, wallets });
  let byKey = renderedCards.get(profile);
  if (!byKey) renderedCards.set(profile, (byKey = new Map<string, SafeHtml>()));
  const key = `${locale}:${form ? 'form' : 'no-form'}`;
  let markup = byKey.get(key);
  if (!markup) byKey.set(key, (markup = renderCard(profile, t, { preview, form, wallets })));
  return markup;
}

/**
 * Whether the contact form comes after the wall's posts: when the owner put the posts first and
 * there are posts to show. A lost tag keeps its form first, right under the banner that points to
 * it (a finder's message matters more than the posts); with no posts shown the form stays in the card.
 */
export const formAfterWall = (profile: PublicProfile, wallShown: boolean): boolean =>
  profile.contactForm && wallShown && profile.sectionOrder === 'wall-first' && !profile.tag?.lostMode;

/** A card or tag as visitors see it, complete without JavaScript; `head` holds the meta tags (one description). */
export function renderProfilePage(
  profile: PublicProfile,
  options: {
    locale: Locale;
    head: string;
    url: string;
    assets: PageAssets;
    preview: boolean;
    wall?: PublicWallPage | null;
    wallPaged?: boolean;
    /** Which wallets' buttons the card shows (the same for every card of this process). */
    wallets?: WalletLinks;
  },
): string {
  const t = pageStrings(options.locale);
  const data = {
    alias: profile.alias,
    id: profile.id,
    name: profile.name,
    url: options.url,
    preview: options.preview,
    // Only what the script shows (the rest is in the HTML): a third of the compressed page otherwise.
    strings: {
      form: pageSection(options.locale, 'form', PUBLIC_PAGE_SCRIPT_STRINGS.form),
      share: pageSection(options.locale, 'share', PUBLIC_PAGE_SCRIPT_STRINGS.share),
      location: profile.tag?.lostMode ? pageSection(options.locale, 'location', PUBLIC_PAGE_SCRIPT_STRINGS.location) : {},
      qr: pageSection(options.locale, 'qr', PUBLIC_PAGE_SCRIPT_STRINGS.qr),
    },
  };
  const style = `--pp-color:${profile.theme.color};--pp-on-color:${textOn(profile.theme.color)}`;
  const wall = options.wall
    ? renderWall(options.wall, { t, locale: options.locale, basePath: profile.canonicalPath, paged: options.wallPaged ?? false })
    : null;
  // The owner's order of the sections under the card (sectionOrder): posts, then the form, or the reverse.
  const formLast = formAfterWall(profile, Boolean(wall?.value));
  const body = html`${options.preview ? html`<p class="pp-preview-note" role="note">${t('preview')}</p>` : null}
<main class="pp-page" style="${style}">
${cardMarkup(profile, options.locale, options.preview, !formLast, t, options.wallets)}
${wall}
${formLast ? html`<div class="pp-form-card" data-testid="public-form-card">${renderContactForm(profile, t, { preview: options.preview })}</div>` : null}
</main>
${options.preview ? null : footer(t)}
<script type="application/json" id="${DATA_ID}">${raw(jsonForScript(data))}</script>`;
  const head = html`${raw(options.head)}
<meta name="theme-color" content="${profile.theme.color}">`;
  return documentOf({ locale: options.locale, title: pageTitle(profile), head, body, assets: options.assets, drawAfter: DATA_ID });
}

/** "This profile is not available" (private, deleted, unknown): sent with status 404. */
export function renderNotAvailablePage(options: { locale: Locale; assets: PageAssets }): string {
  const t = pageStrings(options.locale);
  const body = html`<main class="pp-page"><section class="pp-card pp-missing" aria-labelledby="pp-missing-title" data-testid="public-profile-not-available">
<h1 id="pp-missing-title" class="pp-name">${t('notAvailable.title')}</h1>
<p>${t('notAvailable.body')}</p>
<p><a class="pp-button pp-primary" href="/">${t('notAvailable.home')}</a></p>
</section></main>
${footer(t)}`;
  const head = html`<meta name="robots" content="noindex">\n<meta name="description" content="${t('notAvailable.title')}">`;
  // Only the stylesheet: nothing on this page needs the script.
  return documentOf({
    locale: options.locale,
    title: `${t('notAvailable.pageTitle')} · Enlaza`,
    head,
    body,
    assets: { ...options.assets, js: null },
  });
}
