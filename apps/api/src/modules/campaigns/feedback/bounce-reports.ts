import { simpleParser, type AddressObject, type Attachment, type EmailAddress } from 'mailparser';
import { bounceKindOf, enhancedStatus } from '../smtp-failures.js';
import type { FeedbackEvent } from './events.js';

/**
 * Reads the reports that mail systems send back about a campaign email, as the inbound listener
 * receives them: delivery status notifications (RFC 3464, and RFC 6533's internationalised ones)
 * and complaint feedback reports (ARF, RFC 5965). Both are `multipart/report` messages (RFC 6522)
 * whose machine-readable part says what happened and whose last part returns our message, or its
 * headers, with the Message-ID that names the recipient.
 *
 * Not recognised, on purpose (each gives no event): bounces that are not `multipart/report` (old
 * qmail, Exchange and Lotus plain-text notices, "Mail delivery failed" prose), a report forwarded
 * inside another message, read receipts (`message/disposition-notification`), auto-replies and
 * human answers. Guessing from the prose of a non-standard bounce risks suppressing a good
 * address; those senders are rare enough to leave to the sending-time SMTP answer.
 */

/**
 * What mailparser is told so that every part of a report reaches us as an attachment with its
 * decoded bytes in `content`. Verified against mailparser 3.14: without `keepDeliveryStatus` a
 * `message/delivery-status` part is folded into `text`, and without `ignoreEmbedded` a returned
 * `message/rfc822` marked `Content-Disposition: inline` (as ARF reports do) is parsed into the
 * report's own text instead of being kept whole. The `global` types of RFC 6533,
 * `text/rfc822-headers` and `message/feedback-report` are attachments either way. The rest skips
 * work whose result is never read (HTML to text, links, checksums).
 */
const PARSER_OPTIONS = {
  keepDeliveryStatus: true,
  ignoreEmbedded: true,
  skipHtmlToText: true,
  skipTextToHtml: true,
  skipTextLinks: true,
  skipImageLinks: true,
  checksumAlgo: false,
} as const;

const DELIVERY_STATUS = ['message/delivery-status', 'message/global-delivery-status'];
const FEEDBACK_REPORT = ['message/feedback-report'];
/** The returned message in full, or only its headers (RFC 3462 `text/rfc822-headers`, RFC 6533 `global`). */
const RETURNED_MESSAGE = ['message/rfc822', 'message/global', 'text/rfc822-headers', 'message/global-headers'];

/**
 * Feedback types (RFC 5965 §7.3) that are a recipient's complaint. `abuse` is "this is spam";
 * `fraud` is "this is phishing or a scam", a stronger objection from the same button or desk, and
 * mailbox providers count both against the sender. `not-spam` takes a complaint back, `virus` is
 * a scanner's verdict, `auth-failure` (RFC 6591) is about DKIM/SPF, and `other` says nothing:
 * none of those is the recipient asking us to stop.
 */
const COMPLAINT_TYPES = new Set(['abuse', 'fraud']);

type Fields = Map<string, string>;
type Returned = { messageId?: string; to?: string };

/**
 * The events one received email reports: a bounce for each recipient a DSN says `failed`, a
 * complaint for an abuse or fraud feedback report, nothing for anything else. Never throws: the
 * listener hands over whatever arrived, garbage included, and an unreadable email reports nothing.
 */
export async function parseReport(raw: Buffer | string): Promise<FeedbackEvent[]> {
  try {
    const mail = await simpleParser(raw, PARSER_OPTIONS);
    if (contentTypeOf(mail.headers.get('content-type')) !== 'multipart/report') return [];
    const part = (types: string[]) => mail.attachments.find((a) => types.includes(a.contentType.toLowerCase()));
    const status = part(DELIVERY_STATUS);
    const feedback = part(FEEDBACK_REPORT);
    if (!status && !feedback) return [];
    const returnedPart = part(RETURNED_MESSAGE);
    const returned = returnedPart ? await returnedMessage(returnedPart) : {};
    return status ? bounces(text(status), returned) : complaints(text(feedback!), returned);
  } catch {
    return [];
  }
}

/** The media type of a parsed `Content-Type` header, lower-cased (`Multipart/Report` is seen in the wild). */
function contentTypeOf(header: unknown): string | undefined {
  const value = typeof header === 'object' && header && 'value' in header ? header.value : undefined;
  return typeof value === 'string' ? value.toLowerCase() : undefined;
}

const text = (attachment: Attachment) => attachment.content.toString('utf8');

/**
 * The Message-ID and first `To` address of the returned message. Only its header block is parsed:
 * the body (our whole campaign HTML, or nothing) is never needed.
 */
async function returnedMessage(attachment: Attachment): Promise<Returned> {
  const content = text(attachment).replace(/^(?:\r?\n)+/, '');
  const end = content.search(/\r?\n\r?\n/);
  const head = await simpleParser(end >= 0 ? content.slice(0, end) : content, PARSER_OPTIONS);
  return { messageId: head.messageId || undefined, to: firstAddress(head.to) };
}

function firstAddress(to: AddressObject | AddressObject[] | undefined): string | undefined {
  const flat = (list: EmailAddress[]): EmailAddress[] => list.flatMap((a) => (a.group ? flat(a.group) : [a]));
  const all = flat([to ?? []].flat().flatMap((o) => o.value));
  return all.map((a) => a.address).find((a) => a?.includes('@'));
}

/**
 * The groups of a report body (RFC 3464 §2.1, RFC 5965 §3): header-like fields, folded lines
 * unfolded, groups separated by blank lines. Names are lower-cased; a repeated field keeps its
 * first value; lines that are not fields are skipped.
 */
