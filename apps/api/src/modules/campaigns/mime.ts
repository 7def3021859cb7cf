import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';

/**
 * A campaign email as the bytes nodemailer's MailComposer would build for the same fields
 * (`test/campaigns/campaign-mime.test.ts` compares the two), written as one string instead of through
 * MailComposer's tree of streams — which, per message, cost more CPU than everything else the sender
 * does. The message is handed to the SMTP pool as `raw` with its envelope.
 *
 * The encoding decisions are nodemailer's own functions (header words, address lists, folding,
 * quoted-printable / base64 and the choice between them, 7bit when a text needs no encoding), so
 * non-ASCII subjects, names and bodies come out as before.
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
const qp = require('nodemailer/lib/qp') as { encode(value: string | Buffer): string; wrap(value: string, lineLength?: number): string };
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

/** A text part: 7bit when it needs no encoding, else quoted-printable or base64 (MimeNode's choice). */
function textPart(contentType: string, content: string): string {
  let encoding: string;
  let body: string;
  if (mimeFuncs.isPlainText(content) && !mimeFuncs.hasLongerLines(content, 76)) {
    encoding = '7bit';
    body = content;
  } else if (encoder._getTextEncoding(content) === 'Q') {
    encoding = 'quoted-printable';
    body = qp.wrap(qp.encode(Buffer.from(content)), 76);
  } else {
    encoding = 'base64';
    body = base64.wrap(base64.encode(Buffer.from(content)), 76);
  }
  return `${mimeFuncs.foldLines(`Content-Type: ${contentType}`, 76)}\r\nContent-Transfer-Encoding: ${encoding}\r\n\r\n${body}`;
}

/** A random multipart boundary in nodemailer's form. */
export const newBoundary = () => `--_NmP-${randomBytes(8).toString('hex')}-Part_1`;

/** The RFC 5322 message (multipart/alternative: text, then HTML). `date` and `boundary` for tests. */
export function buildCampaignMime(m: CampaignMessage, date = new Date(), boundary = newBoundary()): string {
  const headers = [
    header('List-Unsubscribe-Post', 'List-Unsubscribe=One-Click'),
    ...listHeaders(m).map(([key, value]) => header(key, value)),
    header('From', m.from),
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
