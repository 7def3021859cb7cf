import { createHash, createHmac, randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '@enlaza/contracts';

/** A new signing secret: `whsec_` and 32 random bytes (base64url). The whole string is the HMAC key. */
export const newWebhookSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;

/** `Enlaza-Signature`: Stripe's scheme, `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`. */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

/** The event id of a domain event's delivery (stable across the subscriber's retries, so the fan-out happens once). */
export const webhookEventId = (deliveryKey: string) => `evt_${createHash('sha256').update(deliveryKey).digest('hex').slice(0, 32)}`;
