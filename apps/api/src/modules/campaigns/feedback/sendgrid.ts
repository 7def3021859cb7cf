import { verify, type KeyObject } from 'node:crypto';
import { p256PublicKey } from '../../../lib/crypto.js';
import { bounceKindOf } from '../smtp-failures.js';
import { headerValue, isObject, textOf, type FeedbackEvent, type WebhookRequest } from './events.js';

/**
 * Twilio SendGrid's Event Webhook with "Signed Event Webhook Requests" on: each POST carries a JSON
 * array of events, `X-Twilio-Email-Event-Webhook-Timestamp` and `X-Twilio-Email-Event-Webhook-Signature`,
 * an ECDSA (P-256, SHA-256) signature over the timestamp followed by the body's bytes as sent.
 * https://www.twilio.com/docs/sendgrid/for-developers/tracking-events/getting-started-event-webhook-security-features
 */

export const SENDGRID_SIGNATURE_HEADER = 'x-twilio-email-event-webhook-signature';
export const SENDGRID_TIMESTAMP_HEADER = 'x-twilio-email-event-webhook-timestamp';

/**
 * How old a signed timestamp may be. SendGrid documents no tolerance, and retries a POST that was
 * not answered with a 2xx "at increasing intervals for up to 24 hours after the event occurs"
 * (Event Webhook troubleshooting) without saying whether a retry is signed anew. So the window
 * covers that retry period plus an hour: a tighter one could turn away SendGrid's own retries
 * and lose bounces. It still ends the life of a captured request; and since the signature covers
 * the body, a replay inside it can only repeat events SendGrid really sent, which
 * `recordFeedback` applies once.
 */
export const SENDGRID_MAX_AGE_MS = 25 * 60 * 60 * 1000;
/** How far ahead of our clock a timestamp may be (clock skew between SendGrid and us). */
export const SENDGRID_MAX_SKEW_MS = 5 * 60 * 1000;

/** The configured key, parsed once (it is the same string on every request). */
let parsed: { text: string; key: KeyObject | null } | null = null;
function publicKeyOf(publicKey: string): KeyObject | null {
  if (parsed?.text !== publicKey) parsed = { text: publicKey, key: p256PublicKey(publicKey) };
  return parsed.key;
}

/**
 * Whether SendGrid signed this request: the signature header (base64 of a DER ECDSA signature)
 * verifies, with the configured public key, over the timestamp header followed by the raw body,
 * and the timestamp (Unix seconds) is at most SENDGRID_MAX_AGE_MS old and SENDGRID_MAX_SKEW_MS
 * ahead of `now`. The body must be the bytes as received: a body parsed and serialised again no
 * longer verifies. Never throws.
 */
export function verifySendgrid(request: WebhookRequest, publicKey: string, now: number = Date.now()): boolean {
  try {
    const signature = headerValue(request.headers, SENDGRID_SIGNATURE_HEADER);
    const timestamp = headerValue(request.headers, SENDGRID_TIMESTAMP_HEADER);
    if (!signature || !timestamp || !/^\d{1,12}$/.test(timestamp)) return false;
    const signedAt = Number(timestamp) * 1000;
    if (signedAt < now - SENDGRID_MAX_AGE_MS || signedAt > now + SENDGRID_MAX_SKEW_MS) return false;
    const key = publicKeyOf(publicKey);
    if (!key) return false;
    const payload = Buffer.concat([Buffer.from(timestamp, 'utf8'), Buffer.from(request.rawBody, 'utf8')]);
    return verify('sha256', payload, { key, dsaEncoding: 'der' }, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

/**
 * The bounces and complaints in an Event Webhook POST (a JSON array of events). A `bounce` event
 * is a bounce: `type: "bounce"` (SendGrid's permanent kind; older payloads carry no type) is
 * classified by its status, then the reason's enhanced code, and is hard when neither has one;
 * `type: "blocked"` (SendGrid's temporary kind) likewise but soft by default. A `spamreport` is a
 * complaint. Every other event (processed, delivered, deferred, dropped, open, click,
 * unsubscribe…) is ignored, as is a body that is not an array.
 */
export function sendgridEvents(body: unknown): FeedbackEvent[] {
  if (!Array.isArray(body)) return [];
  const events: FeedbackEvent[] = [];
  for (const item of body as unknown[]) {
    if (!isObject(item) || typeof item.email !== 'string' || !item.email) continue;
    const messageId = textOf(item['smtp-id']);
    if (item.event === 'bounce') {
      const type = item.type ?? 'bounce';
      if (type !== 'bounce' && type !== 'blocked') continue;
      const status = textOf(item.status);
      const detail = textOf(item.reason);
      const bounce = bounceKindOf([status, detail].filter(Boolean).join(' '), type === 'bounce' ? 'hard' : 'soft');
      events.push({ email: item.email, type: 'bounce', bounce, messageId, detail });
    } else if (item.event === 'spamreport') {
      events.push({ email: item.email, type: 'complaint', messageId });
    }
  }
  return events;
}
