import type { InvoiceDetail } from '@enlaza/contracts';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { VerifactuMode } from '../../config.js';
import { verificationUrl } from './chain.js';
import { useParsedFonts } from './pdf-fonts.js';
import { PDF_LABELS } from './pdf-labels.js';

/**
 * `font`: TrueType/OpenType fonts with Japanese glyphs (INVOICE_PDF_FONT; by default the bundled
 * Noto Sans JP, of which pdfkit embeds only the glyphs used). Without them (`builtin`) the PDF uses
 * Helvetica, which has no Japanese glyphs: a Japanese customer's invoice is then printed with
 * English labels (and English line descriptions), never with missing characters.
 * `qrHost`: the host of the tax agency's verification URL in the QR code (INVOICE_QR_HOST).
 * `verifactuMode`: `verifactu` prints the "VERI*FACTU" legend and the ValidarQR service; without
 * it (`no-verifactu`, the default) the QR points at ValidarQRNoVerifactu and no legend is printed:
 * the rules reserve it for systems that send every record to the AEAT.
 */
export type PdfOptions = { font: { regular: string; bold: string } | null; qrHost: string; verifactuMode: VerifactuMode };

/** The QR code's printed size: the rules ask for 30×30 to 40×40 mm (35 mm, in PDF points). */
export const QR_SIZE_POINTS = (35 / 25.4) * 72;

const LOCALE_TAG = { en: 'en-GB', es: 'es-ES', jp: 'ja-JP' } as const;
/** What Helvetica (WinAnsi) can print. */
const LATIN = /^[\u0020-\u007e\u00a0-\u00ff€\n]*$/;

