import type { SmtpRelayTest } from '@enlaza/contracts';
import nodemailer from 'nodemailer';
import { smtpOptions, withDeadline } from '../../lib/smtp.js';

/** How long "Test this server" waits in all: connecting, the greeting, STARTTLS and the sign-in. */
const TEST_TIMEOUT_MS = 10_000;

/**
 * Whether an SMTP server greets us, and takes our sign-in when it has one (nodemailer's `verify()`:
 * connect, EHLO, STARTTLS when offered, AUTH, QUIT). A server that is down, slow or refuses us is an
 * answer (`ok: false` with its own words or the connection's error), never a failure of the request.
 */
export async function verifySmtpServer(
  server: { host: string; port: number; secure: boolean; user: string; password: string | null },
  timeoutMs = TEST_TIMEOUT_MS,
): Promise<SmtpRelayTest> {
  const transport = nodemailer.createTransport({
    ...smtpOptions({ ...server, user: server.user || undefined, password: server.password ?? undefined, dkim: null }),
    connectionTimeout: timeoutMs / 2,
    greetingTimeout: timeoutMs / 2,
    socketTimeout: timeoutMs,
  });
  const where = `${server.host}:${server.port}`;
  try {
    await withDeadline(transport.verify(), timeoutMs);
    return {
      ok: true,
      detail: server.user ? `${where} answered and accepted the sign-in of ${server.user}` : `${where} answered (no sign-in sent)`,
    };
  } catch (error) {
    const words = ((error as Error).message || String(error)).replace(/\s+/g, ' ').trim().slice(0, 300);
    return { ok: false, detail: words };
  } finally {
    transport.close();
  }
}
