import { X509Certificate, verify } from 'node:crypto';
import { bounceKindOf } from '../smtp-failures.js';
import { isObject, textOf, type FeedbackEvent } from './events.js';

/**
 * Amazon SES bounce and complaint notifications, delivered by Amazon SNS to an HTTPS subscription.
 *
 * SNS posts one JSON document per request with `Content-Type: text/plain; charset=UTF-8`; its
 * `Message` holds the SES notification, itself JSON. A subscription first receives a
 * `SubscriptionConfirmation` whose `SubscribeURL` must be visited once. Every message is signed by
 * SNS with the key of a certificate it publishes at `SigningCertURL`; nothing in the message may be
 * believed before that signature is checked (verifySnsMessage).
 */

/** An SNS message as posted to an HTTP(S) endpoint (the three types share one shape). */
export type SnsMessage = {
  Type: string;
  MessageId: string;
  TopicArn: string;
  /** Only on notifications published with a subject; absent otherwise (and then not signed). */
  Subject?: string;
  Message: string;
  Timestamp: string;
  SignatureVersion: string;
  Signature: string;
  SigningCertURL: string;
  /** SubscriptionConfirmation and UnsubscribeConfirmation only. */
  SubscribeURL?: string;
  /** SubscriptionConfirmation and UnsubscribeConfirmation only. */
  Token?: string;
  /** Notifications only. */
  UnsubscribeURL?: string;
};

const SNS_TYPES = new Set(['Notification', 'SubscriptionConfirmation', 'UnsubscribeConfirmation']);
const REQUIRED = ['Type', 'MessageId', 'TopicArn', 'Message', 'Timestamp', 'SignatureVersion', 'Signature', 'SigningCertURL'] as const;
const OPTIONAL = ['Subject', 'SubscribeURL', 'Token', 'UnsubscribeURL'] as const;

/**
 * The SNS message a request body holds, or null when the body is not one (not JSON, a field missing
 * or not a string, an unknown Type). An optional field sent as null counts as absent. Parsing is no
 * proof of origin: pass the result to verifySnsMessage before acting on it.
 */
export function parseSnsMessage(rawBody: string): SnsMessage | null {
  let data: unknown;
  try {
    data = JSON.parse(rawBody);
  } catch {
    return null;
  }
  if (!isObject(data)) return null;
  const message: Record<string, string> = {};
  for (const key of REQUIRED) {
    const value = data[key];
    if (typeof value !== 'string') return null;
    message[key] = value;
  }
  for (const key of OPTIONAL) {
    const value = data[key];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') return null;
    message[key] = value;
  }
  return SNS_TYPES.has(message.Type!) ? (message as SnsMessage) : null;
}

/** SNS endpoints, in every partition: `sns.<region>.amazonaws.com`, and `.com.cn` in China. */
const SNS_HOST = /^sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?$/;

/**
 * Whether a URL an SNS message carries (SigningCertURL, SubscribeURL) is one of Amazon SNS's own:
 * https, an SNS host, the default port, no user name or password (`https://sns.x.amazonaws.com@evil`
 * names the host `evil`, and the WHATWG parser is what fetch uses too, so both agree on the host).
 */
export function isAmazonSnsUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return (
    parsed.protocol === 'https:' && parsed.username === '' && parsed.password === '' && parsed.port === '' && SNS_HOST.test(parsed.hostname)
  );
}

/** A SigningCertURL also names a `.pem` file, with nothing after it. */
function isSnsCertificateUrl(url: string): boolean {
  if (!isAmazonSnsUrl(url)) return false;
  const parsed = new URL(url);
  return parsed.pathname.endsWith('.pem') && parsed.search === '' && parsed.hash === '';
}

/** The keys signed, in byte order, per message type ("Verifying the signatures of Amazon SNS messages"). */
const SIGNED_KEYS: Record<string, readonly (keyof SnsMessage)[]> = {
  Notification: ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'],
  SubscriptionConfirmation: ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'],
  UnsubscribeConfirmation: ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'],
};

