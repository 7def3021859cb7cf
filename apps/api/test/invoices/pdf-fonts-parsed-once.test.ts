import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { pdfFont } from '../../src/config/billing-settings.js';
import { useParsedFonts } from '../../src/modules/invoices/pdf-fonts.js';

// The invoice PDF's fonts are parsed once per process (pdf-fonts.ts) instead of by pdfkit for every
// document: each document must still be, byte for byte, what pdfkit makes from the files itself.

const bundled = pdfFont(undefined)!;
/** A fixed creation date: with it pdfkit's output (its file id included) depends on the content only. */
const CREATED = new Date('2026-01-02T03:04:05Z');

type Fonts = (doc: PDFKit.PDFDocument) => void;
const pdfkitOwn =
  (regular: string, bold: string): Fonts =>
  (doc) => {
    doc.registerFont('body', regular);
    doc.registerFont('bold', bold);
  };
const parsedOnce =
  (regular: string, bold: string): Fonts =>
  (doc) =>
    useParsedFonts(doc, [
      ['body', regular],
      ['bold', bold],
    ]);

/** A page of lines, alternately regular and bold, the way the invoice uses its two names. */
function render(lines: string[], fonts: Fonts): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: 'Factura', CreationDate: CREATED } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  fonts(doc);
  lines.forEach((line, i) =>
    doc
      .font(i % 2 === 0 ? 'body' : 'bold')
      .fontSize(10)
      .text(line),
  );
  doc.end();
  return done;
}

// In Noto Sans JP one glyph stands for U+2012 and U+2013 (figure and en dash), another for a space
// and a no-break space: a glyph keeps the character it was first reached from as its text, so a
// document must not inherit that from one printed before it.
const DOCUMENTS = [
  ['Factura F2026-000001', 'Renewal 1 ‒ café, ﬁnal', 'Total:\u00a012,10 €', 'Pro – monthly'],
  ['請求書', 'Pro プラン（月額）', '2026-01-02 – 2026-02-02', '合計 1 210 €'],
  ['Invoice F2026-000002', 'Período 2026-01-02 – 2026-02-02', 'Total: 12,10\u00a0€', 'ＡＢＣ ①②'],
];

describe('invoice PDF fonts parsed once per process', () => {
  it('makes each document byte for byte as pdfkit does from the font files, whatever was printed before', async () => {
    const own = await Promise.all(DOCUMENTS.map((lines) => render(lines, pdfkitOwn(bundled.regular, bundled.bold))));
    // Each document after the others, in both orders, and the first one again.
    for (const order of [
      [0, 1, 2, 0],
      [2, 1, 0, 2],
    ])
      for (const i of order) expect(await render(DOCUMENTS[i]!, parsedOnce(bundled.regular, bundled.bold))).toEqual(own[i]);
  });

  it('uses one font for both names when they name the same file, as pdfkit does', async () => {
    // INVOICE_PDF_FONT=<file> gives the regular and the bold text the same file.
    for (const lines of DOCUMENTS)
      expect(await render(lines, parsedOnce(bundled.regular, bundled.regular))).toEqual(
        await render(lines, pdfkitOwn(bundled.regular, bundled.regular)),
      );
  });
});
