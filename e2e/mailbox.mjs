// A real SMTP server inside the e2e server process: the API sends its emails to it through
// nodemailer, and specs read them over a small HTTP endpoint (GET /messages?to=<email>).
// The MIME reader mirrors apps/api/test/helpers/mailbox.ts (enough for nodemailer's messages).
import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';

/** @typedef {{ filename: string, contentType: string, base64: string }} ReceivedAttachment */
/** @typedef {{ id: number, to: string[], subject: string, text: string, html: string, attachments: ReceivedAttachment[], receivedAt: string }} ReceivedEmail */

/** @param {string} body */
const decodeQuotedPrintable = (body) =>
  Buffer.from(
    body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (/** @type {string} */ _, /** @type {string} */ hex) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** @param {string} body @param {string} encoding */
function decodeBody(body, encoding) {
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/quoted-printable/i.test(encoding)) return decodeQuotedPrintable(body);
  return body;
}

/** RFC 2047 encoded words, as nodemailer writes non-ASCII subjects. @param {string} value */
const decodeWords = (value) =>
  value.replace(
    /\s*=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi,
    (/** @type {string} */ _, /** @type {string} */ kind, /** @type {string} */ text) =>
      kind.toLowerCase() === 'b' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );

/** @param {string} part @returns {{ headers: Record<string, string>, body: string }} */
function splitHead(part) {
  const at = part.search(/\r?\n\r?\n/);
  const head = at === -1 ? part : part.slice(0, at);
  const body = at === -1 ? '' : part.slice(at).replace(/^\r?\n\r?\n/, '');
  /** @type {Record<string, string>} */
  const headers = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return { headers, body };
}

/** @param {string} raw @returns {{ subject: string, text: string, html: string, attachments: ReceivedAttachment[] }} */
export function parseEmail(raw) {
  const { headers, body } = splitHead(raw);
  const found = { text: '', html: '' };
  /** @type {ReceivedAttachment[]} */
  const attachments = [];
  /** @param {Record<string, string>} h @param {string} b */
  const visit = (h, b) => {
    const type = h['content-type'] ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (boundary) {
      for (const part of b.split(`--${boundary}`).slice(1)) {
        if (part.startsWith('--')) break;
        const inner = splitHead(part.replace(/^\r?\n/, ''));
        visit(inner.headers, inner.body);
      }
    } else if (/^attachment/i.test(h['content-disposition'] ?? '')) {
      // A file (the receipt's invoice PDF): its name and its bytes, as base64 whatever the transfer encoding.
      const filename = decodeWords(/filename="?([^";]+)"?/i.exec(h['content-disposition'] ?? '')?.[1] ?? '');
      const bytes = /base64/i.test(h['content-transfer-encoding'] ?? '')
        ? Buffer.from(b.replace(/\s+/g, ''), 'base64')
        : Buffer.from(b, 'latin1');
      attachments.push({ filename, contentType: (type.split(';')[0] ?? '').trim(), base64: bytes.toString('base64') });
    } else if (/text\/html/i.test(type)) found.html = decodeBody(b, h['content-transfer-encoding'] ?? '');
    else if (/text\/plain/i.test(type)) found.text = decodeBody(b, h['content-transfer-encoding'] ?? '');
  };
  visit(headers, body);
  return { subject: decodeWords(headers.subject ?? ''), text: found.text.trim(), html: found.html, attachments };
}

/**
 * Starts the SMTP server (any free port, no AUTH, no STARTTLS) and the HTTP reader on `httpPort`.
 * @param {{ httpPort: number }} options
 */
export async function startMailbox({ httpPort }) {
  /** @type {ReceivedEmail[]} */
  const received = [];
  let nextId = 1;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      /** @type {Buffer[]} */
      const chunks = [];
      stream.on('data', (/** @type {Buffer} */ chunk) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((address) => address.address.toLowerCase());
        received.push({ id: nextId++, to, receivedAt: new Date().toISOString(), ...parseEmail(Buffer.concat(chunks).toString('utf8')) });
        callback();
      });
    },
  });
  await new Promise((resolve) => smtp.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = smtp.server.address();
  const smtpPort = typeof address === 'object' && address ? address.port : 0;

  const http = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (request.method === 'GET' && url.pathname === '/messages') {
      const to = url.searchParams.get('to')?.toLowerCase();
      const list = to ? received.filter((m) => m.to.includes(to)) : received;
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(list));
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise((resolve, reject) => {
    http.once('error', reject);
    http.listen(httpPort, '127.0.0.1', () => resolve(undefined));
  });

  return {
    smtpPort,
    close: () => Promise.all([new Promise((r) => smtp.close(() => r(undefined))), new Promise((r) => http.close(() => r(undefined)))]),
  };
}
