import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('..', import.meta.url));
const CARD_STYLESHEET = 'public-page/page.css';

function filesOf(dir: string, ending: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesOf(path, ending);
    return ending.test(entry.name) ? [relative(src, path)] : [];
  });
}

/** The public card's classes (`pp-…`) a file names: as selectors in a stylesheet, as class names in a component. */
function cardClassesIn(file: string): string[] {
  const text = readFileSync(join(src, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  const pattern = file.endsWith('.css') ? /\.pp-[\w-]+/g : /\bclassName=["'{`][^"'}`]*\bpp-[\w-]+/g;
  return text.match(pattern) ?? [];
}

// The owner's preview in the card's page is the visitor's page itself (the server's HTML in a frame),
// so both see one stylesheet. A second copy of the card's styles in the SPA drifts from it unseen:
// the copy the SPA once kept already differed when it was found.
describe('the public card has one stylesheet', () => {
  it('is the server-rendered page’s, which styles the card', () => {
    expect(cardClassesIn(CARD_STYLESHEET)).toEqual(expect.arrayContaining(['.pp-card', '.pp-body', '.pp-name', '.pp-links']));
  });

  it('has no copy in the SPA: no other stylesheet styles the card’s classes and no component draws them', () => {
    const others = filesOf(src, /\.(css|tsx)$/).filter((file) => file !== CARD_STYLESHEET);
    const copies = others.flatMap((file) => cardClassesIn(file).map((found) => `${file}: ${found}`));
    expect(copies).toEqual([]);
  });
});
