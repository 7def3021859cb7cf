import Stripe from 'stripe';
import { ProviderIdempotencyError, ProviderRetryableError } from './errors.js';
import type {
  ChargeInput,
  DeclineReason,
  MethodKind,
  PaymentOutcome,
  PaymentProvider,
  ProviderCustomer,
  SavedMethod,
  SetupOutcome,
  SetupStart,
} from './types.js';

/**
 * Stripe through its official SDK: a Customer per account, methods saved by SetupIntents that
 * Stripe.js confirms in the browser (the number or IBAN goes from the browser to Stripe, never to
 * us), charges as PaymentIntents confirmed at once with our idempotency key, refunds, detach.
 * docs/billing.md ("Stripe") and docs/decisions/ explain the settings and the choices.
 */

/** Stripe not answering (or 5xx, 429): the caller retries later with the SAME idempotency key. */
export { ProviderRetryableError };

export type StripeSettings = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Another API address (the tests' stand-in): host, port, protocol. */
  api?: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
  /** The SDK's own retries of a request that got no answer or a 5xx, with the same key (default 2). */
  maxNetworkRetries?: number;
};

/** The Stripe client the provider and the webhook route share. */
export function createStripeClient(settings: StripeSettings): Stripe {
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: settings.maxNetworkRetries ?? 2,
    timeout: 30_000,
    appInfo: { name: 'Enlaza' },
    ...(settings.api ? { host: settings.api.host, port: settings.api.port, protocol: settings.api.protocol } : {}),
  });
}

const retryable = (error: unknown): boolean =>
  error instanceof Stripe.errors.StripeConnectionError ||
  error instanceof Stripe.errors.StripeAPIError ||
  error instanceof Stripe.errors.StripeRateLimitError ||
  (error instanceof Stripe.errors.StripeError && (error.statusCode ?? 0) >= 500);

/** Runs a call to Stripe; a failure whose effect is unknown becomes a ProviderRetryableError. */
async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    // Our key again with other parameters (another amount): the error every provider throws for it.
    if (error instanceof Stripe.errors.StripeIdempotencyError) throw new ProviderIdempotencyError();
    if (retryable(error))
      throw new ProviderRetryableError(`Stripe did not complete ${what}: ${(error as Error).message}`, { cause: error });
    throw error;
  }
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** Why Stripe refused, as one of our reasons. */
export function declineReason(
  error: Stripe.PaymentIntent.LastPaymentError | Stripe.SetupIntent.LastSetupError | null,
  methodType?: string,
): DeclineReason {
  if (methodType === 'sepa_debit') return 'debit_failed';
  if (!error) return 'processing_error';
  if (error.code === 'payment_intent_authentication_failure' || error.code === 'setup_intent_authentication_failure')
    return 'authentication_failed';
  if (error.decline_code === 'insufficient_funds' || error.code === 'insufficient_funds') return 'insufficient_funds';
  if (error.code === 'processing_error' || error.type === 'api_error') return 'processing_error';
  return 'card_declined';
}

/** A PaymentIntent's current state as our outcome. */
export function paymentOutcome(pi: Stripe.PaymentIntent): PaymentOutcome {
  const methodType =
    typeof pi.payment_method === 'object' && pi.payment_method ? pi.payment_method.type : pi.last_payment_error?.payment_method?.type;
  switch (pi.status) {
    case 'succeeded':
      return { status: 'succeeded', ref: pi.id };
    case 'processing':
      return { status: 'processing', ref: pi.id };
    case 'requires_action':
      return { status: 'requires_action', ref: pi.id, clientSecret: pi.client_secret ?? '' };
    case 'requires_payment_method':
      // An off-session charge the bank wants authenticated: the customer completes it on the payment page.
      if (pi.last_payment_error?.code === 'authentication_required')
        return { status: 'requires_action', ref: pi.id, clientSecret: pi.client_secret ?? '' };
      return { status: 'failed', ref: pi.id, reason: declineReason(pi.last_payment_error ?? null, methodType) };
    case 'canceled':
      return { status: 'failed', ref: pi.id, reason: 'processing_error' };
    default:
      // requires_confirmation, requires_capture: not used by this app's charges; not final.
      return { status: 'processing', ref: pi.id };
  }
}

/** What we keep of a Stripe PaymentMethod. */
export function savedMethod(pm: Stripe.PaymentMethod, fallbackHolder: string): SavedMethod | null {
  const holder = pm.billing_details?.name ?? fallbackHolder;
  if (pm.type === 'card' && pm.card)
    return {
      kind: 'card',
      ref: pm.id,
      brand: pm.card.brand,
      last4: pm.card.last4,
      expMonth: pm.card.exp_month,
      expYear: pm.card.exp_year,
      holder,
    };
  if (pm.type === 'sepa_debit' && pm.sepa_debit)
    return { kind: 'sepa_debit', ref: pm.id, brand: 'sepa_debit', last4: pm.sepa_debit.last4 ?? '', expMonth: null, expYear: null, holder };
  return null;
}

