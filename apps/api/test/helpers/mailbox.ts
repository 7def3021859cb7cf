import { SMTPServer } from 'smtp-server';

export type ReceivedEmail = {
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
  /** The envelope's MAIL FROM. */ from?: string;
};

const decodeQuotedPrintable = (body: string) =>
  Buffer.from(
    body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

function decodeBody(body: string, encoding: string): string {
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/quoted-printable/i.test(encoding)) return decodeQuotedPrintable(body);
  return body;
}

/** RFC 2047 encoded words, as nodemailer writes non-ASCII subjects. */
const decodeWords = (value: string) =>
  value.replace(/\s*=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
    kind.toLowerCase() === 'b' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );

function splitHead(part: string): { headers: Record<string, string>; body: string } {
  const at = part.search(/\r?\n\r?\n/);
  const head = at === -1 ? part : part.slice(0, at);
  const body = at === -1 ? '' : part.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return { headers, body };
}

/** A small MIME reader: enough for nodemailer's multipart/alternative messages. */
export function parseEmail(raw: string, to: string[]): ReceivedEmail {
  const { headers, body } = splitHead(raw);
  const found = { text: '', html: '' };
  const visit = (h: Record<string, string>, b: string) => {
    const type = h['content-type'] ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (boundary) {
      for (const part of b.split(`--${boundary}`).slice(1)) {
        if (part.startsWith('--')) break;
        const inner = splitHead(part.replace(/^\r?\n/, ''));
        visit(inner.headers, inner.body);
      }
    } else if (/text\/html/i.test(type)) found.html = decodeBody(b, h['content-transfer-encoding'] ?? '');
    else if (/text\/plain/i.test(type)) found.text = decodeBody(b, h['content-transfer-encoding'] ?? '');
  };
  visit(headers, body);
  return { to, subject: decodeWords(headers.subject ?? ''), text: found.text.trim(), html: found.html, raw };
}

/** A real SMTP server in this process; the app sends to it through nodemailer like to any other. */
export async function startMailbox(
  options: {
    holdWhen?: () => boolean;
    /**
     * Refuses this recipient at RCPT TO: an SMTP reply code (e.g. 550), or a code and the text after
     * it (`{ code: 550, text: '5.1.1 No such user' }` answers `550 5.1.1 No such user`).
     */
    refuseRecipient?: (address: string) => number | { code: number; text: string } | undefined;
  } = {},
) {
  const received: ReceivedEmail[] = [];
  /** Messages whose data arrived but that got no answer (see `holdWhen`): never accepted, never recorded. */
  let held = 0;
  /** Emails already handed to a test by `next`. */
  const taken = new Set<ReceivedEmail>();
  const listeners = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = options.refuseRecipient?.(address.address);
      if (refusal) {
        const { code, text } =
          typeof refusal === 'number'
            ? { code: refusal, text: `${refusal === 550 ? 'No such user' : 'Try again later'} (${address.address})` }
            : refusal;
        return callback(Object.assign(new Error(text), { responseCode: code }));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        // Holding: the sender waits for the server's answer that never comes (until its connection dies).
        if (options.holdWhen?.()) {
          held += 1;
          return;
        }
        const mailFrom = session.envelope.mailFrom;
        received.push({
          ...parseEmail(
            Buffer.concat(chunks).toString('utf8'),
            session.envelope.rcptTo.map((a) => a.address),
          ),
          from: mailFrom ? mailFrom.address : '',
        });
        for (const notify of listeners) notify();
        callback();
      });
    },
  });
  // A sender killed mid-session (the crash tests' SIGKILL) resets its connections: the server reports
  // it as an 'error' event, which would otherwise be an uncaught exception in the test run. What was
  // accepted is in `received`; a held message was never accepted.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;

  return {
    port,
    env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), SMTP_SECURE: 'false', MAIL_FROM: 'Enlaza <no-reply@enlaza.test>' },
    received,
    /** The oldest email to `to` (matching `where`) not yet handed out, waiting for it if needed. */
    async next(to: string, where: (m: ReceivedEmail) => boolean = () => true, timeoutMs = 10_000): Promise<ReceivedEmail> {
      const find = () => received.find((m) => !taken.has(m) && m.to.includes(to) && where(m));
      return new Promise((resolve, reject) => {
        const done = () => {
          const m = find();
          if (!m) return;
          taken.add(m);
          listeners.delete(done);
          clearTimeout(timer);
          resolve(m);
        };
        const timer = setTimeout(() => {
          listeners.delete(done);
          reject(new Error(`no email to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        listeners.add(done);
        done();
      });
    },
    count: (to: string) => received.filter((m) => m.to.includes(to)).length,
    held: () => held,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type Mailbox = Awaited<ReturnType<typeof startMailbox>>;

/** The first link in an email's text that starts with `prefix`. */
export function linkIn(email: ReceivedEmail, prefix: string): string {
  const link = email.text.split(/\s+/).find((w) => w.startsWith(prefix));
  if (!link) throw new Error(`no link starting with ${prefix} in:\n${email.text}`);
  return link;
}
