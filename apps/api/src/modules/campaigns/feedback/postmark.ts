import { sameSecret } from '../../../lib/crypto.js';
import { bounceKindOf, enhancedStatus } from '../smtp-failures.js';
import { headerValue, isObject, textOf, type FeedbackEvent, type WebhookRequest } from './events.js';

/**
 * Postmark's bounce and spam-complaint webhooks: one JSON POST per record. Postmark signs nothing;
 * its documented protection is HTTP basic auth, the credentials written into the webhook URL
 * (`https://user:password@host/path`, or the webhook's HttpAuth in its API), so the request carries
 * `Authorization: Basic …`. That makes the credentials the only secret: the URL must be https.
 * https://postmarkapp.com/developer/webhooks/webhooks-overview
 */

/**
 * Whether the request carries the configured basic-auth credentials (`user:password`, as in the
 * webhook URL), compared with sameSecret: neither the content nor the length of the secret shows
 * in the time taken. Credentials without a password
 * accept nothing. Choose them from letters and digits: a character the URL must percent-encode
 * may or may not be decoded before it is sent (Postmark does not say).
 */
export function verifyPostmark(headers: WebhookRequest['headers'], credentials: string): boolean {
  const colon = credentials.indexOf(':');
  if (colon < 0 || colon === credentials.length - 1) return false;
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(headerValue(headers, 'authorization') ?? '');
  if (!match) return false;
  const given = Buffer.from(match[1]!, 'base64');
  return sameSecret(given, credentials);
}

/**
 * Postmark's bounce `Type`s (https://postmarkapp.com/developer/api/bounce-api#bounce-types), read as
 * what they say about our campaign email:
 * - hard — the address is wrong: HardBounce ("unknown user, mailbox not found"), BadEmailAddress
 *   ("not a valid email address").
 * - soft — this message was refused, the address may be fine: SoftBounce ("mailbox full, account
 *   disabled, exceeds quota"), Blocked ("ISP block … due to content or blacklisting"), DMARCPolicy
 *   (our From domain's DMARC failed), SpamNotification (classified as spam or rejected content),
 *   VirusNotification (refused as infected).
 * - ignored — nothing failed for good, or it was no answer to our message: Transient ("message
 *   delayed", Postmark keeps trying), DnsError ("a temporary DNS error"), AutoResponder, AddressChange,
 *   Subscribe, Unsubscribe (a request written back, not a delivery failure), OpenRelayTest,
 *   ChallengeVerification, Unconfirmed, ManuallyDeactivated (an action in Postmark's UI), and our own
 *   side's SMTPApiError, InboundError, TemplateRenderingFailed.
 * Unknown ("unable to classify the NDR") counts only when its details carry a 5.x.x enhanced code,
 * and is then classified by it (soft by default). Within hard and soft, the details' enhanced code
 * has the last word, as for every other source (a SoftBounce saying 5.1.1 is hard).
 */
const HARD_TYPES = new Set(['HardBounce', 'BadEmailAddress']);
const SOFT_TYPES = new Set(['SoftBounce', 'Blocked', 'DMARCPolicy', 'SpamNotification', 'VirusNotification']);

/** The kind of bounce a Postmark bounce record is, or null when it is none (see the table above). */
function bounceOf(type: unknown, details: string | undefined): 'hard' | 'soft' | null {
  if (typeof type !== 'string') return null;
  if (HARD_TYPES.has(type)) return bounceKindOf(details, 'hard');
  if (SOFT_TYPES.has(type)) return bounceKindOf(details, 'soft');
  if (type === 'Unknown' && enhancedStatus(details)?.[0] === 5) return bounceKindOf(details, 'soft');
  return null;
}

/**
 * The bounce or complaint a Postmark webhook reports: `RecordType: Bounce` by the table above,
 * `RecordType: SpamComplaint` a complaint, of `Email`. Postmark's `MessageID` is Postmark's own id
 * for the message, not its Message-ID header, so no messageId is given. The detail is Postmark's
 * `Details` (the remote server's words), else its `Description` of the type.
 */
export function postmarkEvents(body: unknown): FeedbackEvent[] {
  if (!isObject(body)) return [];
  const email = textOf(body.Email);
  if (!email) return [];
  const details = textOf(body.Details);
  const detail = details ?? textOf(body.Description);
  if (body.RecordType === 'Bounce') {
    const bounce = bounceOf(body.Type, details);
    return bounce ? [{ email, type: 'bounce', bounce, detail }] : [];
  }
  if (body.RecordType === 'SpamComplaint') return [{ email, type: 'complaint', detail }];
  return [];
}
