import { randomUUID } from 'node:crypto';
import juice from 'juice';
import { namesOfMergeField, type Locale, type MergeValues } from '@enlaza/contracts';
import { BUTTON_STYLE, EMAIL_THEME } from '../../lib/email-theme.js';
import { escapeHtml } from '../../lib/html.js';
import { renderMergeFields } from '../../platform/merge-fields.js';
import { htmlToPlainText } from '../../platform/rich-text.js';

export type TemplateContent = { subject: string; bodyHtml: string; bodyText: string };
export type RenderedTemplate = { subject: string; html: string; text: string };

/**
 * The one renderer of emails written by users: the template preview, its test send, a campaign's
 * review and test send, every campaign email and its "view in browser" page. What the preview shows
 * is what is sent; only the recipient's merge fields, the tracked links, the open pixel and the
 * footer differ between two recipients.
 *
 * It works in two steps, so a campaign lays out and inlines its template once and not once per
 * recipient (juice parses the whole document: milliseconds, against microseconds for the merge):
 * - `prepareEmail`: the template inside the responsive layout (a 600 px column that fills a phone's
 *   width, dark-mode colours, images that never overflow, buttons), its CSS inlined by juice (mail
 *   clients drop or ignore `<style>`; the media queries stay in one), bare URLs made links, images
 *   without an `alt` given an empty one, and a hidden pre-header (the line inboxes show after the
 *   subject). Merge fields stay as written.
 * - `mergeEmail`: per recipient, the merge fields filled (escaped in HTML), links rewritten (the
 *   campaign's click tracking), the footer, the "view in browser" link and the open pixel put in
 *   their places; the text part made from the merged body, changing the case of nothing.
 */

/** Places in the layout that each recipient fills; the nonce keeps a template's own text from posing as one. */
const nonce = randomUUID().replaceAll('-', '');
const SLOT = {
  view: `<!--enlaza-view-${nonce}-->`,
  footer: `<!--enlaza-footer-${nonce}-->`,
  pixel: `<!--enlaza-pixel-${nonce}-->`,
};

const { light, dark } = EMAIL_THEME;
const FONT = "system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

/**
 * The layout's styles. Juice writes each rule into the `style` attribute of what it matches; the
 * media queries (a phone's narrower padding, dark mode for the clients that support it) stay in a
 * `<style>` element, with `!important` to win over the inlined values.
 */
const CSS = `
body{margin:0;padding:0;width:100%;background:${light.page};-webkit-text-size-adjust:100%;text-size-adjust:100%}
.outer{width:100%;background:${light.page}}
.column{width:100%;max-width:600px;margin:0 auto}
.view{padding:12px 16px 4px;font-family:${FONT};font-size:12px;line-height:1.5;color:#555555;text-align:right}
.view a{color:${light.link}}
.card{background:${light.card};border-radius:8px;padding:28px;font-family:${FONT};font-size:16px;line-height:1.5;color:${light.text};word-wrap:break-word;overflow-wrap:break-word}
.card p{margin:0 0 16px}
.card h1{font-size:28px;line-height:1.2;margin:0 0 16px}
.card h2{font-size:24px;line-height:1.25;margin:0 0 16px}
.card h3{font-size:20px;line-height:1.3;margin:0 0 12px}
.card h4{font-size:17px;line-height:1.35;margin:0 0 8px}
.card ul,.card ol{margin:0 0 16px;padding-left:24px}
.card blockquote{margin:0 0 16px;padding:0 0 0 16px;border-left:3px solid ${light.quoteBorder};color:${light.quote}}
.card a{color:${light.link};text-decoration:underline}
.card a.button{${BUTTON_STYLE}}
.card img{max-width:100%;height:auto;border:0;outline:none;text-decoration:none;display:block}
.card hr{border:0;border-top:1px solid #dee2e6;margin:24px 0}
.card pre{white-space:pre-wrap;font-size:14px}
.footer{padding:16px 28px 24px;font-family:${FONT}}
@media only screen and (max-width:620px){
  .card{padding:20px !important;border-radius:0 !important}
  .footer{padding:16px 20px 24px !important}
}
@media (prefers-color-scheme:dark){
  body,.outer{background:${dark.page} !important}
  .card{background:${dark.card} !important;color:${dark.text} !important}
  .card a{color:${dark.link} !important}
  .card a.button{background:${dark.button} !important;color:${dark.buttonText} !important}
  .card blockquote{color:${dark.quote} !important;border-color:${dark.quoteBorder} !important}
  .view,.footer p{color:${dark.muted} !important}
  .view a,.footer a{color:${dark.link} !important}
}`;

