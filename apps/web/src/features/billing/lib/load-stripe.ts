import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';

/**
 * Stripe.js for a publishable key, loaded once per key. Imported only by the Stripe components,
 * which are their own chunks: with the sandbox no page asks Stripe's host for anything.
 */
const loaded = new Map<string, Promise<Stripe | null>>();
export function loadStripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}
