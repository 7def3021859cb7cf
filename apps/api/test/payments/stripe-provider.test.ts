import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ProviderIdempotencyError } from '../../src/modules/payments/providers/errors.js';
import { createStripeProvider, ProviderRetryableError } from '../../src/modules/payments/providers/stripe.js';
import type { ProviderCustomer } from '../../src/modules/payments/providers/types.js';
import { startStripeStandIn, type StripeStandIn } from '../helpers/stripe-stand-in.js';

/**
 * The Stripe provider through the official SDK against the stand-in (test/helpers/stripe-stand-in.ts),
 * which checks every request against Stripe's OpenAPI description: each test ends asserting that no
 * request was refused by it.
 */

let standIn: StripeStandIn;
/** The Customer references the caller keeps (the payments service's payment_customers). */
const saved = new Map<string, string>();
let counter = 0;
const someone = (): ProviderCustomer => {
  counter += 1;
  return {
    userId: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    email: `c${counter}@test.example`,
    name: `Customer ${counter}`,
    providerCustomerRef: null,
  };
};
const provider = (retries = 0) =>
  createStripeProvider({
    secretKey: standIn.secretKey,
    publishableKey: standIn.publishableKey,
    webhookSecret: standIn.webhookSecret,
    api: standIn.sdkOptions,
    maxNetworkRetries: retries,
  });

/** Saves a test method as the browser would: the server starts the setup, Stripe.js confirms it, the server reads it. */
async function saveMethod(customer: ProviderCustomer, testMethod: string, kind: 'card' | 'sepa_debit' = 'card') {
  const stripe = provider();
  const setup = await stripe.startSetup(customer, kind);
  // As the payments service does: the Customer's reference is kept and handed back next time.
  customer.providerCustomerRef = (await stripe.ensureCustomer(customer)) || null;
  saved.set(customer.userId, customer.providerCustomerRef!);
  const confirmed = await standIn.confirmSetupInBrowser(setup.clientSecret, testMethod);
  return { setup, confirmed, outcome: await stripe.finishSetup(setup.setupId) };
}

const charge = (
  customer: ProviderCustomer,
  methodRef: string,
  overrides: { key?: string; offSession?: boolean; amountCents?: number } = {},
) =>
  provider().charge({
    customer,
    methodRef,
    amountCents: overrides.amountCents ?? 1089,
    currency: 'EUR',
    idempotencyKey: overrides.key ?? `charge-${Math.random()}`,
    offSession: overrides.offSession ?? true,
    description: 'Pro, monthly',
  });

beforeAll(async () => {
  standIn = await startStripeStandIn();
});
afterAll(async () => standIn.close());
afterEach(() => {
  expect(standIn.violations).toEqual([]);
});

