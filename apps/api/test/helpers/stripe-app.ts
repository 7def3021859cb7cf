import type { StripeStandIn } from './stripe-stand-in.js';

/** The settings of an app that charges through Stripe, with the official SDK pointed at the stand-in. */
export function stripeAppEnv(standIn: StripeStandIn): Record<string, string> {
  return {
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: standIn.secretKey,
    STRIPE_PUBLISHABLE_KEY: standIn.publishableKey,
    STRIPE_WEBHOOK_SECRET: standIn.webhookSecret,
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String(standIn.port),
    STRIPE_API_PROTOCOL: 'http',
  };
}
