import { DomUtils, parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { mergeEmail, prepareEmail } from '../../src/modules/templates/render.js';
import { templateContent } from '../../src/modules/templates/service.js';

/** A template's headings, saved (sanitised) and rendered, read back with an HTML parser. */
describe('headings are kept', () => {
  it('a template’s h1, h2 and h3 survive the sanitiser and the renderer, with their text and a size of their own', () => {
    const { bodyHtml, bodyText } = templateContent(
      { subject: 'S', bodyHtml: '<h1>Gran noticia</h1><h2>Para {{nombre}}</h2><h3>Detalles</h3><p>Texto</p>' },
      'es',
    );
    const html = mergeEmail(prepareEmail({ subject: 'S', bodyHtml }, 'es'), {
      nombre: 'Ana',
      email: 'a@example.org',
      perfil_url: 'https://enlaza.example/ana',
      baja_url: 'https://enlaza.example/u/x',
    }).html;
    const doc = parseDocument(html);
    for (const [tag, text] of [
      ['h1', 'Gran noticia'],
      ['h2', 'Para Ana'],
      ['h3', 'Detalles'],
    ] as const) {
      const [heading] = DomUtils.getElementsByTagName(tag, doc);
      expect(heading, tag).toBeDefined();
      expect(DomUtils.textContent(heading!)).toBe(text);
      expect(heading!.attribs.style, tag).toMatch(/font-size:\s*\d+px/);
    }
    expect(bodyText).toContain('Gran noticia');
  });
});