/** Made once per language and currency: building one costs more than the rest of a line's layout. */
const moneyFormats = new Map<string, Intl.NumberFormat>();
export function formatCents(cents: number, currency: string, locale: 'en' | 'es' | 'jp'): string {
  const key = `${locale} ${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE_TAG[locale], { style: 'currency', currency, minimumFractionDigits: 2 });
    moneyFormats.set(key, format);
  }
  return format.format(cents / 100).replace(/\u202f|\u00a0/g, ' ');
}
const percentFormat = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });
const percent = (basisPoints: number) => `${percentFormat.format(basisPoints / 100)} %`;

/** The usual invoice layout: title and number, seller and customer with tax ids, lines, tax per rate, totals. */
export function renderInvoicePdf(invoice: InvoiceDetail, options: PdfOptions): Promise<Buffer> {
  const wantsJapanese = invoice.locale === 'jp';
  const locale = wantsJapanese && !options.font ? 'en' : invoice.locale;
  const t = PDF_LABELS[locale];
  // An invoice without the buyer's tax id is a simplified one (TipoFactura F2) and says so.
  const title = invoice.kind === 'credit_note' ? t.creditNote : invoice.invoiceType === 'F2' ? t.simplifiedInvoice : t.invoice;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `${title} ${invoice.number}`, Author: invoice.seller.name },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  if (options.font) {
    // Parsed once per process (pdf-fonts.ts), not for every document.
    useParsedFonts(doc, [
      ['body', options.font.regular],
      ['bold', options.font.bold],
    ]);
  } else {
    doc.registerFont('body', 'Helvetica');
    doc.registerFont('bold', 'Helvetica-Bold');
  }
  // Without a font that has them, text it cannot print is replaced rather than drawn as empty boxes.
  const safe = (text: string) => (options.font || LATIN.test(text) ? text : text.replace(/[^\u0020-\u007e\u00a0-\u00ff€]/g, '?'));
  const money = (cents: number) => formatCents(cents, invoice.currency, locale);
  // The issue date as stored: the seller's calendar day (SELLER_TIME_ZONE), never the UTC one.
  const date = invoice.issueDate;
  const left = 50;
  const width = doc.page.width - 100;

  // The verification QR code: first on the page, near the top margin and centred (portrait), with
  // the texts the rules require — fixed Spanish wording, whatever the invoice's language.
  const qrBottom = drawVerificationQr(
    doc,
    options.verifactuMode,
    verificationUrl(options.qrHost, options.verifactuMode, {
      sellerTaxId: invoice.seller.taxId ?? '',
      number: invoice.number,
      issueDate: invoice.issueDate,
      totalCents: invoice.totalCents,
    }),
  );

  // Header, left of the QR code: the document's kind and number.
  const headerWidth = (doc.page.width - QR_SIZE_POINTS) / 2 - left - 10;
  doc.font('bold').fontSize(20).text(title, left, 50, { width: headerWidth });
  doc
    .font('body')
    .fontSize(10)
    .text(`${t.number}: ${invoice.number}`, { width: headerWidth })
    .text(`${t.issueDate}: ${date}`, { width: headerWidth })
    .text(`${t.supplyDate}: ${date}`, { width: headerWidth });
  if (invoice.kind === 'credit_note' && invoice.correctedNumber) {
    doc.text(`${t.corrects}: ${invoice.correctedNumber}`, { width: headerWidth });
    // Article 15 of Real Decreto 1619/2012: a rectificativa identifies the invoice it corrects, its number and date.
    if (invoice.correctedIssueDate) doc.text(`${t.correctedIssueDate}: ${invoice.correctedIssueDate}`, { width: headerWidth });
    if (invoice.reason) doc.text(`${t.reason}: ${safe(invoice.reason)}`, { width: headerWidth });
  }

  const partiesTop = Math.max(doc.y + 20, qrBottom + 15);
  const party = (x: number, title: string, p: InvoiceDetail['seller'], extra?: string) => {
    doc
      .font('bold')
      .fontSize(11)
      .text(title, x, partiesTop, { width: width / 2 - 10 });
    doc
      .font('body')
      .fontSize(10)
      .text(safe(p.name), { width: width / 2 - 10 });
    if (p.taxId) doc.text(`${t.taxId}: ${safe(p.taxId)}`, { width: width / 2 - 10 });
    if (p.address) doc.text(safe(p.address), { width: width / 2 - 10 });
    if (p.country) doc.text(safe(p.country), { width: width / 2 - 10 });
    if (extra) doc.text(extra, { width: width / 2 - 10 });
    return doc.y;
  };
  const sellerBottom = party(left, t.seller, invoice.seller);
  const buyerBottom = party(
    left + width / 2 + 10,
    t.buyer,
    invoice.buyer,
    invoice.buyer.code ? `${t.customerCode}: ${invoice.buyer.code}` : undefined,
  );

  // Lines.
  const cols = [
    { label: t.description, x: left, w: 200, align: 'left' as const },
    { label: t.quantity, x: left + 205, w: 40, align: 'right' as const },
    { label: t.unitPrice, x: left + 250, w: 80, align: 'right' as const },
    { label: t.tax, x: left + 335, w: 80, align: 'right' as const },
    { label: t.amount, x: left + 420, w: width - 420, align: 'right' as const },
  ];
  let y = Math.max(sellerBottom, buyerBottom) + 25;
  const row = (cells: string[], bold = false) => {
    doc.font(bold ? 'bold' : 'body').fontSize(9);
    const heights = cells.map((cell, i) => doc.heightOfString(cell, { width: cols[i]!.w }));
    if (y + Math.max(...heights) > doc.page.height - 80) {
      doc.addPage();
      y = 50;
    }
    cells.forEach((cell, i) => doc.text(cell, cols[i]!.x, y, { width: cols[i]!.w, align: cols[i]!.align }));
    y += Math.max(...heights) + 6;
  };
  row(
    cols.map((c) => c.label),
    true,
  );
  doc
    .moveTo(left, y - 3)
    .lineTo(left + width, y - 3)
    .lineWidth(0.5)
    .stroke();
  invoice.lines.forEach((line) => {
    // The period of service under its description (the date of supply, article 226 (7)).
    const period = line.periodStart && line.periodEnd ? `\n${t.servicePeriod}: ${line.periodStart} – ${line.periodEnd}` : '';
    row([
      `${safe(line.description)}${period}`,
      String(line.quantity),
      money(line.unitAmountCents),
      `${safe(line.taxName)} (${percent(line.taxRateBasisPoints)})`,
      money(line.baseCents),
    ]);
  });

  drawTotals(doc, invoice, y, { t, safe, money, left, width });
  doc.end();
  return done;
}

/** What the body's parts share: the labels, the text guard, the money format and the margins. */
type Layout = {
  t: (typeof PDF_LABELS)[keyof typeof PDF_LABELS];
  safe: (text: string) => string;
  money: (cents: number) => string;
  left: number;
  width: number;
};

/** Under the lines from `y`: the tax per rate, the totals, the tax rule's legal mention and paid (or refunded). */
function drawTotals(doc: PDFKit.PDFDocument, invoice: InvoiceDetail, from: number, { t, safe, money, left, width }: Layout): void {
  let y = from;
  // Tax per rate.
  y += 12;
  const taxCols = [
    { label: t.rate, x: left + 170, w: 100 },
    { label: t.base, x: left + 275, w: 110 },
    { label: t.taxAmount, x: left + 390, w: width - 390 },
  ];
  doc.font('bold').fontSize(10).text(t.taxBreakdown, left, y);
  y = doc.y + 4;
  const taxRow = (cells: string[], bold = false) => {
    doc.font(bold ? 'bold' : 'body').fontSize(9);
    cells.forEach((cell, i) => doc.text(cell, taxCols[i]!.x, y, { width: taxCols[i]!.w, align: i === 0 ? 'left' : 'right' }));
    y += 14;
  };
  taxRow(
    taxCols.map((c) => c.label),
    true,
  );
  for (const rate of invoice.taxTotals)
    taxRow([`${safe(rate.taxName)} (${percent(rate.rateBasisPoints)})`, money(rate.baseCents), money(rate.taxCents)]);

  // Totals.
  y += 10;
  const total = (label: string, value: string, bold = false) => {
    doc.font(bold ? 'bold' : 'body').fontSize(bold ? 12 : 10);
    doc.text(label, left + 250, y, { width: 160, align: 'right' });
    doc.text(value, left + 415, y, { width: width - 415, align: 'right' });
    y += bold ? 18 : 14;
  };
  total(t.subtotal, money(invoice.subtotalCents));
  total(t.totalTax, money(invoice.taxCents));
  total(t.total, money(invoice.totalCents), true);

  // The VAT rule's legal mention (Directive 2006/112/EC, article 226 (11) and (11a)), when not the seller's own VAT.
  const mention = t.taxRules[invoice.taxRule];
  if (mention) {
    doc
      .font('bold')
      .fontSize(9)
      .text(mention, left, y + 12, { width });
    y = doc.y - 8;
  }
  doc
    .font('body')
    .fontSize(9)
    .text(invoice.kind === 'invoice' ? t.paid : t.refunded, left, y + 20, { width });
}

/**
 * Draws the QR code (ISO/IEC 18004, error correction level M) as vector squares, QR_SIZE_POINTS
 * wide, centred below the top margin, "QR tributario:" above and, in VERI*FACTU mode only,
 * "VERI*FACTU" below; a white margin of four modules (the quiet zone) is left around it. Returns
 * the y below the block.
 */
function drawVerificationQr(doc: PDFKit.PDFDocument, mode: VerifactuMode, url: string): number {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const count = modules.size;
  const cell = QR_SIZE_POINTS / count;
  const x = (doc.page.width - QR_SIZE_POINTS) / 2;
  const top = 56;
  const labelWidth = QR_SIZE_POINTS + 60;
  doc
    .font('body')
    .fontSize(8)
    .fillColor('black')
    .text('QR tributario:', x - 30, top - 4 * cell - 10, { width: labelWidth, align: 'center', lineBreak: false });
  doc.save();
  for (let row = 0; row < count; row += 1) {
    for (let col = 0; col < count; col += 1) {
      // One rectangle per run of dark modules in a row (fewer path operations, no hairline seams).
      if (!modules.get(row, col) || (col > 0 && modules.get(row, col - 1))) continue;
      let end = col;
      while (end + 1 < count && modules.get(row, end + 1)) end += 1;
      doc.rect(x + col * cell, top + row * cell, (end - col + 1) * cell, cell);
    }
  }
  doc.fill('black').restore();
  const bottom = top + QR_SIZE_POINTS + 4 * cell;
  if (mode !== 'verifactu') return bottom;
  doc
    .font('bold')
    .fontSize(8)
    .text('VERI*FACTU', x - 30, bottom, { width: labelWidth, align: 'center', lineBreak: false });
  return bottom + 12;
}
