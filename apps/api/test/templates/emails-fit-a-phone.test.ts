import { parseDocument, DomUtils } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { mergeEmail, prepareEmail } from '../../src/modules/templates/render.js';
import { templateContent } from '../../src/modules/templates/service.js';
import { styleOf } from '../helpers/inline-style.js';

/**
 * No email is wider than a phone's screen, whatever HTML its body holds: a pasted or API-made image
 * with `width="1200"` made the whole message 1,240 px wide on a 360 px screen (the image's width attribute
 * and the card's padding). Read with an HTML parser, the way a mail client reads the message.
 */
/** The layout's column (600 px) less the card's padding on both sides; below it an image shrinks with the screen (`width:100%`). */
const CONTENT = 544;

const render = (bodyHtml: string) =>
  mergeEmail(prepareEmail({ subject: 'S', bodyHtml }, 'en'), {
    nombre: 'Ana',
    email: 'a@example.org',
    perfil_url: 'https://enlaza.example/ana',
    baja_url: 'https://enlaza.example/u/x',
  }).html;

const px = (value: string | undefined) => (value && /^\d+(\.\d+)?(px)?$/.test(value) ? parseFloat(value) : null);

/** Every fixed width in the document (attributes and inline styles), by element. */
function fixedWidths(html: string) {
  const doc = parseDocument(html);
  const elements = DomUtils.findAll(() => true, doc.children);
  return elements.flatMap((el) => {
    const style = styleOf(el);
    return [
      { el, what: 'width attribute', value: px(el.attribs.width) },
      { el, what: 'style width', value: px(style.width) },
      { el, what: 'style min-width', value: px(style['min-width']) },
    ].filter((w) => w.value !== null && w.value > 1);
  });
}

const BODIES = {
  'an API-made image': '<p><img src="https://example.org/wide.png" width="1200" height="800" alt="Wide"></p>',
  'a pasted image with px units': '<p><img src="https://example.org/wide.png" width="1200px" alt="Wide"></p>',
  'a table with width attributes': '<table width="900"><tr><td width="1000">Cell</td><th width="700px">Head</th></tr></table>',
  'inline styles': '<div style="width:1200px;min-width:800px">Wide</div><img src="https://example.org/w.png" style="width:900px">',
};

describe('emails fit a phone', () => {
  for (const [what, body] of Object.entries(BODIES))
    it(`caps every fixed width to the column: ${what}`, () => {
      const html = render(body);
      const tooWide = fixedWidths(html).filter((w) => w.value! > CONTENT && !(w.el.attribs.class ?? '').includes('column'));
      expect(tooWide.map((w) => `<${w.el.name}> ${w.what} ${w.value}`)).toEqual([]);
      for (const img of DomUtils.getElementsByTagName('img', parseDocument(html)).filter((i) =>
        (i.attribs.src ?? '').includes('example.org'),
      )) {
        const style = styleOf(img);
        expect(style['max-width']).toBe('100%');
        expect(style.height).toBe('auto');
      }
    });

  it('keeps an image’s proportions when it caps it, and leaves a small one as it is', () => {
    const html = render(
      '<p><img src="https://example.org/wide.png" width="1200" height="800" alt="Wide"> <img src="https://example.org/s.png" width="120" height="40" alt="Small"></p>',
    );
    const [wide, small] = DomUtils.getElementsByTagName('img', parseDocument(html)).filter((i) =>
      (i.attribs.src ?? '').includes('example.org'),
    );
    expect(wide!.attribs).toMatchObject({ width: String(CONTENT), height: String(Math.round((800 * CONTENT) / 1200)) });
    expect(styleOf(wide!).width).toBe('100%');
    expect(small!.attribs).toMatchObject({ width: '120', height: '40' });
  });

  it('caps a saved template too (the sanitiser keeps an image’s width and height)', () => {
    const { bodyHtml } = templateContent({ subject: 'S', bodyHtml: BODIES['an API-made image'] }, 'en');
    expect(bodyHtml).toContain('width="1200"');
    expect(fixedWidths(render(bodyHtml)).filter((w) => w.value! > CONTENT && !(w.el.attribs.class ?? '').includes('column'))).toEqual([]);
  });
});
