import { readFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';

/*
 * pdfkit reads and parses a font file for every document that uses it: for the bundled Noto Sans
 * JP (two files of 5.4 MB) that was most of an invoice PDF's CPU time (its character map, glyph
 * locations and layout tables decoded again each time). Here each file is parsed once per process
 * and every document embeds the parsed font, as pdfkit itself would after parsing it (same ids, same
 * order in the document's font table, so the same bytes).
 *
 * What this uses of pdfkit's internals (0.17; `pdf-fonts.test.ts` compares the bytes with pdfkit's
 * own path): a document's font table (`_fontFamilies`) and counter (`_fontCount`), and the class of
 * the fonts it embeds, taken from a first document.
 */

/** A font as fontkit parsed it: `_glyphs` is its cache of glyph objects. */
type ParsedFont = {
  postscriptName: string;
  head?: { checkSumAdjustment: number };
  name?: { records: unknown };
  _glyphs: Record<number, unknown>;
};
type EmbeddedFont = { name: string; font: ParsedFont };
type EmbeddedFontClass = new (doc: PDFKit.PDFDocument, font: ParsedFont, id: string) => EmbeddedFont;
type DocumentFonts = { _fontFamilies: Record<string, EmbeddedFont>; _fontCount: number; _font: EmbeddedFont };

const internals = (doc: PDFKit.PDFDocument) => doc as unknown as DocumentFonts;

/** One parse per file (and per name, as pdfkit gives each registered name a parse of its own). */
const parsed = new Map<string, { font: ParsedFont; Embedded: EmbeddedFontClass }>();

function parse(key: string, path: string) {
  let entry = parsed.get(key);
  if (!entry) {
    const probe = new PDFDocument({ autoFirstPage: false });
    probe.font(readFileSync(path));
    const embedded = internals(probe)._font;
    entry = { font: embedded.font, Embedded: embedded.constructor as EmbeddedFontClass };
    parsed.set(key, entry);
  }
  return entry;
}

/** pdfkit's test for the same face under two names (`isEqualFont`): the second name then uses the first's font. */
const sameFace = (a: ParsedFont, b: ParsedFont) =>
  a.postscriptName === b.postscriptName &&
  a.head?.checkSumAdjustment === b.head?.checkSumAdjustment &&
  JSON.stringify(a.name?.records) === JSON.stringify(b.name?.records);

/**
 * Gives `doc` the fonts `files` names (name → file), in that order, as `doc.registerFont(name, file)`
 * and a first `doc.font(name)` in that order would: each under its name and its PostScript name,
 * with the next font id.
 */
export function useParsedFonts(doc: PDFKit.PDFDocument, files: [name: string, path: string][]): void {
  const fonts = internals(doc);
  for (const [name, path] of files) {
    const { font, Embedded } = parse(`${name}\n${path}`, path);
    // A fresh cache of glyph objects per document, as a newly parsed font starts with: a glyph
    // keeps the characters it was first reached from (the PDF's text layer), and those must not
    // depend on what an earlier document printed. The decoded tables are kept.
    font._glyphs = {};
    const id = `F${++fonts._fontCount}`;
    const previous = fonts._fontFamilies[font.postscriptName];
    if (previous && sameFace(previous.font, font)) {
      fonts._fontFamilies[name] = previous;
      continue;
    }
    const embedded = new Embedded(doc, font, id);
    fonts._fontFamilies[name] = embedded;
    fonts._fontFamilies[embedded.name] = embedded;
  }
}
