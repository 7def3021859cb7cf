/**
 * Quoted-printable (RFC 2045 §6.7) as nodemailer writes it — `qp.wrap(qp.encode(buffer), 76)`, the
 * same bytes (`test/campaigns/quoted-printable.test.ts` compares the two on thousands of inputs) — in
 * loops over character codes. nodemailer's encoder appends one character at a time after checking five
 * ranges, and its wrapper cuts every line with up to five regular expressions over substrings: for the
 * bench's HTML part of ~5 KB, the largest CPU item of building a campaign message (its profile).
 */

const CR = 0x0d;
const LF = 0x0a;
const SPACE = 0x20;
const TAB = 0x09;
const EQUALS = 0x3d;
const HEX = '0123456789ABCDEF';

/** What stands for each byte: itself when RFC 2045 lets it (tab, line breaks, printable ASCII but `=`), else `=XX`. */
const LITERAL = new Uint8Array(256);
for (let b = 0; b < 256; b += 1)
  LITERAL[b] = b === TAB || b === LF || b === CR || (b >= 0x20 && b <= 0x3c) || (b >= 0x3e && b <= 0x7e) ? 1 : 0;

/** nodemailer's `qp.encode`: a space or tab before a line break or at the end is encoded too. */
export function encodeQuotedPrintable(content: string): string {
  const input = Buffer.from(content);
  const out = Buffer.allocUnsafe(input.length * 3);
  let o = 0;
  for (let i = 0, len = input.length; i < len; i += 1) {
    const b = input[i]!;
    if (LITERAL[b] === 1 && !((b === SPACE || b === TAB) && (i === len - 1 || input[i + 1] === LF || input[i + 1] === CR))) {
      out[o++] = b;
      continue;
    }
    out[o++] = EQUALS;
    out[o++] = HEX.charCodeAt(b >> 4);
    out[o++] = HEX.charCodeAt(b & 15);
  }
  return out.toString('latin1', 0, o);
}

const isHex = (c: number) => (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x66);

/** How long the `=` and at most `digits` hexadecimal digits that `s` ends with are (nodemailer's `/[=][\da-f]{0,n}$/i`); 0: none. */
function endsWithPartialEscape(s: string, digits: number): number {
  for (let k = 0; k <= digits && k < s.length; k += 1) {
    const c = s.charCodeAt(s.length - 1 - k);
    if (c === EQUALS) return k + 1;
    if (!isHex(c)) return 0;
  }
  return 0;
}

/** Whether `s` ends with a whole escape `=XX` (nodemailer's `/[=][\da-f]{2}$/i`). */
const endsWithEscape = (s: string) =>
  s.length >= 3 && s.charCodeAt(s.length - 3) === EQUALS && isHex(s.charCodeAt(s.length - 2)) && isHex(s.charCodeAt(s.length - 1));

/** Whether `s` is one to four escapes and nothing else (`/^(?:=[\da-f]{2}){1,4}$/i`). */
function onlyEscapes(s: string): boolean {
  if (s.length === 0 || s.length > 12 || s.length % 3 !== 0) return false;
  for (let i = 0; i < s.length; i += 3)
    if (s.charCodeAt(i) !== EQUALS || !isHex(s.charCodeAt(i + 1)) || !isHex(s.charCodeAt(i + 2))) return false;
  return true;
}

/** `line` cut after its last LF within the last `margin` characters, when no CR follows it (`/\n.*?$/`); else null. */
function cutAfterLastBreak(line: string, margin: number): string | null {
  for (let i = line.length - 1; i >= Math.max(0, line.length - margin); i -= 1) {
    const c = line.charCodeAt(i);
    if (c === CR) return null;
    if (c === LF) return line.slice(0, i + 1);
  }
  return null;
}

/** `line` cut after its last space, tab or `.,!?` within the last `margin` characters (`/[ \t.,!?][^ \t.,!?]*$/`); else null. */
function cutAfterLastSpace(line: string, margin: number): string | null {
  for (let i = line.length - 1; i >= Math.max(0, line.length - margin); i -= 1) {
    const c = line.charCodeAt(i);
    if (c === SPACE || c === TAB || c === 0x2e || c === 0x2c || c === 0x21 || c === 0x3f) return line.slice(0, i + 1);
  }
  return null;
}

/** nodemailer's `qp.wrap`: soft line breaks (`=` CRLF) so that no line is longer than `lineLength`, never inside an escape or a UTF-8 sequence. */
export function wrapQuotedPrintable(str: string, lineLength = 76): string {
  if (str.length <= lineLength) return str;
  const len = str.length;
  const margin = Math.floor(lineLength / 3);
  let pos = 0;
  let result = '';
  while (pos < len) {
    let line = str.slice(pos, pos + lineLength);
    // A line break within reach ends the line there, as it is.
    const crlf = line.indexOf('\r\n');
    const whole = crlf >= 0 ? line.slice(0, crlf + 2) : line.charCodeAt(line.length - 1) === LF ? line : cutAfterLastBreak(line, margin);
    if (whole !== null) {
      result += whole;
      pos += whole.length;
      continue;
    }
    const afterSpace = line.length > lineLength - margin ? cutAfterLastSpace(line, margin) : null;
    if (afterSpace !== null) line = afterSpace;
    else if (endsWithPartialEscape(line, 2)) {
      // An escape cut short goes to the next line whole.
      const partial = endsWithPartialEscape(line, 1);
      if (partial) line = line.slice(0, line.length - partial);
      // A UTF-8 sequence is not split across lines either.
      while (line.length > 3 && line.length < len - pos && !onlyEscapes(line) && endsWithEscape(line)) {
        const code = parseInt(line.slice(-2), 16);
        if (code < 128) break;
        line = line.slice(0, -3);
        if (code >= 0xc0) break;
      }
    }
    if (pos + line.length < len && line.charCodeAt(line.length - 1) !== LF) {
      if (line.length === lineLength && endsWithEscape(line)) line = line.slice(0, -3);
      else if (line.length === lineLength) line = line.slice(0, -1);
      pos += line.length;
      line += '=\r\n';
    } else pos += line.length;
    result += line;
  }
  return result;
}

/** A text as a quoted-printable body of lines of at most 76 characters. */
export const quotedPrintable = (content: string): string => wrapQuotedPrintable(encodeQuotedPrintable(content), 76);
