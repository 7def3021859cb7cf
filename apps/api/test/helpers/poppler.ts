import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';

const run = promisify(execFile);

/** Runs `fn` with the PDF written to a scratch file (poppler's tools read files). */
async function withPdf<T>(bytes: Buffer | Uint8Array, fn: (dir: string, file: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'enlaza-pdf-'));
  try {
    const file = join(dir, 'doc.pdf');
    await writeFile(file, bytes);
    return await fn(dir, file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The text of a PDF as poppler's `pdftotext` reads it (reading order kept, whitespace collapsed). */
export const popplerText = (bytes: Buffer | Uint8Array): Promise<string> =>
  withPdf(bytes, async (_dir, file) => (await run('pdftotext', ['-enc', 'UTF-8', file, '-'])).stdout.replace(/\s+/g, ' '));

/**
 * Renders the first page with poppler's `pdftoppm` (grey, `dpi` dots per inch) and decodes the QR
 * code found on it with jsQR: its text, and its printed width in millimetres (from the corners).
 */
export async function firstPageQr(bytes: Buffer | Uint8Array, dpi = 200): Promise<{ data: string; widthMm: number } | null> {
  return withPdf(bytes, async (dir, file) => {
    await run('pdftoppm', ['-gray', '-r', String(dpi), '-f', '1', '-l', '1', '-singlefile', file, join(dir, 'page')]);
    const pgm = await readFile(join(dir, 'page.pgm'));
    // Binary PGM: "P5", width, height, maxval, each separated by whitespace, then one byte a pixel.
    const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 64).toString('latin1'));
    if (!header) throw new Error('pdftoppm did not write a binary PGM');
    const [width, height] = [Number(header[1]), Number(header[2])];
    const grey = pgm.subarray(header[0].length);
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i += 1) {
      rgba[i * 4] = rgba[i * 4 + 1] = rgba[i * 4 + 2] = grey[i]!;
      rgba[i * 4 + 3] = 255;
    }
    const code = jsQR(rgba, width, height);
    if (!code) return null;
    const { topLeftCorner: a, topRightCorner: b } = code.location;
    return { data: code.data, widthMm: (Math.hypot(b.x - a.x, b.y - a.y) / dpi) * 25.4 };
  });
}