/** SignatureVersion 1 is SHA1withRSA, 2 is SHA256withRSA; SNS has no other. */
const DIGESTS: Record<string, string> = { '1': 'sha1', '2': 'sha256' };

/**
 * The string SNS signs: `Key\nValue\n` for each signed key of the message's type, in byte order.
 * A notification's Subject is signed only when the message has one; a confirmation without its
 * SubscribeURL or Token cannot be checked (null).
 */
function stringToSign(message: SnsMessage): string | null {
  const keys = SIGNED_KEYS[message.Type];
  if (!keys) return null;
  let text = '';
  for (const key of keys) {
    const value = message[key];
    if (value === undefined) {
      if (key === 'Subject') continue;
      return null;
    }
    text += `${key}\n${value}\n`;
  }
  return text;
}

/**
 * Whether SNS signed this message, by AWS's documented algorithm: the certificate is fetched only
 * from an SNS https URL ending in `.pem`, must be within its validity dates at `now`, and its RSA
 * key must verify the base64 `Signature` over the string to sign with the digest SignatureVersion
 * names (1: SHA-1, 2: SHA-256). Any other version, a malformed message or certificate, or a failed
 * fetch gives false; it never throws.
 *
 * What it does not check, and the caller must: that TopicArn is the topic this installation
 * subscribed to (any AWS account can sign messages for its own topics), and, before visiting a
 * confirmation's SubscribeURL, that isAmazonSnsUrl accepts it.
 */
export async function verifySnsMessage(
  message: SnsMessage,
  fetchCertificate: (url: string) => Promise<string>,
  now: number = Date.now(),
): Promise<boolean> {
  try {
    const digest = DIGESTS[message.SignatureVersion];
    if (!digest || !isSnsCertificateUrl(message.SigningCertURL)) return false;
    const text = stringToSign(message);
    if (text === null) return false;
    const signature = Buffer.from(message.Signature, 'base64');
    if (signature.length === 0) return false;
    const certificate = new X509Certificate(await fetchCertificate(message.SigningCertURL));
    const validFrom = Date.parse(certificate.validFrom);
    const validTo = Date.parse(certificate.validTo);
    if (!(validFrom <= now && now <= validTo)) return false; // also false when a date does not parse (NaN)
    if (certificate.publicKey.asymmetricKeyType !== 'rsa') return false;
    return verify(digest, Buffer.from(text, 'utf8'), certificate.publicKey, signature);
  } catch {
    return false;
  }
}

/** The most a certificate download may weigh: SNS's are under 2 KB. */
const MAX_CERTIFICATE_BYTES = 16 * 1024;

/**
 * A `fetchCertificate` for verifySnsMessage that downloads each signing certificate once and keeps
 * the last `max` (SNS signs with few certificates, rotated rarely, each at its own URL). A download
 * is refused — and not kept, so the next message tries again — unless the URL is an SNS certificate
 * URL, the answer is a 200 without a redirect within `timeoutMs`, and its body is one PEM
 * certificate. Concurrent messages signed with the same certificate share one download.
 */
