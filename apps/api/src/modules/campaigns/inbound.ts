import type { FastifyBaseLogger } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { parseReport } from './feedback/bounce-reports.js';
import type { FeedbackEvent } from './feedback/events.js';

/**
 * The inbound SMTP listener (INBOUND_SMTP_PORT, for INBOUND_MAIL_DOMAIN whose MX points at it). It
 * takes two kinds of mail and refuses every other address at RCPT TO:
 * - `unsub+<signed recipient>@domain`, the `mailto:` of List-Unsubscribe (RFC 2369): whatever the
 *   message says, its recipient is unsubscribed, as by the https link;
 * - `bounces@domain` (and `bounces+…@domain`), the campaigns' envelope sender: delivery status
 *   notifications (RFC 3464) and complaint reports (RFC 5965), read by feedback/bounce-reports.ts.
 *
 * A message is applied before it is accepted: the `250` goes out only after the database has it, so
 * a process that dies half-way answers nothing, and the sending server — which keeps the message
 * until it gets a 250 — tries again later. Applying a report twice changes nothing more (see
 * `recordFeedback`). No STARTTLS and no AUTH: mail servers deliver to an MX in plain text when none
 * is offered, and this port receives only, it relays nothing.
 */
export const BOUNCE_LOCAL = 'bounces';
export const bounceAddress = (domain: string) => `${BOUNCE_LOCAL}@${domain}`;

/** The largest message taken: a DSN that returns a whole campaign email fits many times over. */
export const INBOUND_MAX_BYTES = 2 * 1024 * 1024;

type Target = { kind: 'unsubscribe'; recipientId: string } | { kind: 'report' };

export type InboundDeps = {
  domain: string;
  /** The recipient a mailto local part names (signed), or null. */
  verifyMailto(localPart: string): string | null;
  unsubscribe(recipientId: string): Promise<unknown>;
  recordFeedback(events: FeedbackEvent[]): Promise<unknown>;
  log: FastifyBaseLogger;
};

const smtpError = (code: number, text: string) => Object.assign(new Error(text), { responseCode: code });

export function createInboundListener(deps: InboundDeps) {
  const domain = deps.domain.toLowerCase();

  function targetOf(address: string): Target | 'other-domain' | null {
    const at = address.lastIndexOf('@');
    if (
      at < 1 ||
      address
        .slice(at + 1)
        .toLowerCase()
        .replace(/\.$/, '') !== domain
    )
      return 'other-domain';
    const local = address.slice(0, at).toLowerCase();
    if (local === BOUNCE_LOCAL || local.startsWith(`${BOUNCE_LOCAL}+`)) return { kind: 'report' };
    const recipientId = deps.verifyMailto(local);
    return recipientId ? { kind: 'unsubscribe', recipientId } : null;
  }

  async function apply(raw: Buffer, targets: Target[]): Promise<void> {
    for (const target of targets) if (target.kind === 'unsubscribe') await deps.unsubscribe(target.recipientId);
    if (!targets.some((t) => t.kind === 'report')) return;
    const events = await parseReport(raw);
    if (events.length > 0) await deps.recordFeedback(events);
    else deps.log.info({ bytes: raw.length }, 'inbound mail to the bounce address that is no bounce or complaint report: dropped');
  }

  const server = new SMTPServer({
    name: domain,
    banner: 'Enlaza inbound mail (bounces and unsubscribe requests)',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    hideSTARTTLS: true,
    size: INBOUND_MAX_BYTES,
    logger: false,
    onRcptTo(address, _session, callback) {
      const target = targetOf(address.address);
      if (target === 'other-domain') return callback(smtpError(550, '5.7.1 Relaying denied'));
      if (!target) return callback(smtpError(550, '5.1.1 No such recipient here'));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if ((stream as { sizeExceeded?: boolean }).sizeExceeded) return callback(smtpError(552, '5.3.4 Message too big'));
        const targets = session.envelope.rcptTo.map((a) => targetOf(a.address)).filter((t): t is Target => !!t && t !== 'other-domain');
        apply(Buffer.concat(chunks), targets).then(
          () => callback(),
          (error: unknown) => {
            // Not taken: the sending server keeps the message and tries again.
            deps.log.error({ err: error }, 'inbound mail could not be applied; answered 451');
            callback(smtpError(451, '4.3.0 Temporary failure, try again later'));
          },
        );
      });
    },
  });
  server.on('error', (error) => deps.log.error({ err: error }, 'inbound SMTP listener error'));

  return {
    /** Starts listening; answers the port (useful with port 0). */
    listen(host: string, port: number): Promise<number> {
      return new Promise((resolve, reject) => {
        const fail = (error: Error) => reject(error);
        server.server.once('error', fail);
        server.listen(port, host, () => {
          server.server.off('error', fail);
          resolve((server.server.address() as { port: number }).port);
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type InboundListener = ReturnType<typeof createInboundListener>;
