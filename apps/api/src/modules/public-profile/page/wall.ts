import type { Locale, PublicWallPage, PublicWallPost } from '@enlaza/contracts';
import { picture } from './card.js';
import { icon } from './icons.js';
import { fittedSize, IMAGE_SIZES } from './image-variants.js';
import type { Translate } from './strings.js';
import { html, raw, type SafeHtml } from './template.js';

const DATE_LOCALE: Record<Locale, string> = { en: 'en', es: 'es', jp: 'ja' };
/** One formatter per language (making one costs more than rendering a whole card). */
const dateFormats = new Map<Locale, Intl.DateTimeFormat>();
const dateFormat = (locale: Locale) => {
  let format = dateFormats.get(locale);
  if (!format) dateFormats.set(locale, (format = new Intl.DateTimeFormat(DATE_LOCALE[locale], { dateStyle: 'medium', timeZone: 'UTC' })));
  return format;
};
const safeHref = (href: string) => (/^https?:/i.test(href) ? href : '#');
const hostOf = (url: string) => {
  try {
    return new URL(url).host.replace(/^www\./, '');
  } catch {
    return url;
  }
};

/** A post's image resized to the column (at most 640 px wide, 1280 on 2× screens), its box set; as it is when its size is unknown. */
function postImage(post: PublicWallPost): SafeHtml | null {
  if (!post.imagePath) return null;
  if (!post.imageSize) return html`<img class="pp-post-image" src="${post.imagePath}" alt="" loading="lazy" decoding="async">`;
  return picture(post.imagePath, IMAGE_SIZES.post, fittedSize(post.imageSize), {
    alt: '',
    className: 'pp-post-image',
    testId: 'public-wall-post-image',
    eager: false,
  });
}

/**
 * The wall's published posts under the card (pinned first, then newest), readable without
 * JavaScript; "more" is a plain link to the next page (`?posts=<cursor>#pp-wall`). A post's body
 * was sanitised with the rich-text allow-list when it was written and again when this page was read.
 */
export function renderWall(page: PublicWallPage, options: { t: Translate; locale: Locale; basePath: string; paged: boolean }): SafeHtml {
  const { t, locale, basePath } = options;
  if (page.posts.length === 0 && !options.paged) return html``;
  const date = dateFormat(locale);
  return html`<section class="pp-wall" id="pp-wall" aria-labelledby="pp-wall-title" data-testid="public-wall">
<h2 id="pp-wall-title" class="pp-wall-title">${t('wall.title')}</h2>
${page.posts.length === 0 ? html`<p>${t('wall.empty')}</p>` : null}
${page.posts.map(
  (post) => html`<article class="pp-post" data-testid="public-wall-post" aria-labelledby="pp-post-${post.id}">
${post.pinned ? html`<p class="pp-post-pinned">${t('wall.pinned')}</p>` : null}
<h3 id="pp-post-${post.id}" class="pp-post-title">${post.title}</h3>
<p class="pp-post-date"><time datetime="${post.publishedAt}">${t('wall.published', { date: date.format(new Date(post.publishedAt)) })}</time></p>
${postImage(post)}
<div class="pp-post-body">${raw(post.bodyHtml)}</div>
${post.linkUrl ? html`<p class="pp-post-link">${raw(icon('link'))}<a href="${safeHref(post.linkUrl)}" rel="noopener nofollow" target="_blank">${hostOf(post.linkUrl)}</a></p>` : null}
</article>`,
)}
${
  page.nextCursor || options.paged
    ? html`<nav class="pp-wall-nav" aria-label="${t('wall.title')}">${options.paged ? html`<a href="${basePath}#pp-wall">${t('wall.newest')}</a>` : null}${page.nextCursor ? html`<a href="${basePath}?posts=${encodeURIComponent(page.nextCursor)}#pp-wall" rel="next" data-testid="public-wall-more">${t('wall.more')}</a>` : null}</nav>`
    : null
}
</section>`;
}
