import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { createLinkSigner, renderCampaignEmail } from '../../src/modules/campaigns/links.js';
import { encodeQuotedPrintable, quotedPrintable, wrapQuotedPrintable } from '../../src/modules/campaigns/quoted-printable.js';
import { prepareEmail } from '../../src/modules/templates/render.js';

const require = createRequire(import.meta.url);
const qp = require('nodemailer/lib/qp') as { encode(value: Buffer): string; wrap(value: string, lineLength?: number): string };
const nodemailers = (text: string) => qp.wrap(qp.encode(Buffer.from(text)), 76);

/** A small seeded generator (mulberry32): the same inputs on every run, so a failure can be run again. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// What the wrapper decides on: line breaks of each kind, spaces and tabs (before breaks too), the
// punctuation it may break after, `=` (always escaped), 2-, 3- and 4-byte UTF-8, controls, long words.
const PIECES = [
  ...'abZ09  \t.,!?=-";',
  ...['<p>', '</a>', '\r\n', '\n', '\r', ' \n', '\t\r\n', 'é', 'ñ', 'Ü', '日本語', '€', '😀', '\u0000', '\u007f', '\u00ff'],
  ...['https://example.org/a?x=1&y=2', 'supercalifragilisticexpialidocious', 'x'.repeat(90), '=3D', '=\r\n'],
];

function sample(next: () => number): string {
  const pieces = Math.floor(next() ** 2 * 400);
  let text = '';
  for (let i = 0; i < pieces; i += 1) text += PIECES[Math.floor(next() * PIECES.length)];
  return text;
}

describe('quoted-printable', () => {
  it('encodes and wraps every input to the same bytes as nodemailer', () => {
    const next = random(20261128);
    let compared = 0;
    for (let i = 0; i < 4000; i += 1) {
      const text = sample(next);
      const expected = nodemailers(text);
      // Encoding and wrapping each on its own, so a difference names the half that has it.
      expect(encodeQuotedPrintable(text), JSON.stringify(text)).toBe(qp.encode(Buffer.from(text)));
      expect(wrapQuotedPrintable(qp.encode(Buffer.from(text)), 76), JSON.stringify(text)).toBe(expected);
      expect(quotedPrintable(text)).toBe(expected);
      compared += expected.length;
    }
    // Enough text went through for most lines to need a cut (a sample is up to 400 pieces).
    expect(compared).toBeGreaterThan(4000 * 76);
  });

  it('keeps every line within 76 characters and decodes back to the text', () => {
    const next = random(7);
    for (let i = 0; i < 500; i += 1) {
      const text = sample(next);
      const encoded = quotedPrintable(text);
      for (const line of encoded.split('\r\n')) for (const part of line.split(/\r|\n/)) expect(part.length).toBeLessThanOrEqual(76);
      const decoded = Buffer.from(
        encoded.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8');
      expect(decoded).toBe(text);
    }
  });

  it('writes a campaign email\u2019s parts as nodemailer would, in Spanish and Japanese too', () => {
    const signer = createLinkSigner('a-secret-of-the-test', 'https://enlaza.example');
    const bodyHtml =
      '<h2>Hola {{nombre}}</h2><p>Lee <a href="https://example.org/noticias?a=1&amp;b=2">las noticias</a> o https://example.org/blog. ' +
      'Año nuevo, ñandú, pingüino; 日本語のテキストも。</p><p><img src="https://example.org/a.png" width="1200" alt="Otoño"></p><hr>';
    for (const locale of ['en', 'es', 'jp']) {
      const email = renderCampaignEmail(
        prepareEmail({ subject: 'Noticias para {{nombre}}', bodyHtml }, locale),
        { id: '0b7e6c1e-8f0a-4c3e-9d55-2f1a4b6c8d90', email: 'maria@ejemplo.es', name: 'María José Ñúñez', profileId: null },
        { signer, profileUrl: 'https://enlaza.example/link/ana', locale },
      );
      expect(quotedPrintable(email.html)).toBe(nodemailers(email.html));
      expect(quotedPrintable(email.text)).toBe(nodemailers(email.text));
    }
  });
});
