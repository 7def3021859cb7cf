import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { quotedPrintable } from './quoted-printable.js';

/**
 * A campaign email as the bytes nodemailer's MailComposer would build for the same fields
 * (`test/campaigns/campaign-mime.test.ts` compares the two), written as one string instead of through
 * MailComposer's tree of streams — which, per message, cost more CPU than everything else the sender
 * does. The message is handed to the SMTP pool as `raw` with its envelope.
 *
 * The encoding decisions are nodemailer's own functions (header words, address lists, folding,
 * base64, 7bit when a text needs no encoding) or, where those cost the most CPU, the same rules in one
 * loop (the choice between quoted-printable and base64 below; quoted-printable in quoted-printable.ts,
 * compared byte for byte with nodemailer's), so non-ASCII subjects, names and bodies come out as before.
 */
const require = createRequire(import.meta.url);

type MimeFuncs = {
  foldLines(value: string, lineLength?: number, afterSpace?: boolean): string;
  isPlainText(value: string, isParam?: boolean): boolean;
  hasLongerLines(value: string, lineLength: number): boolean;
  buildHeaderValue(structured: { value: string; params: Record<string, string> }): string;
};
type HeaderNode = {
  _encodeHeaderValue(key: string, value: string): string;
  _getTextEncoding(value: string): 'Q' | 'B';
};
const mimeFuncs = require('nodemailer/lib/mime-funcs') as MimeFuncs;
const base64 = require('nodemailer/lib/base64') as {
  encode(value: string | Buffer): string;
  wrap(value: string, lineLength?: number): string;
};
const MimeNode = require('nodemailer/lib/mime-node') as new (contentType?: string) => HeaderNode;

// One node used only for its header encoders (they read no state of the node but its options).
const encoder = new MimeNode('text/plain');

export type CampaignMessage = {
  from: string;
  /** Where replies go: the campaign owner's address. */
  replyTo?: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  messageId: string;
  unsubscribeUrl: string;
  /** The `mailto:` unsubscribe address (the inbound listener's), listed after the https link; absent while it is off. */
  unsubscribeMailto?: string | null;
  /** The campaign, its owner (id and public alias) and the mail domain: the list and feedback headers name them. */
  campaignId: string;
  ownerId: string;
  ownerAlias: string;
  domain: string;
};

/**
 * The headers that say what list and campaign a message belongs to, for mail clients' filters and
 * mailbox providers' feedback:
 * - `List-ID` (RFC 2919's `List-Id`, spelt as nodemailer writes it): one list per sender, the
 *   owner's audience. Its description is the owner's public alias (a-z, 0-9 and '-': an atom), its
 *   id `<owner.list.domain>`, with the owner's id without dashes as the label;
 * - `Feedback-ID` (Gmail's feedback loop, named by the Gmail and Yahoo bulk-sender rules): campaign,
 *   customer, mail type and our sender id, so complaint rates can be told apart per campaign and owner;
 * - `X-Enlaza-Campaign`: the campaign's id, for support and for bounces that quote the headers.
 */
export function listHeaders(m: Pick<CampaignMessage, 'campaignId' | 'ownerId' | 'ownerAlias' | 'domain'>): [string, string][] {
  return [
    ['List-ID', `${m.ownerAlias} <${m.ownerId.replaceAll('-', '')}.list.${m.domain}>`],
    ['Feedback-ID', `${m.campaignId}:${m.ownerId}:campaign:enlaza`],
    ['X-Enlaza-Campaign', m.campaignId],
  ];
}

/** The domain of the address campaigns go out from (MAIL_FROM): what List-ID and Feedback-ID name. */
export const listDomain = (mailFrom: string) => /@([^>\s]+)>?\s*$/.exec(mailFrom)?.[1] ?? 'enlaza.local';

/**
 * The list headers of a campaign's test send, as a real send has them (List-Unsubscribe with its
 * one-click header, List-ID, Feedback-ID, X-Enlaza-Campaign), for the mailer's `headers`: the
 * unsubscribe link is the test's (`/u/example`, a page that unsubscribes nobody) and no `mailto:`.
 */