function fieldGroups(body: string): Fields[] {
  const groups: Fields[] = [];
  let group: Fields | undefined;
  let last: string | undefined;
  for (const line of body.split(/\r\n?|\n/)) {
    if (!line.trim()) {
      group = last = undefined;
    } else if (/^[ \t]/.test(line)) {
      if (group && last) group.set(last, `${group.get(last)} ${line.trim()}`);
    } else {
      const field = /^([!-9;-~]+)[ \t]*:(.*)$/.exec(line);
      last = undefined;
      if (!field) continue;
      const name = field[1]!.toLowerCase();
      if (!group) groups.push((group = new Map<string, string>()));
      if (group.has(name)) continue;
      group.set(name, field[2]!.trim());
      last = name;
    }
  }
  return groups;
}

/**
 * One bounce per per-recipient group whose action is `failed`. `delayed` (still retrying),
 * `delivered`, `relayed` and `expanded` are not failures. The first group is the per-message one;
 * it is read as a recipient only when it names one, for reporters that leave it out.
 */
function bounces(body: string, returned: Returned): FeedbackEvent[] {
  const events: FeedbackEvent[] = [];
  fieldGroups(body).forEach((fields, index) => {
    if (index === 0 && !fields.has('final-recipient')) return;
    if (/^\s*(\S+)/.exec(fields.get('action') ?? '')?.[1]?.toLowerCase() !== 'failed') return;
    // The address we sent to (RFC 3464 §2.3.1) before the one that failed after a forward (§2.3.2).
    const email = addressOf(fields.get('original-recipient')) ?? addressOf(fields.get('final-recipient'));
    if (!email) return;
    const status = fields.get('status');
    const diagnostic = fields.get('diagnostic-code');
    events.push({
      email,
      type: 'bounce',
      bounce: bounceKind(status, diagnostic),
      ...messageIdOf(returned),
      ...detailOf(diagnosticText(diagnostic) || status),
    });
  });
  return events;
}

/**
 * A bounce's kind from its `Status`, unless that is only a generic `X.0.0` and the remote server's
 * answer in `Diagnostic-Code` has a more specific code: Exim and Google always write
 * `Status: 5.0.0` and leave the `550 5.1.1 …` to the diagnostic. Some servers write the code after
 * a `#` (`550 #5.1.0 Address rejected`); it is read as a code too. No code at all: `soft`, as one
 * unexplained refusal says nothing against the address.
 */
function bounceKind(status: string | undefined, diagnostic: string | undefined): 'hard' | 'soft' {
  const code = enhancedStatus(status);
  const answer = diagnostic?.replace(/#(?=[245]\.\d)/g, ' ');
  const generic = !code || (code[1] === 0 && code[2] === 0);
  return bounceKindOf(generic && enhancedStatus(answer) ? answer : status, 'soft');
}

/** The server's words of a `Diagnostic-Code` without its type (`smtp; 550 …` → `550 …`). */
const diagnosticText = (diagnostic: string | undefined) => diagnostic?.replace(/^[A-Za-z][\w-]*[ \t]*;/, '').trim();

const messageIdOf = ({ messageId }: Returned) => (messageId ? { messageId } : {});

const detailOf = (words: string | undefined) => {
  const detail = words?.replace(/\s+/g, ' ').trim().slice(0, 300);
  return detail ? { detail } : {};
};

/**
 * The address of a recipient field (`rfc822; ada@example.org`, `rfc822;<ada@example.org>`, or the
 * `utf-8` type of RFC 6533 with its `\x{E9}` escapes). A value that is not an address (`unknown;
 * nair_s`, an X.400 name, a local mailbox path) gives none, whatever its type.
 */
function addressOf(field: string | undefined): string | undefined {
  if (!field) return undefined;
  const semicolon = field.indexOf(';');
  const type = field.slice(0, Math.max(semicolon, 0)).trim().toLowerCase();
  let value = field.slice(semicolon + 1).trim();
  if (type === 'utf-8') value = value.replace(/\\x\{([0-9A-Fa-f]{1,6})\}/g, (escape, hex: string) => codePoint(hex) ?? escape);
  const address = /<([^\s<>]+@[^\s<>]+)>/.exec(value) ?? /^([^\s<>();,]+@[^\s<>();,]+)/.exec(value);
  return address?.[1];
}

const codePoint = (hex: string) => {
  const n = parseInt(hex, 16);
  return n <= 0x10ffff ? String.fromCodePoint(n) : undefined;
};

/**
 * A complaint when the feedback type is one (COMPLAINT_TYPES). The recipient is the returned
 * message's `To`, or else the report's `Original-Rcpt-To`; a report that names neither (some
 * providers redact both) gives no event.
 */
function complaints(body: string, returned: Returned): FeedbackEvent[] {
  const fields: Fields = new Map();
  for (const [name, value] of fieldGroups(body).flatMap((group) => [...group])) if (!fields.has(name)) fields.set(name, value);
  const type = /^\s*([\w-]+)/.exec(fields.get('feedback-type') ?? '')?.[1]?.toLowerCase();
  if (!type || !COMPLAINT_TYPES.has(type)) return [];
  const email = returned.to ?? addressOf(fields.get('original-rcpt-to'));
  if (!email) return [];
  const agent = fields.get('user-agent');
  return [
    {
      email,
      type: 'complaint',
      ...messageIdOf(returned),
      ...detailOf(`Feedback-Type: ${type}${agent ? ` (${agent})` : ''}`),
    },
  ];
}
