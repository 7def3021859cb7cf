import { DomUtils, parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { prepareEmail } from '../../src/modules/templates/render.js';

/** The hidden pre-header (the inbox's preview line) of a rendered email, read with an HTML parser. */
function preheader(bodyHtml: string): string {
  const doc = parseDocument(prepareEmail({ subject: 'S', bodyHtml }, 'en').document, { decodeEntities: true });
  const hidden = DomUtils.findOne((el) => el.attribs['aria-hidden'] === 'true', doc.children);
  // The spacers after the text (combining grapheme joiners, zero-width non-joiners, no-break spaces).
  return DomUtils.textContent(hidden!).replace(/[\u034f\u200c\u00a0]+$/u, '');
}

const URL = 'https://example.org/autumn/collection/2026/coats-and-scarves?utm_source=newsletter&utm_medium=email';

describe('the pre-header', () => {
  for (const lead of ['', 'Short. ', 'A sentence of some forty characters, then ', 'x'.repeat(10) + ' '.repeat(1) + 'y '.repeat(45)])
    it(`is never cut inside a URL or a word (${lead.length} characters before the URL)`, () => {
      const source = `${lead}${URL} and the rest of the message after it.`;
      const text = preheader(`<p>${source.replace(/&/g, '&amp;')}</p>`);
      expect(text.length).toBeLessThanOrEqual(140);
      expect(text.length).toBeGreaterThan(0);
      // Whole words of the text, from its start: the preview reads as the message, cut between words.
      expect(source.replace(/\s+/g, ' ').startsWith(text)).toBe(true);
      const next = source.replace(/\s+/g, ' ').slice(text.length);
      expect(next === '' || next.startsWith(' ')).toBe(true);
      // Any address in it is whole.
      for (const word of text.split(' ').filter((w) => w.startsWith('http'))) expect(word).toBe(URL);
    });

  it('keeps to 140 characters on a long text, ending on a whole word', () => {
    const words = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    const text = preheader(`<p>${words}</p>`);
    expect(text.length).toBeLessThanOrEqual(140);
    expect(words.startsWith(text) && words[text.length] === ' ').toBe(true);
  });
});