export function testSendHeaders(
  m: Pick<CampaignMessage, 'unsubscribeUrl' | 'campaignId' | 'ownerId' | 'ownerAlias' | 'domain'>,
): Record<string, string> {
  return {
    'List-Unsubscribe': `<${m.unsubscribeUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    ...Object.fromEntries(listHeaders(m)),
  };
}

/**
 * The same message as nodemailer's composer is given it: sent this way when buildCampaignMime does
 * not apply (an address that is not plain ASCII), and what a test compares buildCampaignMime's bytes with.
 */
export const composerMail = (m: CampaignMessage) => ({
  from: m.from,
  ...(m.replyTo ? { replyTo: m.replyTo } : {}),
  to: m.to,
  subject: m.subject,
  html: m.html,
  text: m.text,
  messageId: m.messageId,
  // A nested array: one List-Unsubscribe header with both (RFC 2369), not one header each.
  list: { unsubscribe: m.unsubscribeMailto ? [[m.unsubscribeUrl, m.unsubscribeMailto]] : m.unsubscribeUrl },
  headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click', ...Object.fromEntries(listHeaders(m)) },
});

const header = (key: string, value: string) => {
  const encoded = encoder._encodeHeaderValue(key, value);
  return (encoded || '').toString().trim() ? mimeFuncs.foldLines(`${key}: ${encoded}`, 76) : null;
};

/** RFC 2047 §5(3): what a `Q` encoded word in a phrase may hold as itself. */
const Q_LITERAL = /^[A-Za-z0-9!*+\-/]$/;
const MAX_ENCODED_WORD = 75;

/** One RFC 2047 encoded word of `text` (UTF-8, `Q` or `B` as nodemailer would choose). */
function encodedWord(text: string, kind: 'Q' | 'B'): string {
  if (kind === 'B') return `=?UTF-8?B?${Buffer.from(text).toString('base64')}?=`;
  const q = [...Buffer.from(text)]
    .map((byte) => {
      const c = String.fromCharCode(byte);
      if (c === ' ') return '_';
      return Q_LITERAL.test(c) ? c : `=${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
  return `=?UTF-8?Q?${q}?=`;
}

/** RFC 5322 atext: a word that needs neither quotes nor encoding. */
const ATEXT = /^[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~]+$/;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/**
 * A display name as a phrase that every parser reads whole: runs of plain words as they are (quoted
 * when one holds a special), runs of words with non-ASCII letters as encoded words, and an encoded
 * word ending only after a space of the name. nodemailer splits its encoded words by length, mid-word
 * ("…via Enlaz?= =?UTF-8?Q?a?="): RFC 2047 readers join the two, but Python's `email` package reads
 * a space between them ("via Enlaz a"). A reader that keeps a space between two encoded words reads
 * two spaces between two whole words here. One word longer than an encoded word's 75 characters stays
 * whole (readers accept it) rather than cut.
 */
export function displayNamePhrase(name: string): string {
  const words = name.trim().split(/\s+/);
  const runs: { plain: boolean; words: string[] }[] = [];
  for (const word of words) {
    const plain = PRINTABLE_ASCII.test(word);
    const last = runs.at(-1);
    if (last && last.plain === plain) last.words.push(word);
    else runs.push({ plain, words: [word] });
  }
  return runs
    .map((run) => {
      const text = run.words.join(' ');
      if (run.plain) return run.words.every((w) => ATEXT.test(w)) ? text : `"${text.replace(/["\\]/g, (c) => `\\${c}`)}"`;
      const kind = encoder._getTextEncoding(text);
      const chunks: string[] = [];
      let chunk = '';
      run.words.forEach((word, i) => {
        const next = `${chunk}${word}${i < run.words.length - 1 ? ' ' : ''}`;
        if (chunk && encodedWord(next, kind).length > MAX_ENCODED_WORD) {
          chunks.push(chunk);
          chunk = `${word}${i < run.words.length - 1 ? ' ' : ''}`;
        } else chunk = next;
      });
      chunks.push(chunk);
      return chunks.map((c) => encodedWord(c, kind)).join(' ');
    })
    .join(' ');
}

/**
 * The From header: nodemailer's when it writes the name as one encoded word or none (the bytes its
 * composer makes, which a test compares), else the name as `displayNamePhrase` writes it.
 */
function fromHeader(from: string): string | null {
  const nodemailers = header('From', from);
  const quoted = /^"((?:[^"\\]|\\.)*)"\s*<([^<>\s]+)>$/.exec(from.trim());
  if (!nodemailers || !quoted || (nodemailers.match(/=\?/g) ?? []).length < 2) return nodemailers;
  return mimeFuncs.foldLines(`From: ${displayNamePhrase(quoted[1]!.replace(/\\(.)/g, '$1'))} <${quoted[2]}>`, 76);
}