/** The merge fields whose values are addresses (by any of their names): written bare in the text, they become links too. */
const URL_NAMES = [...namesOfMergeField('perfil_url'), ...namesOfMergeField('baja_url')].join('|');
const URL_FIELD = new RegExp(`\\{\\{\\s*(?:${URL_NAMES})\\s*\\}\\}`);
const BARE_URL = new RegExp(`(https?://[^\\s<>"]+|\\{\\{\\s*(?:${URL_NAMES})\\s*\\}\\})`, 'g');
/** Punctuation that ends a sentence rather than an address. */
const TRAILING = /[.,;:!?)\]'’”]+$/;

/**
 * Bare URLs (and URL merge fields) in the text become links; images without `alt` get an empty one
 * (decorative, so screen readers skip them instead of reading the file name). The input is the
 * sanitiser's output (platform/rich-text.ts): tags well formed, `<` in text escaped, so a tag is
 * every `<…>` and the rest is text.
 */
export function linkifyBody(html: string): string {
  let inLink = 0;
  return html
    .split(/(<[^>]*>)/)
    .map((part) => {
      if (part.startsWith('<')) {
        if (/^<a[\s>]/i.test(part)) inLink++;
        else if (/^<\/a>/i.test(part)) inLink = Math.max(0, inLink - 1);
        else if (/^<img\s/i.test(part) && !/\salt=/i.test(part)) return part.replace(/^<img/i, '<img alt=""');
        return part;
      }
      if (inLink || !part) return part;
      return part.replace(BARE_URL, (match: string) => {
        if (URL_FIELD.test(match)) return `<a href="${match}">${match}</a>`;
        const url = match.replace(TRAILING, '');
        return `<a href="${url}">${url}</a>${match.slice(url.length)}`;
      });
    })
    .join('');
}

/** The card's content width: the layout's 600 px column less the card's padding (28 px on each side). */
const CONTENT_WIDTH = 544;
const pixels = (value: string | undefined) => (value && /^\s*\d+(?:\.\d+)?\s*(?:px)?\s*$/i.test(value) ? parseFloat(value) : null);
const attribute = (tag: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*("[^"]*"|'[^']*'|[^\\s>]+)`, 'i').exec(tag)?.[1]?.replace(/^["']|["']$/g, '');
const setAttribute = (tag: string, name: string, value: string) => {
  const re = new RegExp(`\\s${name}\\s*=\\s*("[^"]*"|'[^']*'|[^\\s>]+)`, 'i');
  return re.test(tag) ? tag.replace(re, ` ${name}="${value}"`) : tag.replace(/^<(\w+)/, `<$1 ${name}="${value}"`);
};
/** An inline style's fixed widths beyond the column made fluid (`width:100%`; a `min-width` dropped). */
const fluidStyle = (style: string) =>
  style
    .split(';')
    .map((d) => {
      const [name = '', value] = d.split(':').map((x) => x.trim());
      const size = pixels(value);
      if (size === null || size <= CONTENT_WIDTH) return d;
      if (/^width$/i.test(name)) return 'width:100%';
      if (/^min-width$/i.test(name)) return '';
      return d;
    })
    .filter((d) => d.trim())
    .join(';');

/**
 * Fixed widths beyond the card's column capped, whatever HTML the body holds (pasted, API-made,
 * older templates): an `<img width="1200">` made the whole email 1,240 px wide on a phone, since
 * some clients let the attribute win over `max-width` and a table cell grows to its content. An
 * image wider than the column gets `width="544"`, its height scaled to keep its proportions, and
 * `width:100%` (with the layout's `max-width:100%;height:auto`), so it shrinks with the screen; a
 * table or cell wider than the column becomes `width="100%"`; inline `width`/`min-width` in pixels
 * past the column become fluid. Widths within the column are left as written.
 */
