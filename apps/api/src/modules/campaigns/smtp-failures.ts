/**
 * What a failed campaign send says about the recipient, or about the SMTP server.
 *
 * - `outage`: nothing was said about this recipient — the connection could not be made or broke
 *   (refused, unreachable, timed out, closed), the server refused our sign-in, closed the channel
 *   (421), or the send outlived its deadline; or every SMTP server was at its rate limit for too
 *   long (`ERATELIMIT`, campaign-relays.ts: shown as "keeps asking us to try later"). The recipient is
 *   not at fault: the row goes back to pending without using one of its attempts, and the campaign
 *   waits for the server (sender.ts). With several SMTP servers, the message was tried on each first.
 * - `hard`: a 5xx answer that says the address itself is wrong (RFC 3463 `5.1.x`, unknown or
 *   disabled mailbox…): bounced, and the address is suppressed at once.
 * - `soft`: a 5xx answer about something else (mailbox full, message too big, refused by policy or
 *   as spam…): bounced, not the address's fault; the address is suppressed only when it keeps
 *   bouncing (SOFT_BOUNCE_LIMIT).
 * - `temporary`: a 4xx answer (greylisting, 421/450/451/452/454 throttling): tried again on the
 *   retry schedule (CAMPAIGN_RETRY_SCHEDULE), then failed.
 */
export type SmtpError = Error & { responseCode?: number; code?: string; command?: string; response?: string };
export type SmtpFailure = 'outage' | 'hard' | 'soft' | 'temporary';

/**
 * Soft bounces of one address by one owner's campaigns started within SOFT_BOUNCE_DAYS that suppress
 * it, as one hard bounce does.
 */
export const SOFT_BOUNCE_LIMIT = 3;
export const SOFT_BOUNCE_DAYS = 90;

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

/** The RFC 3463 enhanced status code of an answer (`550 5.1.1 <x>: unknown user` → [5, 1, 1]), if it has one. */
export function enhancedStatus(text: string | undefined): [number, number, number] | null {
  const m = /(?:^|[\s-])([245])\.(\d{1,3})\.(\d{1,3})(?=\s|$)/.exec(text ?? '');
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

/**
 * The enhanced codes of a 5xx answer that condemn the address rather than the message: `5.1.x`
 * addressing (bad mailbox, bad domain, bad syntax, moved, no mail accepted at the domain), `5.2.1`
 * mailbox disabled and `5.4.4` unable to route. Everything else of class 5 — mailbox full (5.2.2),
 * too big (5.3.4), policy and spam refusals (5.7.x) — bounces this message only.
 */
const isAddressProblem = ([, subject, detail]: [number, number, number]) =>
  subject === 1 || (subject === 2 && detail === 1) || (subject === 4 && detail === 4);

/**
 * A bounce as a report states it (a DSN's `Status: 5.1.1`, a provider's `550 5.1.1 …`): hard when its
 * enhanced status code condemns the address, soft for any other code; `fallback` when it has none
 * or only a class (`5.0.0`), where the reporter's own verdict (a provider's "permanent") decides.
 */
export function bounceKindOf(statusText: string | undefined, fallback: 'hard' | 'soft'): 'hard' | 'soft' {
  const enhanced = enhancedStatus(statusText);
  // X.0.0 is "other or undefined status" (RFC 3463 §3.1): it says nothing of the address.
  if (!enhanced || (enhanced[1] === 0 && enhanced[2] === 0)) return fallback;
  return enhanced[0] === 5 && isAddressProblem(enhanced) ? 'hard' : 'soft';
}

export function classifySmtpError(error: SmtpError): SmtpFailure {
  // No server had room within its rate limit in time (campaign-relays.ts): nothing was said about the recipient.
  if (error.code === 'ERATELIMIT') return 'outage';
  if (stallKindOf(error) !== 'deferred') return 'outage';
  const code = error.responseCode;
  if (typeof code !== 'number' || code < 500 || code >= 600) return 'temporary';
  const enhanced = enhancedStatus(error.response ?? error.message);
  if (enhanced) return enhanced[0] === 5 && isAddressProblem(enhanced) ? 'hard' : enhanced[0] === 4 ? 'temporary' : 'soft';
  // No enhanced code: 550 (mailbox unavailable), 551 (user not local) and 553 (mailbox name not allowed) name the address.
  return code === 550 || code === 551 || code === 553 ? 'hard' : 'soft';
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