/**
 * MimeNode's choice between quoted-printable and base64 (`_getTextEncoding`): `Q` when the text has
 * fewer 8-bit and control characters than latin letters, counted the same way (UTF-16 code units) in
 * one pass — nodemailer counts with two global regex matches, an array of one-letter strings for a
 * document of thousands of letters, the largest CPU item of building a message.
 */
export function textEncodingOf(value: string): 'Q' | 'B' {
  let latin = 0;
  let nonLatin = 0;
  for (let i = 0; i < value.length; i += 1) {
    const c = value.charCodeAt(i);
    if ((c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a)) latin += 1;
    else if (c >= 0x80 || (c <= 0x1f && c !== 0x09 && c !== 0x0a && c !== 0x0d)) nonLatin += 1;
  }
  return nonLatin < latin ? 'Q' : 'B';
}

/** A text part: 7bit when it needs no encoding, else quoted-printable or base64 (MimeNode's choice). */
function textPart(contentType: string, content: string): string {
  let encoding: string;
  let body: string;
  if (mimeFuncs.isPlainText(content) && !mimeFuncs.hasLongerLines(content, 76)) {
    encoding = '7bit';
    body = content;
  } else if (textEncodingOf(content) === 'Q') {
    encoding = 'quoted-printable';
    body = quotedPrintable(content);
  } else {
    encoding = 'base64';
    body = base64.wrap(base64.encode(Buffer.from(content)), 76);
  }
  return `${mimeFuncs.foldLines(`Content-Type: ${contentType}`, 76)}\r\nContent-Transfer-Encoding: ${encoding}\r\n\r\n${body}`;
}

/**
 * A multipart boundary in nodemailer's form, unique without a call to the random source per message
 * (~25 µs each, measured in the campaign bench's profile): 8 random bytes drawn once per process,
 * then a counter: a boundary must be unique and absent from the parts (the random part keeps a
 * message's content from guessing it), not secret.
 */
const boundaryBase = randomBytes(5).toString('hex');
let boundaryCount = 0;
export const newBoundary = () => {
  boundaryCount = (boundaryCount + 1) % 0x1000000;
  return `--_NmP-${boundaryBase}${boundaryCount.toString(16).padStart(6, '0')}-Part_1`;
};

/** The RFC 5322 message (multipart/alternative: text, then HTML). `date` and `boundary` for tests. */
export function buildCampaignMime(m: CampaignMessage, date = new Date(), boundary = newBoundary()): string {
  const headers = [
    header('List-Unsubscribe-Post', 'List-Unsubscribe=One-Click'),
    ...listHeaders(m).map(([key, value]) => header(key, value)),
    fromHeader(m.from),
    header('To', m.to),
    m.replyTo ? header('Reply-To', m.replyTo) : null,
    header('Subject', m.subject),
    header('Message-ID', m.messageId),
    // RFC 2369: the https link first (RFC 8058's one-click POST goes to it), then the mailto.
    header('List-Unsubscribe', m.unsubscribeMailto ? `<${m.unsubscribeUrl}>, <${m.unsubscribeMailto}>` : `<${m.unsubscribeUrl}>`),
    header('Date', date.toUTCString().replace(/GMT/, '+0000')),
    'MIME-Version: 1.0',
    mimeFuncs.foldLines(`Content-Type: ${mimeFuncs.buildHeaderValue({ value: 'multipart/alternative', params: { boundary } })}`, 76),
  ].filter((h): h is string => h !== null);
  return (
    `${headers.join('\r\n')}\r\n\r\n` +
    `--${boundary}\r\n${textPart('text/plain; charset=utf-8', m.text)}\r\n` +
    `--${boundary}\r\n${textPart('text/html; charset=utf-8', m.html)}\r\n` +
    `--${boundary}--\r\n`
  );
}
