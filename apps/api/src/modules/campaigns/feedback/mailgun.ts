import { createHmac, timingSafeEqual } from 'node:crypto';
import { bounceKindOf } from '../smtp-failures.js';
import { isObject, textOf, type FeedbackEvent } from './events.js';

/**
 * Mailgun webhooks: one JSON POST per event, `{ signature: { timestamp, token, signature },
 * 'event-data': {...} }`. The signature is the hex HMAC-SHA256 of `timestamp + token` under the
 * domain's (or account's) HTTP webhook signing key — it does NOT cover event-data, so a signature
 * block seen once could be attached to any forged event. Mailgun's advice ("Securing Webhooks"):
 * compare the HMAC, optionally check the timestamp is not too far from now ("there can be delays in
 * webhook processing that are outside of Mailgun's control so you don't want to be too aggressive
 * with this check") and optionally keep each token and refuse it the second time — the check that
 * closes that gap, and which needs storage, so it is the caller's (see verifyMailgun).
 * https://documentation.mailgun.com/docs/mailgun/user-manual/webhooks/securing-webhooks
 */

/**
 * How old a signed timestamp may be. Mailgun retries a POST not answered with 200 or 406 "during 8
 * hours" (Automatic Retries) and does not say whether a retry is signed anew (reports say it is
 * not), so the window covers those 8 hours plus one: a tighter one would turn away Mailgun's own
 * retries and lose bounces. Within it, only a single-use token keeps a captured signature from
 * being reused.
 */
export const MAILGUN_MAX_AGE_MS = 9 * 60 * 60 * 1000;
/** How far ahead of our clock a timestamp may be (clock skew between Mailgun and us). */
export const MAILGUN_MAX_SKEW_MS = 5 * 60 * 1000;

/** The signature block's timestamp as signed (decimal seconds; Mailgun sends a string, an integer is accepted). */
function timestampOf(value: unknown): string | null {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value);
  return typeof value === 'string' && /^\d{1,12}$/.test(value) ? value : null;
}

/**
 * The signature block's token, for the caller's single-use check once verifyMailgun accepted the
 * request (keep each token at least MAILGUN_MAX_AGE_MS + MAILGUN_MAX_SKEW_MS).
 */
export function mailgunToken(body: unknown): string | null {
  return isObject(body) && isObject(body.signature) && typeof body.signature.token === 'string' ? body.signature.token : null;
}

/**
 * Whether Mailgun signed this webhook: the hex HMAC-SHA256 of `timestamp + token` under
 * `signingKey` equals `signature` or, for a subaccount's event, `parent-signature` (compared in
 * constant time), and the timestamp (Unix seconds) is
 * at most MAILGUN_MAX_AGE_MS old and MAILGUN_MAX_SKEW_MS ahead of `now`. An empty key verifies
 * nothing. Never throws. The token is not remembered here: refuse a token seen before (mailgunToken),
 * or a signature block copied from one genuine request can carry forged event-data until it ages out.
 */
export function verifyMailgun(body: unknown, signingKey: string, now: number = Date.now()): boolean {
  try {
    if (!signingKey || !isObject(body) || !isObject(body.signature)) return false;
    const { token } = body.signature;
    const timestamp = timestampOf(body.signature.timestamp);
    if (timestamp === null || typeof token !== 'string' || !token) return false;
    const signedAt = Number(timestamp) * 1000;
    if (signedAt < now - MAILGUN_MAX_AGE_MS || signedAt > now + MAILGUN_MAX_SKEW_MS) return false;
    const expected = createHmac('sha256', signingKey)
      .update(timestamp + token, 'utf8')
      .digest();
    // A subaccount's events also carry `parent-signature`, the same HMAC under the primary account's key.
    return [body.signature.signature, body.signature['parent-signature']].some(
      (signature) =>
        typeof signature === 'string' && /^[0-9a-f]{64}$/i.test(signature) && timingSafeEqual(expected, Buffer.from(signature, 'hex')),
    );
  } catch {
    return false;
  }
}

/**
 * Suppressions of Mailgun's own lists ("Not delivering to unsubscribed address" / "…to a user who
 * marked your messages as spam"): the message was not sent and the address is not wrong — a soft
 * bounce, not a hard one. `suppress-bounce` (the address bounced before) stays hard.
 */
const NOT_THE_ADDRESS = new Set(['suppress-unsubscribe', 'suppress-complaint']);

/**
 * The bounce or complaint a Mailgun webhook reports. `failed` with `severity: permanent` is a bounce
 * of `event-data.recipient`, classified by `delivery-status` (the enhanced code, then the bounce
 * code, message and description, in that order) and hard when none has an enhanced code; except
 * Mailgun's unsubscribe and complaint suppressions, always soft. `failed` with `severity: temporary` is
 * nothing yet: Mailgun tries again itself and reports a permanent failure if it gives up.
 * `complained` is a complaint. Anything else gives none.
 */
export function mailgunEvents(body: unknown): FeedbackEvent[] {
  if (!isObject(body) || !isObject(body['event-data'])) return [];
  const data = body['event-data'];
  const email = textOf(data.recipient);
  if (!email) return [];
  const message = isObject(data.message) ? data.message : {};
  const headers = isObject(message.headers) ? message.headers : {};
  const messageId = textOf(headers['message-id']);

  if (data.event === 'failed' && data.severity === 'permanent') {
    const status = isObject(data['delivery-status']) ? data['delivery-status'] : {};
    const texts = [status['enhanced-code'], status['bounce-code'], status.message, status.description].map(textOf);
    const bounce =
      typeof data.reason === 'string' && NOT_THE_ADDRESS.has(data.reason) ? 'soft' : bounceKindOf(texts.filter(Boolean).join(' '), 'hard');
    return [{ email, type: 'bounce', bounce, messageId, detail: textOf(status.message) ?? textOf(status.description) }];
  }
  if (data.event === 'complained') return [{ email, type: 'complaint', messageId }];
  return [];
}
