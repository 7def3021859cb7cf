import net from 'node:net';
import type { Config } from '../config.js';
import { dkimOptions } from './dkim.js';

export { DKIM_SIGNED_FIELDS } from './dkim.js';

/**
 * The socket of every SMTP connection, with Nagle's algorithm off (nodemailer leaves it on): the body
 * of a message goes out in several writes and the final `.` line then waited for the server's delayed
 * ACK (~40 ms on Linux) before leaving — most of each message's time on a fast server.
 *
 * The socket is handed to nodemailer unconnected (`{ socket }`): nodemailer connects it itself, with
 * its own connection timeout, so a refused, unreachable or timed-out connection goes through its
 * normal error path — the SMTP connection emits `error`, the pool removes that connection and answers
 * the message with the error. (This function used to connect the socket itself and answer a failure
 * with `callback(error)`. nodemailer's pool (smtp-pool/pool-resource.js, `connect`) passes such an
 * error to the message but never emits `error` or `close` for the connection, the only events that
 * remove it from the pool: each refused connection kept one of the pool's slots for good, and after
 * `maxConnections` of them the process never sent a campaign email again.)
 *
 * Implicit TLS (`secure`, port 465): nodemailer's `socket` path does no TLS, so it opens the TLS
 * connection itself (same error path); Nagle stays on there. STARTTLS upgrades this socket.
 */
export function noDelaySocket(
  options: { secure?: boolean },
  callback: (error: Error | null, socket?: { socket: net.Socket } | false) => void,
): void {
  if (options.secure) {
    setImmediate(() => callback(null, false));
    return;
  }
  const socket = new net.Socket();
  // Kept until nodemailer connects it (net.Socket applies it when the connection is made).
  socket.setNoDelay(true);
  setImmediate(() => callback(null, { socket }));
}

/** The error of a send that had no answer within its deadline (treated like an unreachable server). */
export class SendDeadlineError extends Error {
  readonly code = 'EDEADLINE';
  constructor(ms: number) {
    super(`The mail server did not finish the message within ${Math.round(ms / 1000)} s`);
  }
}

/**
 * `sending` or, past `ms`, a SendDeadlineError. The send itself is not stopped (nodemailer cannot
 * cancel one message): the caller recycles the connection when it matters (campaigns).
 */
export async function withDeadline<T>(sending: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new SendDeadlineError(ms)), ms);
  });
  try {
    return await Promise.race([sending, expired]);
  } finally {
    clearTimeout(timer);
  }
}

/** The transport settings every SMTP sender shares (the transactional mailer, the campaign pool): Nagle off, timeouts. */
export function smtpOptions(smtp: NonNullable<Config['smtp']>) {
  return {
    getSocket: noDelaySocket,
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? '' } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
    // Signs every message, raw ones included (nodemailer signs the finished stream), with the key parsed once.
    ...(smtp.dkim ? { dkim: dkimOptions(smtp.dkim) } : {}),
  };
}
