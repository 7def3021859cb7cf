/**
 * What a failed campaign send says about the recipient, or about the SMTP server.
 *
 * - `outage`: nothing was said about this recipient — the connection could not be made or broke
 *   (refused, unreachable, timed out, closed), the server refused our sign-in, closed the channel
 *   (421), or the send outlived its deadline. The recipient is not at fault: the row goes back to
 *   pending without using one of its attempts, and the campaign waits for the server (sender.ts).
 * - `permanent`: a 5xx answer to the message (bounced; the address is suppressed).
 * - `temporary`: a 4xx answer to the message (retried later, up to MAX_ATTEMPTS).
 */
export type SmtpError = Error & { responseCode?: number; code?: string; command?: string };
export type SmtpFailure = 'outage' | 'permanent' | 'temporary';

/** Why a campaign stalls, as its page and notification say it (the `campaign.stall_reason.*` strings). */
export type StallKind = 'unreachable' | 'auth' | 'deadline' | 'deferred';

/** nodemailer's codes (and Node's) for a connection that failed, broke or timed out, and ours for the deadline. */
const CONNECTION_CODES = new Set([
  'ECONNECTION',
  'ESOCKET',
  'ETIMEDOUT',
  'EDNS',
  'ETLS',
  'EPROTOCOL',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EDEADLINE',
]);

export function classifySmtpError(error: SmtpError): SmtpFailure {
  if (stallKindOf(error) !== 'deferred') return 'outage';
  const code = error.responseCode;
  if (typeof code === 'number' && code >= 500 && code < 600) return 'permanent';
  return 'temporary';
}

/** The kind of trouble an error shows; `deferred` for anything about one message (a 4xx or 5xx answer). */
export function stallKindOf(error: SmtpError): StallKind {
  if (error.code === 'EDEADLINE') return 'deadline';
  if (error.code === 'EAUTH' || error.code === 'NoAuth') return 'auth';
  if (error.command === 'CONN' || error.responseCode === 421) return 'unreachable';
  if (error.code && CONNECTION_CODES.has(error.code)) return 'unreachable';
  // The pool closed under the send (the transport was recycled after a deadline, or the app stops).
  if (!error.responseCode && /connection pool was closed/i.test(error.message)) return 'unreachable';
  return 'deferred';
}

/** The error's own words, short enough to keep on the campaign and show. */
export const detailOf = (error: SmtpError) => (error.message || String(error)).replace(/\s+/g, ' ').trim().slice(0, 300);
