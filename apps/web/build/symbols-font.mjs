// Makes src/styles/fonts/symbols.woff2: the arrows, mathematical operators and geometric shapes of
// Noto Sans Math (@fontsource/noto-sans-math), which the Latin files of the app's fonts lack. The
// whole file is 264 KB for these few signs ("→", "⋯"); the subset about 35 KB. The result is
// committed (the build needs no font tools); src/styles/symbols-font.test.ts checks that it is this
// script's output. Run: node apps/web/build/symbols-font.mjs
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

const require = createRequire(import.meta.url);
export const SOURCE_FONT = require.resolve('@fontsource/noto-sans-math/files/noto-sans-math-latin-400-normal.woff2');
export const SYMBOLS_FONT = fileURLToPath(new URL('../src/styles/fonts/symbols.woff2', import.meta.url));
/** Arrows, Mathematical Operators, Geometric Shapes: whole Unicode blocks, all in Noto Sans Math. */
export const SYMBOL_RANGES = [
  [0x2190, 0x21ff],
  [0x2200, 0x22ff],
  [0x25a0, 0x25ff],
];

/** The ranges as a CSS unicode-range ("U+2190-21FF, …"). */
export const unicodeRange = () =>
  SYMBOL_RANGES.map(([from, to]) => `U+${from.toString(16).toUpperCase()}-${to.toString(16).toUpperCase()}`).join(', ');

export async function symbolsFont() {
  let text = '';
  for (const [from, to] of SYMBOL_RANGES) for (let code = from; code <= to; code++) text += String.fromCodePoint(code);
  return subsetFont(readFileSync(SOURCE_FONT), text, { targetFormat: 'woff2' });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const font = await symbolsFont();
  writeFileSync(SYMBOLS_FONT, font);
  // The font's licence goes with it (SIL Open Font License 1.1).
  copyFileSync(
    require.resolve('@fontsource/noto-sans-math/LICENSE'),
    new URL('../src/styles/fonts/LICENSE-noto-sans-math.txt', import.meta.url),
  );
  console.log(`${SYMBOLS_FONT}: ${font.length} bytes`);
}
