// The font file the first frame of every page draws with, preloaded by each page's HTML: the SPA's
// index.html (the plugin below) and the server-rendered pages (build/public-page.mjs writes it into
// their manifests). A plain script, as build/public-page.mjs runs under node.

/**
 * Inter's Latin letters. The other shipped files (latin-ext, the monospace, the symbols) are fetched
 * when a page shows one of their characters; preloading them would cost every visit bytes most never use.
 */
export const FIRST_PAINT_FONT = 'inter-latin-wght-normal.woff2';

/**
 * Preloads FIRST_PAINT_FONT in the SPA's index.html: the browser otherwise asks for it only once the
 * script has rendered text, and draws that text in a fallback font meanwhile.
 * @returns {import('vite').Plugin}
 */
export function firstPaintFont() {
  return {
    name: 'enlaza-first-paint-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const assets = Object.values(ctx.bundle ?? {}).filter((output) => output.type === 'asset');
        const font = assets.find((asset) => asset.originalFileNames.some((name) => name.endsWith(`/${FIRST_PAINT_FONT}`)));
        if (!font) throw new Error(`${FIRST_PAINT_FONT} is not in the build: is src/styles/fonts.css still imported by src/main.tsx?`);
        // crossorigin: a font is always fetched in CORS mode; a preload without it would not be reused.
        const attrs = { rel: 'preload', href: `/${font.fileName}`, as: 'font', type: 'font/woff2', crossorigin: true };
        return [{ tag: 'link', attrs, injectTo: 'head' }];
      },
    },
  };
}
