import { compile } from 'html-to-text';
import sanitizeHtml from 'sanitize-html';

/**
 * The one allow-list for rich text that users write (wall posts, email templates). Whatever a
 * client sends, only these tags and attributes survive: no script, style, event handler, iframe,
 * form or `javascript:` address. Links open in a new tab without handing over the opener.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'a',
    'ul',
    'ol',
    'li',
    'blockquote',
    'h2',
    'h3',
    'h4',
    'hr',
    'code',
    'pre',
    'img',
  ],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'] },
  // A link drawn as a button (the template editor's button): emails style `a.button` (templates/render.ts).
  allowedClasses: { a: ['button'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https', 'http'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }),
  },
};

/** Sanitises user-written HTML with the allow-list above. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/**
 * An email template's allow-list: the one above plus `<h1>`. An email is a document of its own whose
 * title a template may well write as an `<h1>` (pasted or API-made); dropping it lost the heading's
 * level (its text stayed as a plain line). A wall post stays below its page's own `<h1>`.
 */
const EMAIL_OPTIONS: sanitizeHtml.IOptions = { ...OPTIONS, allowedTags: ['h1', ...(OPTIONS.allowedTags as string[])] };

/** Sanitises an email template's HTML (the allow-list above with `<h1>`). */
export function sanitizeEmailHtml(html: string): string {
  return sanitizeHtml(html, EMAIL_OPTIONS).trim();
}

/**
 * The plain-text version of an HTML body (the text part of an email, previews, search). Nothing
 * changes case: html-to-text upper-cases headings and table headers by default, which turned a merge
 * field in a heading (`{{nombre}}`) into an unknown `{{NOMBRE}}` that rendered as nothing. Compiled
 * once (campaigns convert every recipient's merged body).
 */
const toPlainText = compile({
  wordwrap: 78,
  selectors: [
    { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
    { selector: 'img', format: 'skip' },
    ...(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const).map((selector) => ({ selector, options: { uppercase: false } })),
    { selector: 'table', options: { uppercaseHeaderCells: false } },
  ],
});

export function htmlToPlainText(html: string): string {
  return toPlainText(html).trim();
}