describe('the Stripe provider against the stand-in', () => {
  it('saves a card through a SetupIntent: brand, last four and expiry come from Stripe, no number crosses our server', async () => {
    const customer = someone();
    const { setup, outcome } = await saveMethod(customer, 'pm_card_visa');
    expect(setup.setupId).toMatch(/^seti_/);
    expect(outcome).toMatchObject({
      status: 'succeeded',
      method: { kind: 'card', brand: 'visa', last4: '4242', expYear: new Date().getUTCFullYear() + 3 },
    });
    if (outcome.status !== 'succeeded') throw new Error('not saved');
    expect(outcome.method.ref).toMatch(/^pm_/);
    // One Customer for the account, kept for next time.
    expect(saved.get(customer.userId)).toMatch(/^cus_/);
    await provider().startSetup(customer, 'card');
    expect(standIn.customers().filter((c) => (c.metadata as Record<string, string>).userId === customer.userId)).toHaveLength(1);
    // Our server's requests carry no card number (the browser's confirmation went to Stripe, not to us).
    const ours = standIn.requests.filter((r) => r.caller === 'secret');
    expect(ours.length).toBeGreaterThan(0);
    for (const request of ours) expect(`${request.query}&${request.body}`).not.toMatch(/=\d{13,19}(&|$)|card%5Bnumber%5D|iban/i);
    const setupRequest = ours.find((r) => r.method === 'POST' && r.path === '/v1/setup_intents')!;
    expect(new URLSearchParams(setupRequest.body).get('usage')).toBe('off_session');
    expect(new URLSearchParams(setupRequest.body).get('allowed_payment_method_types[0]')).toBe('card');
  });

  it('saves a SEPA account with its mandate, and refuses a declined card with its reason', async () => {
    const sepa = await saveMethod(someone(), 'pm_sepaDebit', 'sepa_debit');
    expect(sepa.outcome).toMatchObject({
      status: 'succeeded',
      method: { kind: 'sepa_debit', brand: 'sepa_debit', last4: '3000', expMonth: null },
    });
    const declined = await saveMethod(someone(), 'pm_card_chargeDeclined');
    expect(declined.outcome).toEqual({ status: 'failed', reason: 'card_declined' });
    const authenticate = await saveMethod(someone(), 'pm_card_authenticationRequiredOnSetup');
    expect(authenticate.outcome).toEqual({ status: 'requires_action' });
    standIn.authenticate(authenticate.setup.setupId, 'pass');
    expect(await provider().finishSetup(authenticate.setup.setupId)).toMatchObject({ status: 'succeeded', method: { last4: '3155' } });
  });

  it('charges a saved card off session: succeeded, with the amount in cents, in euros, off session', async () => {
    const customer = someone();
    const { outcome } = await saveMethod(customer, 'pm_card_visa');
    if (outcome.status !== 'succeeded') throw new Error('not saved');
    const paid = await charge(customer, outcome.method.ref, { key: 'renewal-1' });
    expect(paid.status).toBe('succeeded');
    if (paid.status !== 'succeeded') return;
    const pi = standIn.paymentIntent(paid.ref);
    expect(pi).toMatchObject({ amount: 1089, currency: 'eur', status: 'succeeded', customer: saved.get(customer.userId) });
    const create = standIn.requests.find((r) => r.path === '/v1/payment_intents' && r.idempotencyKey === 'renewal-1')!;
    expect(new URLSearchParams(create.body).get('off_session')).toBe('true');
    expect(new URLSearchParams(create.body).get('confirm')).toBe('true');
  });

  it('answers requires_action with the client secret when the bank wants the customer to authenticate', async () => {
    const customer = someone();
    const { setup, outcome } = await saveMethod(customer, 'pm_card_authenticationRequired');
    expect(outcome.status).toBe('requires_action');
    standIn.authenticate(setup.setupId, 'pass');
    const method = await provider().finishSetup(setup.setupId);
    if (method.status !== 'succeeded') throw new Error('not saved');
    const offSession = await charge(customer, method.method.ref);
    expect(offSession).toMatchObject({ status: 'requires_action', ref: expect.stringMatching(/^pi_/) });
    if (offSession.status !== 'requires_action') return;
    expect(offSession.clientSecret).toBe(standIn.paymentIntent(offSession.ref).client_secret);
    const onSession = await charge(customer, method.method.ref, { offSession: false });
    expect(onSession).toMatchObject({ status: 'requires_action' });
    if (onSession.status !== 'requires_action') return;
    standIn.authenticate(onSession.ref, 'pass');
    expect(await provider().retrieve(onSession.ref)).toEqual({ status: 'succeeded', ref: onSession.ref });
  });

  it('maps declines to our reasons and a SEPA debit to processing until the bank settles or refuses it', async () => {
    const customer = someone();
    const card = await saveMethod(customer, 'pm_card_chargeDeclinedInsufficientFunds');
    if (card.outcome.status !== 'succeeded') throw new Error('not saved');
    expect(await charge(customer, card.outcome.method.ref)).toMatchObject({
      status: 'failed',
      reason: 'insufficient_funds',
      ref: expect.stringMatching(/^pi_/),
    });
    const fails = await saveMethod(customer, 'pm_sepaDebit_fails', 'sepa_debit');
    if (fails.outcome.status !== 'succeeded') throw new Error('not saved');
    const debit = await charge(customer, fails.outcome.method.ref);
    expect(debit.status).toBe('processing');
    if (debit.status !== 'processing') return;
    standIn.settle(debit.ref);
    expect(await provider().retrieve(debit.ref)).toEqual({ status: 'failed', ref: debit.ref, reason: 'debit_failed' });
  });

  it('the same key twice makes one PaymentIntent and answers its current state; another amount with it is refused', async () => {
    const customer = someone();
    const { setup, outcome } = await saveMethod(customer, 'pm_card_authenticationRequired');
    standIn.authenticate(setup.setupId, 'pass');
    const method = await provider().finishSetup(setup.setupId);
    if (method.status !== 'succeeded' || outcome.status === 'succeeded') throw new Error('unexpected setup');
    const before = standIn.paymentIntents().length;
    const first = await charge(customer, method.method.ref, { key: 'same-key', offSession: false });
    expect(first.status).toBe('requires_action');
    if (first.status !== 'requires_action') return;
    standIn.authenticate(first.ref, 'pass');
    // Stripe replays its first answer (requires_action); the provider reads the payment again.
    const again = await charge(customer, method.method.ref, { key: 'same-key', offSession: false });
    expect(again).toEqual({ status: 'succeeded', ref: first.ref });
    expect(standIn.paymentIntents().length - before).toBe(1);
    expect(standIn.requests.filter((r) => r.idempotencyKey === 'same-key').map((r) => r.replayed)).toEqual([false, true]);
    await expect(charge(customer, method.method.ref, { key: 'same-key', offSession: false, amountCents: 999 })).rejects.toBeInstanceOf(
      ProviderIdempotencyError,
    );
  });

  it('a Stripe that does not answer is a retryable error; the retry with the same key charges once', async () => {
    const customer = someone();
    const { outcome } = await saveMethod(customer, 'pm_card_visa');
    if (outcome.status !== 'succeeded') throw new Error('not saved');
    const before = standIn.paymentIntents().length;
    await standIn.stop();
    const down = await charge(customer, outcome.method.ref, { key: 'while-down' }).catch((e: unknown) => e);
    expect(down).toBeInstanceOf(ProviderRetryableError);
    await standIn.start();
    // A 5xx answered before Stripe ran the request: retryable too.
    standIn.failNext(1);
    await expect(charge(customer, outcome.method.ref, { key: 'while-down' })).rejects.toBeInstanceOf(ProviderRetryableError);
    const paid = await charge(customer, outcome.method.ref, { key: 'while-down' });
    expect(paid.status).toBe('succeeded');
    // Then a retry whose first attempt did reach Stripe: still one PaymentIntent.
    expect(await charge(customer, outcome.method.ref, { key: 'while-down' })).toEqual(paid);
    expect(standIn.paymentIntents().length - before).toBe(1);
    // The SDK's own retries (on by default) reuse the key: one more PaymentIntent for a new key, after a 500.
    standIn.failNext(1);
    const retried = await provider(1).charge({
      customer,
      methodRef: outcome.method.ref,
      amountCents: 500,
      currency: 'EUR',
      idempotencyKey: 'sdk-retries',
      offSession: true,
      description: 'Extra sends',
    });
    expect(retried.status).toBe('succeeded');
    expect(standIn.paymentIntents().length - before).toBe(2);
  });

  it('refunds with our key once, and detaches a removed method (twice is harmless)', async () => {
    const customer = someone();
    const { outcome } = await saveMethod(customer, 'pm_card_visa');
    if (outcome.status !== 'succeeded') throw new Error('not saved');
    const paid = await charge(customer, outcome.method.ref);
    if (paid.status !== 'succeeded') throw new Error('not paid');
    const refund = await provider().refund(paid.ref, 500, 'refund-1');
    expect(await provider().refund(paid.ref, 500, 'refund-1')).toEqual(refund);
    expect(standIn.lastEvent('charge.refunded').data.object).toMatchObject({ amount_refunded: 500, payment_intent: paid.ref });
    await provider().detach(outcome.method.ref);
    await provider().detach(outcome.method.ref);
    expect(await charge(customer, outcome.method.ref)).toEqual({ status: 'failed', ref: null, reason: 'card_declined' });
  });

  it('the stand-in refuses and records a parameter or a path Stripe does not describe', async () => {
    const { stripe } = provider();
    await expect(stripe.customers.create({ nickname: 'x' } as never)).rejects.toMatchObject({ statusCode: 400 });
    await expect(stripe.rawRequest('POST', '/v1/payment_intents/pi_1/teleport', {})).rejects.toMatchObject({ statusCode: 400 });
    await expect(stripe.paymentIntents.create({ amount: 100, currency: 'eur', off_session: 'sometimes' })).rejects.toMatchObject({
      statusCode: 400,
    });
    expect(standIn.violations).toEqual([
      'POST /v1/customers: nickname: not a parameter of this operation',
      "POST /v1/payment_intents/pi_1/teleport: no such operation in Stripe's description",
      expect.stringMatching(/^POST \/v1\/payment_intents: off_session: matches none of its forms/),
    ]);
    standIn.violations.length = 0;
  });

  it('is in test mode with a test key only', () => {
    expect(provider().testMode).toBe(true);
    expect(createStripeProvider({ secretKey: 'sk_live_x', publishableKey: 'pk_live_x', webhookSecret: 'whsec_x' }).testMode).toBe(false);
  });
});
