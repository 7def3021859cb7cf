import { escapeHtml } from '../../../lib/html.js';

/** Markup already made safe (by `html` or from our own constants); anything else is escaped. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}

type Part = SafeHtml | string | number | null | undefined | false | Part[];

function render(part: Part): string {
  if (part === null || part === undefined || part === false) return '';
  if (Array.isArray(part)) return part.map(render).join('');
  if (part instanceof SafeHtml) return part.value;
  return escapeHtml(String(part));
}

/** An HTML template: every interpolated value is escaped unless it is itself `html`/`raw`. */
export function html(strings: TemplateStringsArray, ...values: Part[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, i) => (out += render(value) + (strings[i + 1] ?? '')));
  return new SafeHtml(out);
}

/** Trusted markup (our icons, our own tags): never pass user data here. */
export const raw = (markup: string) => new SafeHtml(markup);

/**
 * A `<head>` link that keeps the browser from drawing the page before the element with this id is
 * parsed: put it on an element after everything visible. On a slow network a browser draws what
 * came first and moves it when the rest comes (a button drawn before its label). HTML's "expect"
 * link; Chromium unblocks at the element's start tag, hence an element that comes last; a browser
 * without it draws as before.
 */
export const drawAfter = (id: string) => html`<link rel="expect" href="#${id}" blocking="render">`;

/**
 * `<head>` links that fetch the fonts the first frame draws with (apps/web/src/styles/fonts.css) as
 * soon as the head is read, not once the stylesheet has been parsed and the text laid out: they are
 * there before the first frame, so it is not drawn in a fallback font and redrawn when they come.
 * `crossorigin`, as a font is always fetched in CORS mode: without it the preload is not reused.
 */
export const fontPreloads = (fonts: readonly string[]) =>
  fonts.map((href) => html`<link rel="preload" href="${href}" as="font" type="font/woff2" crossorigin>`);
