import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SYMBOLS_FONT, symbolsFont, unicodeRange } from '../../build/symbols-font.mjs';

/*
 * The arrows and operators of the app's text ("→", "⋯") come from a subset of Noto Sans Math that is
 * committed, not made by the build. A stale file, or a stylesheet that sends to it signs it does not
 * have, would hand them back to whatever font the computer has: what the shipped fonts are there to end.
 */
const REGENERATE = 'run `node apps/web/build/symbols-font.mjs` to regenerate src/styles/fonts/symbols.woff2';

describe('the symbols font', () => {
  it('is exactly what the generator makes of Noto Sans Math', async () => {
    const made = await symbolsFont();
    expect(Buffer.compare(made, readFileSync(SYMBOLS_FONT)) === 0, REGENERATE).toBe(true);
  });

  it('is declared for the ranges it was made for, and only those', () => {
    const css = readFileSync(new URL('./fonts.css', import.meta.url), 'utf8');
    const face = /@font-face\s*{[^}]*'Enlaza Symbols'[^}]*}/.exec(css)?.[0] ?? '';
    expect(/unicode-range:\s*([^;]+);/.exec(face)?.[1]?.replace(/\s+/g, ' ').trim()).toBe(unicodeRange());
  });
});
