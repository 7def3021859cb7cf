import net from 'node:net';
import type { Config } from '../config.js';

/**
 * SMTP connections, opened here so that Nagle's algorithm is off (nodemailer leaves it
 * on): the body of a message goes out in several writes and the final `.` line then waited for the
 * server's delayed ACK (~40 ms on Linux) before leaving — most of each message's time on a fast
 * server. nodemailer still does TLS (implicit or STARTTLS) over this socket.
 */
export function noDelaySocket(
  options: { host?: string; port?: number; connectionTimeout?: number },
  callback: (error: Error | null, socket?: { connection: net.Socket }) => void,
): void {
  let done = false;
  const finish = (error: Error | null, socket?: { connection: net.Socket }) => {
    if (done) return;
    done = true;
    callback(error, socket);
  };
  const socket = net.connect({ host: options.host, port: options.port ?? 25 });
  socket.setNoDelay(true);
  const onTimeout = () => {
    socket.destroy();
    finish(Object.assign(new Error('Connection timeout'), { code: 'ETIMEDOUT' }));
  };
  socket.setTimeout(options.connectionTimeout ?? 10_000);
  socket.once('timeout', onTimeout);
  // Kept after the connection (a no-op then): nodemailer adds its own handlers when it takes the socket.
  socket.once('error', (error) => finish(error));
  socket.once('connect', () => {
    socket.setTimeout(0);
    socket.removeListener('timeout', onTimeout);
    finish(null, { connection: socket });
  });
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
  };
}