export function createStripeProvider(settings: StripeSettings, deps: { stripe?: Stripe } = {}): PaymentProvider & { stripe: Stripe } {
  const stripe = deps.stripe ?? createStripeClient(settings);

  async function ensureCustomer(customer: ProviderCustomer): Promise<string> {
    // The caller keeps the reference (payment_customers) and hands it back.
    if (customer.providerCustomerRef) return customer.providerCustomerRef;
    // Keyed by the account: two first uses at once create one Customer (Stripe keeps keys 24 hours).
    const created = await call('creating the customer', () =>
      stripe.customers.create(
        { email: customer.email, name: customer.name, metadata: { userId: customer.userId } },
        { idempotencyKey: `customer-${customer.userId}` },
      ),
    );
    return created.id;
  }

  async function startSetup(customer: ProviderCustomer, kind: MethodKind): Promise<SetupStart> {
    const customerRef = await ensureCustomer(customer);
    const setup = await call('starting the setup', () =>
      stripe.setupIntents.create({
        customer: customerRef,
        usage: 'off_session',
        allowed_payment_method_types: [kind],
        metadata: { userId: customer.userId },
      }),
    );
    return { setupId: setup.id, clientSecret: setup.client_secret ?? '' };
  }

  async function finishSetup(setupId: string): Promise<SetupOutcome> {
    const setup = await call('reading the setup', () => stripe.setupIntents.retrieve(setupId, { expand: ['payment_method'] }));
    if (setup.status === 'requires_action' || setup.status === 'processing') return { status: 'requires_action' };
    if (setup.status !== 'succeeded')
      return { status: 'failed', reason: declineReason(setup.last_setup_error ?? null, setup.last_setup_error?.payment_method?.type) };
    const pm = typeof setup.payment_method === 'object' && setup.payment_method ? setup.payment_method : null;
    const method = pm ? savedMethod(pm, '') : null;
    return method ? { status: 'succeeded', method } : { status: 'failed', reason: 'processing_error' };
  }

  async function retrieve(ref: string): Promise<PaymentOutcome> {
    return paymentOutcome(await call('reading the payment', () => stripe.paymentIntents.retrieve(ref)));
  }

  async function charge(input: ChargeInput): Promise<PaymentOutcome> {
    const customerRef = await ensureCustomer(input.customer);
    let created: Stripe.PaymentIntent;
    try {
      created = await call('the charge', () =>
        stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: input.currency.toLowerCase(),
            customer: customerRef,
            payment_method: input.methodRef,
            description: input.description,
            confirm: true,
            // Off session: a renewal or a seat charge the customer agreed to when saving the method.
            ...(input.offSession ? { off_session: true } : {}),
            // No redirect-based method can be completed by a charge made on the server.
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            metadata: { userId: input.customer.userId },
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
    } catch (error) {
      // A decline answers 402 with the PaymentIntent it left (requires_payment_method): read it below.
      const pi = error instanceof Stripe.errors.StripeCardError ? idOf(error.payment_intent ?? null) : null;
      if (!pi) {
        // The method is gone at Stripe (detached, or another customer's): it cannot be charged.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.param === 'payment_method')
          return { status: 'failed', ref: null, reason: 'card_declined' };
        if (error instanceof Stripe.errors.StripeCardError)
          return {
            status: 'failed',
            ref: null,
            reason: declineReason({ code: error.code, decline_code: error.decline_code, type: 'card_error' }),
          };
        throw error;
      }
      return retrieve(pi);
    }
    // Stripe replays the first answer for a key: the payment's CURRENT state is read again.
    return retrieve(created.id);
  }

  /**
   * Stripe refuses an off-session charge the bank wants authenticated and leaves its PaymentIntent
   * in `requires_payment_method` (`authentication_required`); Stripe.js's `handleNextAction` only
   * completes one in `requires_action`. So, with the customer on the page, it is confirmed again with
   * the method it tried (`use_stripe_sdk`: the next action is for Stripe.js), as Stripe's guide to
   * off-session payments that need authentication says. A PaymentIntent in any other state, or
   * confirmed meanwhile by another tab, is answered as it is.
   */
  async function prepareAuthentication(ref: string): Promise<PaymentOutcome> {
    const pi = await call('reading the payment', () => stripe.paymentIntents.retrieve(ref));
    const method = idOf(pi.last_payment_error?.payment_method ?? null) ?? idOf(pi.payment_method);
    if (pi.status !== 'requires_payment_method' || pi.last_payment_error?.code !== 'authentication_required' || !method)
      return paymentOutcome(pi);
    try {
      await call('confirming the payment', () => stripe.paymentIntents.confirm(ref, { payment_method: method, use_stripe_sdk: true }));
    } catch (error) {
      // Declined now, or no longer waiting (another tab): its state says which.
      if (!(error instanceof Stripe.errors.StripeCardError || error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
    }
    return retrieve(ref);
  }

  async function refund(ref: string, amountCents: number, idempotencyKey: string): Promise<{ refundRef: string }> {
    const refund = await call('the refund', () =>
      stripe.refunds.create(
        // The key in its metadata tells the webhook this refund is the app's own (a dashboard refund has none).
        { payment_intent: ref, amount: amountCents, metadata: { idempotencyKey } },
        { idempotencyKey },
      ),
    );
    return { refundRef: refund.id };
  }

  async function detach(methodRef: string): Promise<void> {
    try {
      await call('detaching the method', () => stripe.paymentMethods.detach(methodRef));
    } catch (error) {
      // Already detached (a retry, or removed at Stripe): the outcome wanted.
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'payment_method_unexpected_state') return;
      throw error;
    }
  }

  return {
    name: 'stripe',
    testMode: /^(sk|rk)_test_/.test(settings.secretKey),
    methodKinds: ['card', 'sepa_debit'],
    stripe,
    ensureCustomer,
    startSetup,
    finishSetup,
    charge,
    retrieve,
    prepareAuthentication,
    refund,
    detach,
  };
}