export function createCertificateCache(fetchImpl: typeof fetch = fetch, { timeoutMs = 5000, max = 20 } = {}) {
  const cache = new Map<string, Promise<string>>();

  async function download(url: string): Promise<string> {
    if (!isSnsCertificateUrl(url)) throw new Error(`not an Amazon SNS certificate URL: ${url}`);
    const response = await fetchImpl(url, { redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
    if (response.status !== 200) throw new Error(`certificate download answered ${response.status}: ${url}`);
    const length = Number(response.headers.get('content-length') ?? 0);
    if (length > MAX_CERTIFICATE_BYTES) throw new Error(`certificate download too large: ${url}`);
    const pem = await response.text();
    if (pem.length > MAX_CERTIFICATE_BYTES || !pem.trimStart().startsWith('-----BEGIN CERTIFICATE-----'))
      throw new Error(`certificate download is no PEM certificate: ${url}`);
    new X509Certificate(pem); // throws when the PEM does not hold a certificate
    return pem;
  }

  return (url: string): Promise<string> => {
    const cached = cache.get(url);
    if (cached) {
      // Most recently used last, so the oldest is dropped first.
      cache.delete(url);
      cache.set(url, cached);
      return cached;
    }
    const pending = download(url);
    cache.set(url, pending);
    pending.catch(() => {
      if (cache.get(url) === pending) cache.delete(url);
    });
    while (cache.size > max) cache.delete(cache.keys().next().value!);
    return pending;
  };
}

/**
 * The `Message-ID` header of the original mail: from the headers the notification includes, else
 * `commonHeaders.messageId` — which is SES's own id (no `@`) when the mail had none of its own, and
 * is then left out (the report is matched by address instead of being taken for another system's mail).
 */
function messageIdOf(mail: unknown): string | undefined {
  if (!isObject(mail)) return undefined;
  const ours = (value: unknown) => (typeof value === 'string' && value.includes('@') ? value : undefined);
  if (Array.isArray(mail.headers))
    for (const header of mail.headers as unknown[])
      if (isObject(header) && typeof header.name === 'string' && header.name.toLowerCase() === 'message-id') return ours(header.value);
  const common = mail.commonHeaders;
  return isObject(common) ? ours(common.messageId) : undefined;
}

/** The `emailAddress` of each entry of a recipients list (bouncedRecipients, complainedRecipients). */
const recipientsOf = (list: unknown): Record<string, unknown>[] =>
  Array.isArray(list)
    ? (list as unknown[]).filter((r): r is Record<string, unknown> => isObject(r) && typeof r.emailAddress === 'string')
    : [];

/**
 * The bounces and complaints an SES notification reports. Both formats are read: the identity's
 * bounce/complaint notifications (`notificationType`) and a configuration set's event publishing
 * (`eventType`). A bounce gives one event per bounced recipient, classified by its DSN status (or
 * the diagnostic code's enhanced code) with SES's `bounceType` as the fallback: Permanent → hard,
 * Transient and Undetermined → soft (a Transient with a 5.1.x status is still hard: the server said
 * the address is wrong). A complaint gives one event per complained recipient, unless its feedback
 * type is `not-spam` (the recipient said the opposite). Deliveries, sends, opens… and a Message that
 * is not JSON give none.
 */
export function sesEvents(message: SnsMessage): FeedbackEvent[] {
  let data: unknown;
  try {
    data = JSON.parse(message.Message);
  } catch {
    return [];
  }
  if (!isObject(data)) return [];
  const kind = data.notificationType ?? data.eventType;
  const messageId = messageIdOf(data.mail);

  if (kind === 'Bounce' && isObject(data.bounce)) {
    const fallback = data.bounce.bounceType === 'Permanent' ? 'hard' : 'soft';
    return recipientsOf(data.bounce.bouncedRecipients).map((recipient) => {
      const status = textOf(recipient.status);
      const detail = textOf(recipient.diagnosticCode);
      return {
        email: recipient.emailAddress as string,
        type: 'bounce',
        bounce: bounceKindOf([status, detail].filter(Boolean).join(' '), fallback),
        messageId,
        detail,
      };
    });
  }

  if (kind === 'Complaint' && isObject(data.complaint)) {
    const feedbackType = textOf(data.complaint.complaintFeedbackType);
    if (feedbackType === 'not-spam') return [];
    return recipientsOf(data.complaint.complainedRecipients).map((recipient) => ({
      email: recipient.emailAddress as string,
      type: 'complaint',
      messageId,
      detail: feedbackType,
    }));
  }

  return [];
}