export function capWidths(html: string): string {
  return html
    .split(/(<[^>]*>)/)
    .map((part) => {
      const tag = /^<([a-z][a-z0-9]*)\b/i.exec(part)?.[1]?.toLowerCase();
      if (!tag) return part;
      let out = part;
      const style = attribute(out, 'style');
      if (style !== undefined && fluidStyle(style) !== style) out = setAttribute(out, 'style', fluidStyle(style).replace(/"/g, "'"));
      const width = pixels(attribute(out, 'width'));
      if (width === null || width <= CONTENT_WIDTH) return out;
      if (tag !== 'img') return setAttribute(out, 'width', '100%');
      const height = pixels(attribute(out, 'height'));
      out = setAttribute(out, 'width', String(CONTENT_WIDTH));
      if (height !== null) out = setAttribute(out, 'height', String(Math.round((height * CONTENT_WIDTH) / width)));
      const own = attribute(out, 'style');
      return setAttribute(out, 'style', `${own ? `${own.replace(/;\s*$/, '')};` : ''}width:100%;max-width:100%;height:auto`);
    })
    .join('');
}

const decodeEntities = (value: string) =>
  value
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

/** The pre-header's length: about what inboxes show after the subject. */
const PREVIEW_LENGTH = 140;

/**
 * The start of a text, up to PREVIEW_LENGTH characters, cut between words: a cut inside an address
 * showed a broken link in the inbox's preview line. Only a first word longer than the whole line
 * (not an address: an address is left out whole) is cut, by characters.
 */
export function previewLine(text: string): string {
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if ([...next].length <= PREVIEW_LENGTH) {
      line = next;
      continue;
    }
    if (!line && !/^https?:\/\//i.test(word)) line = [...word].slice(0, PREVIEW_LENGTH).join('');
    break;
  }
  return line;
}

export type PreparedEmail = {
  /** The subject with its merge fields as written. */
  subject: string;
  /** The body as written, links made (the text part is made from it per recipient). */
  body: string;
  /** The whole document, CSS inlined, with the recipient's slots. */
  document: string;
};

const HTML_LANG: Record<string, string> = { en: 'en', es: 'es', jp: 'ja' };

/** Lays a template out once (see above): the costly step, shared by every recipient of a campaign. */
export function prepareEmail(template: Pick<TemplateContent, 'subject' | 'bodyHtml'>, locale: string): PreparedEmail {
  const body = linkifyBody(capWidths(template.bodyHtml));
  // The pre-header: the start of the body's text, so an inbox's preview line reads the message and
  // not "View in browser". Followed by spacers so the client does not go on into the rest.
  const preheader = previewLine(
    decodeEntities(body.replace(/<\/?(?:p|h[1-6]|li|ul|ol|br|hr|blockquote|pre|div)\b[^>]*>/gi, ' ').replace(/<[^>]*>/g, ''))
      .replace(/\s+/g, ' ')
      .trim(),
  );
  const document = `<!doctype html>
<html lang="${HTML_LANG[locale] ?? 'en'}" xmlns="http://www.w3.org/1999/xhtml">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${escapeHtml(template.subject)}</title>
<style>${CSS}</style>
</head>
<body>
<div style="display:none;font-size:1px;line-height:1px;max-height:0;max-width:0;opacity:0;overflow:hidden;mso-hide:all" aria-hidden="true">${escapeHtml(preheader)}${'&#847;&zwnj;&nbsp;'.repeat(30)}</div>
<table role="presentation" class="outer" width="100%" cellpadding="0" cellspacing="0" border="0"><tr><td align="center">
<table role="presentation" class="column" width="100%" cellpadding="0" cellspacing="0" border="0">
<tr><td class="view">${SLOT.view}</td></tr>
<tr><td class="card">
${body}
</td></tr>
<tr><td class="footer">${SLOT.footer}</td></tr>
</table>
</td></tr></table>
${SLOT.pixel}
</body>
</html>`;
  // The merge fields inside attributes (`href="{{perfil_url}}"`) and text pass through juice untouched.
  const inlined = juice(document, {
    removeStyleTags: true,
    preserveMediaQueries: true,
    applyWidthAttributes: false,
    applyHeightAttributes: false,
  });
  return { subject: template.subject, body, document: inlined };
}

export type RecipientExtras = {
  /** The HTML link's new address (a tracked redirect), or null to leave it. */
  rewriteLink?: (url: string) => string | null;
  /** Why the recipient gets this, who sends it and how to leave: below the card, as HTML and as text. */
  footer?: { html: string; text: string } | null;
  /** The link to this email as a web page, above the card. */
  view?: { url: string; label: string } | null;
  /** The open pixel's address. */
  pixelUrl?: string | null;
};

/** One recipient's email from a prepared template (see above). */
export function mergeEmail(prepared: PreparedEmail, values: MergeValues, extras: RecipientExtras = {}): RenderedTemplate {
  let html = renderMergeFields(prepared.document, values, 'html');
  // The text part from the merged body (its links as written, before any becomes a redirect).
  let text = htmlToPlainText(renderMergeFields(prepared.body, values, 'html'));
  const rewrite = extras.rewriteLink;
  if (rewrite)
    html = html.replace(/href="(https?:\/\/[^"]+)"/gi, (whole, raw: string) => {
      const next = rewrite(decodeEntities(raw));
      return next === null ? whole : `href="${escapeHtml(next)}"`;
    });
  const footer = extras.footer ?? null;
  if (footer) text += `${text ? '\n\n' : ''}${footer.text}`;
  html = html
    .replace(
      SLOT.view,
      extras.view ? `<a href="${escapeHtml(extras.view.url)}" style="color:${light.link}">${escapeHtml(extras.view.label)}</a>` : '',
    )
    .replace(SLOT.footer, footer?.html ?? '')
    .replace(
      SLOT.pixel,
      extras.pixelUrl ? `<img src="${escapeHtml(extras.pixelUrl)}" width="1" height="1" alt="" style="display:block;border:0">` : '',
    );
  return { subject: renderMergeFields(prepared.subject, values, 'text'), html, text };
}

/** A template as one recipient gets it, without a campaign's extras (the template preview and test send). */
export function renderTemplate(template: TemplateContent, values: MergeValues, locale: Locale): RenderedTemplate {
  return mergeEmail(prepareEmail(template, locale), values);
}
