import { z } from 'zod';
import { optionalString } from './env-values.js';

/** The payment provider and its keys (part of the API's settings, config.ts; docs/billing.md). */
export const paymentEnv = {
  /** Which payment provider charges: `sandbox` (embedded, test methods only) or `stripe` (its keys below). */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe', 'redsys']).default('sandbox'),
  /** Stripe's secret key (`sk_test_…`: test mode, no money moves; `sk_live_…`: real payments). */
  STRIPE_SECRET_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^(sk|rk)_(test|live)_\S+$/, 'a Stripe secret key (sk_test_… or sk_live_…)')
      .optional(),
  ),
  /** Stripe's publishable key, for Stripe.js in the browser (`pk_test_…` with a test secret key). */
  STRIPE_PUBLISHABLE_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^pk_(test|live)_\S+$/, 'a Stripe publishable key (pk_test_… or pk_live_…)')
      .optional(),
  ),
  /** The signing secret of the webhook endpoint Stripe posts to (`whsec_…`, shown with the endpoint). */
  STRIPE_WEBHOOK_SECRET: optionalString.pipe(
    z
      .string()
      .regex(/^whsec_\S+$/, 'a Stripe webhook signing secret (whsec_…)')
      .optional(),
  ),
  /** Another address for Stripe's API (a local stand-in in tests): host, port and protocol. */
  STRIPE_API_HOST: optionalString,
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).default('https'),
  /** Redsys: the merchant's code (FUC, 9 digits, from the bank's welcome letter or the admin module, Canales). */
  REDSYS_MERCHANT_CODE: optionalString.pipe(
    z
      .string()
      .regex(/^\d{9}$/, 'the merchant code (FUC): 9 digits')
      .optional(),
  ),
  /** Redsys: the terminal number (`1` for most merchants; up to 3 digits). */
  REDSYS_TERMINAL: optionalString.pipe(
    z
      .string()
      .regex(/^\d{1,3}$/, 'a terminal number (1 to 3 digits, e.g. 1)')
      .optional(),
  ),
  /** Redsys: the SHA-256 secret key of the terminal (base64, shown in the admin module), which signs every message. */
  REDSYS_SECRET_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9+/]{32}$/, 'the terminal’s SHA-256 key: 32 base64 characters (24 bytes, a 3DES key)')
      .optional(),
  ),
  /** Redsys: `test` (sis-t.redsys.es, no real money; the test-mode banner) or `live` (sis.redsys.es). */
  REDSYS_ENVIRONMENT: optionalString.pipe(z.enum(['test', 'live']).optional()),
  /** Another base address for Redsys (a local stand-in in tests): `<base>/sis/realizarPago`, `<base>/sis/rest/…`. */
  REDSYS_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** Offer Bizum for one-off payments (the merchant must have Bizum enabled on the terminal). */
  REDSYS_BIZUM: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Days a provider's webhook event is kept after it arrived (its id answers a redelivery as a duplicate until then). */
  PROVIDER_EVENTS_RETENTION_DAYS: z.coerce.number().int().min(7).max(3650).default(90),
};

export type StripeConfig = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** No real money moves (a test secret key). */
  testMode: boolean;
  api: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
};

export type RedsysConfig = {
  merchantCode: string;
  terminal: string;
  secretKey: string;
  environment: 'test' | 'live';
  /** REDSYS_URL: another base address (tests' stand-in); undefined: Redsys' own for the environment. */
  baseUrl: string | undefined;
  bizum: boolean;
};

type PaymentEnv = {
  PAYMENT_PROVIDER: 'sandbox' | 'stripe' | 'redsys';
  REDSYS_MERCHANT_CODE?: string | undefined;
  REDSYS_TERMINAL?: string | undefined;
  REDSYS_SECRET_KEY?: string | undefined;
  REDSYS_ENVIRONMENT?: 'test' | 'live' | undefined;
  REDSYS_URL?: string | undefined;
  REDSYS_BIZUM: boolean;
  STRIPE_SECRET_KEY?: string | undefined;
  STRIPE_PUBLISHABLE_KEY?: string | undefined;
  STRIPE_WEBHOOK_SECRET?: string | undefined;
  STRIPE_API_HOST?: string | undefined;
  STRIPE_API_PORT?: number | undefined;
  STRIPE_API_PROTOCOL: 'http' | 'https';
};

/**
 * Stripe's settings when it is the provider; null otherwise. With PAYMENT_PROVIDER=stripe the three
 * keys are required and must be of one mode (test keys together, live keys together): the app
 * refuses to start otherwise, naming what is missing.
 */
export function stripeOf(e: PaymentEnv): StripeConfig | null {
  if (e.PAYMENT_PROVIDER !== 'stripe') return null;
  const missing = (['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const).filter((name) => !e[name]);
  if (missing.length > 0)
    throw new Error(
      `Invalid configuration:\n  PAYMENT_PROVIDER=stripe needs ${missing.join(', ')} (Stripe Dashboard → Developers: API keys, and the webhook endpoint's signing secret; docs/billing.md)`,
    );
  const secretKey = e.STRIPE_SECRET_KEY!;
  const publishableKey = e.STRIPE_PUBLISHABLE_KEY!;
  const testMode = /^(sk|rk)_test_/.test(secretKey);
  if (testMode !== publishableKey.startsWith('pk_test_'))
    throw new Error('Invalid configuration:\n  STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are of different modes (one test, one live)');
  if (!e.STRIPE_API_HOST !== !e.STRIPE_API_PORT)
    throw new Error(
      'Invalid configuration:\n  STRIPE_API_HOST and STRIPE_API_PORT are set together (another address for Stripe’s API), or neither',
    );
  return {
    secretKey,
    publishableKey,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
    testMode,
    api:
      e.STRIPE_API_HOST && e.STRIPE_API_PORT
        ? { host: e.STRIPE_API_HOST, port: e.STRIPE_API_PORT, protocol: e.STRIPE_API_PROTOCOL }
        : undefined,
  };
}

/**
 * Redsys' settings when it is the provider; null otherwise. With PAYMENT_PROVIDER=redsys the merchant
 * code, the terminal, the secret key and the environment are required: the app refuses to start
 * otherwise, naming what is missing.
 */
export function redsysOf(e: PaymentEnv): RedsysConfig | null {
  if (e.PAYMENT_PROVIDER !== 'redsys') return null;
  const missing = (['REDSYS_MERCHANT_CODE', 'REDSYS_TERMINAL', 'REDSYS_SECRET_KEY', 'REDSYS_ENVIRONMENT'] as const).filter(
    (name) => !e[name],
  );
  if (missing.length > 0)
    throw new Error(
      `Invalid configuration:\n  PAYMENT_PROVIDER=redsys needs ${missing.join(', ')} (the bank's welcome letter and Redsys' admin module, Canales; docs/billing.md)`,
    );
  return {
    merchantCode: e.REDSYS_MERCHANT_CODE!,
    terminal: e.REDSYS_TERMINAL!,
    secretKey: e.REDSYS_SECRET_KEY!,
    environment: e.REDSYS_ENVIRONMENT!,
    baseUrl: e.REDSYS_URL?.replace(/\/+$/, ''),
    bizum: e.REDSYS_BIZUM,
  };
}
