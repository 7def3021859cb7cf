import { createHash, randomBytes } from 'node:crypto';
import { cardBrand } from '@enlaza/contracts';

/** Why a provider refused: each is a translated error code `payment.<reason>`. */
export type DeclineReason = 'card_declined' | 'insufficient_funds' | 'processing_error';

export type SavedCard = { token: string; brand: string; last4: string; expMonth: number; expYear: number };
export type ChargeResult = { ok: true; chargeRef: string } | { ok: false; reason: DeclineReason };

/**
 * What the app needs from a card processor. A real one (Stripe) implements it with its API:
 * `saveCard` would receive a client-side token (Stripe Elements' PaymentMethod id) instead of the
 * number, `charge` creates a PaymentIntent with `Idempotency-Key: idempotencyKey`, `refund` a Refund.
 * Every call is idempotent by its key: the same key again answers the first result.
 */
export interface PaymentProvider {
  readonly name: string;
  /** No money moves: the test cards (docs/billing.md) decide what happens, and the pay dialog lists them. */
  readonly testMode: boolean;
  /** Turns card details into a reusable token. Refuses a card the provider would not keep. */
  saveCard(card: {
    number: string;
    expMonth: number;
    expYear: number;
    cvc: string;
    holder: string;
  }): Promise<{ ok: true; card: SavedCard } | { ok: false; reason: DeclineReason }>;
  charge(token: string, amountCents: number, currency: 'EUR', idempotencyKey: string): Promise<ChargeResult>;
  refund(chargeRef: string, amountCents: number, idempotencyKey: string): Promise<{ refundRef: string }>;
}

/**
 * The sandbox's test cards: 4242… saves and charges; 0002 is declined when saved; 9995 saves and
 * every charge fails for insufficient funds; 0341 saves and every charge is declined (for dunning).
 * Any other valid number is declined.
 */
const TEST_CARDS: Record<string, 'ok' | 'declined' | 'insufficient' | 'charge_fails'> = {
  '4242424242424242': 'ok',
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficient',
  '4000000000000341': 'charge_fails',
};

export class ProviderIdempotencyError extends Error {
  constructor() {
    super('idempotency key reused with another amount');
  }
}

/**
 * The embedded sandbox: runs in-process, never keeps the number. Its token carries the test
 * card's behaviour (like a processor's test tokens) and a random part. Its idempotency memory is
 * per process; the app's own `payments.idempotency_key` is the durable one.
 */
export function createSandboxProvider(): PaymentProvider {
  const charges = new Map<string, { amountCents: number; result: ChargeResult }>();
  const refunds = new Map<string, { refundRef: string }>();
  const ref = (prefix: string, key: string) => `${prefix}_${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;

  return {
    name: 'sandbox',
    testMode: true,
    async saveCard(card) {
      const digits = card.number.replace(/\D/g, '');
      const behaviour = TEST_CARDS[digits];
      if (behaviour === 'declined') return { ok: false, reason: 'card_declined' };
      if (!behaviour) return { ok: false, reason: 'card_declined' };
      const token = `sandbox_${behaviour}_${randomBytes(12).toString('hex')}`;
      return {
        ok: true,
        card: { token, brand: cardBrand(digits), last4: digits.slice(-4), expMonth: card.expMonth, expYear: card.expYear },
      };
    },
    async charge(token, amountCents, _currency, idempotencyKey) {
      const seen = charges.get(idempotencyKey);
      if (seen) {
        if (seen.amountCents !== amountCents) throw new ProviderIdempotencyError();
        return seen.result;
      }
      const behaviour = /^sandbox_([a-z_]+?)_[0-9a-f]+$/.exec(token)?.[1];
      const result: ChargeResult =
        behaviour === 'ok'
          ? { ok: true, chargeRef: ref('ch', idempotencyKey) }
          : behaviour === 'charge_fails'
            ? { ok: false, reason: 'card_declined' }
            : behaviour === 'insufficient'
              ? { ok: false, reason: 'insufficient_funds' }
              : { ok: false, reason: 'processing_error' };
      charges.set(idempotencyKey, { amountCents, result });
      return result;
    },
    async refund(_chargeRef, _amountCents, idempotencyKey) {
      const seen = refunds.get(idempotencyKey) ?? { refundRef: ref('re', idempotencyKey) };
      refunds.set(idempotencyKey, seen);
      return seen;
    },
  };
}

export function createPaymentProvider(name: 'sandbox'): PaymentProvider {
  switch (name) {
    case 'sandbox':
      return createSandboxProvider();
  }
}
