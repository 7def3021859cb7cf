import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { providerEvents } from '../../src/db/schema/index.js';
import { errorHandlerPlugin } from '../../src/lib/error-handler.js';
import type { DisputeReport, PaymentEventsSink } from '../../src/modules/payments/stripe/events-sink.js';
import { createStripePart } from '../../src/modules/payments/stripe/wiring.js';
import type { ProviderCustomer } from '../../src/modules/payments/providers/types.js';
import { startStripeStandIn, type StandInEvent, type StripeStandIn } from '../helpers/stripe-stand-in.js';
import { createTestApp, insertUser, queueIdle, type TestContext } from '../helpers/test-app.js';

/**
 * Stripe's webhooks: the route (signature over the raw body, each event recorded once, processed in
 * a job) and the processing (the object's current state read again from the stand-in and passed on
 * once per change), on the test database and the app's job queue. The sink records what the payments
 * module was told.
 */

let t: TestContext;
let standIn: StripeStandIn;
let api: FastifyInstance;
let part: ReturnType<typeof createStripePart>;
const told: string[] = [];
const sink: PaymentEventsSink = {
  succeeded: async (ref) => void told.push(`succeeded ${ref}`),
  failed: async (ref, reason) => void told.push(`failed ${ref} ${reason}`),
  requiresAction: async (ref) => void told.push(`requires_action ${ref}`),
  refunded: async (ref, cents) => void told.push(`refunded ${ref} ${cents}`),
  disputeOpened: async (d: DisputeReport) => void told.push(`dispute opened ${d.paymentRef} ${d.amountCents} ${d.reason}`),
  disputeClosed: async (d) => void told.push(`dispute closed ${d.paymentRef} ${d.outcome}`),
  setupFinished: async (setupId, outcome) => void told.push(`setup ${setupId} ${outcome.status}`),
  methodDetached: async (ref) => void told.push(`detached ${ref}`),
  methodUpdated: async (method) => void told.push(`updated ${method.ref}`),
};

beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await createTestApp();
  part = createStripePart(
    t.db,
    {
      secretKey: standIn.secretKey,
      publishableKey: standIn.publishableKey,
      webhookSecret: standIn.webhookSecret,
      testMode: true,
      api: standIn.sdkOptions,
    },
    { maxNetworkRetries: 0 },
  );
  const webhooks = await part.webhooks({ jobs: t.app.platform.jobs, sink, now: () => new Date() });
  api = Fastify();
  api.setValidatorCompiler(validatorCompiler);
  api.setSerializerCompiler(serializerCompiler);
  await api.register(errorHandlerPlugin);
  await api.register(async (scope) => webhooks.register(scope), { prefix: '/api' });
  await api.ready();
});
afterAll(async () => {
  await api.close();
  await t.close();
  await standIn.close();
});
afterEach(() => {
  expect(standIn.violations).toEqual([]);
  told.length = 0;
});

const post = (payload: string, headers: Record<string, string>) =>
  api.inject({ method: 'POST', url: '/api/payments/stripe/webhook', payload, headers });
const deliver = async (event: StandInEvent) => {
  const { payload, headers } = standIn.webhookRequest(event);
  const res = await post(payload, headers);
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { duplicate: boolean } }>().data;
};
const processed = () => queueIdle(t.app, 'payments.stripe-event');
const eventRows = async (id: string) => t.db.select().from(providerEvents).where(eq(providerEvents.eventId, id));

async function customerWith(testMethod: string, kind: 'card' | 'sepa_debit' = 'card') {
  const user = await insertUser(t.db);
  const customer: ProviderCustomer = { userId: user.id, email: user.email, name: user.name, providerCustomerRef: null };
  const setup = await part.provider.startSetup(customer, kind);
  await standIn.confirmSetupInBrowser(setup.clientSecret, testMethod);
  let outcome = await part.provider.finishSetup(setup.setupId);
  if (outcome.status === 'requires_action') {
    standIn.authenticate(setup.setupId, 'pass');
    outcome = await part.provider.finishSetup(setup.setupId);
  }
  if (outcome.status !== 'succeeded') throw new Error(`not saved: ${outcome.status}`);
  return { customer, method: outcome.method, setupId: setup.setupId };
}
const chargeOf = (customer: ProviderCustomer, methodRef: string, key = `k-${Math.random()}`) =>
  part.provider.charge({
    customer,
    methodRef,
    amountCents: 2900,
    currency: 'EUR',
    idempotencyKey: key,
    offSession: true,
    description: 'Business',
  });

describe('Stripe webhooks', () => {
  it('refuses a bad, a missing or another secret’s signature with 400 and records nothing', async () => {
    const { customer, method } = await customerWith('pm_card_visa');
    await chargeOf(customer, method.ref);
    const event = standIn.lastEvent('payment_intent.succeeded');
    const good = standIn.webhookRequest(event);
    const tampered = await post(good.payload.replace('"livemode":false', '"livemode":true'), good.headers);
    const unsigned = await post(good.payload, { 'content-type': 'application/json' });
    const otherSecret = standIn.webhookRequest(event, 'whsec_someone_else');
    const wrong = await post(otherSecret.payload, otherSecret.headers);
    for (const res of [tampered, unsigned, wrong]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ ok: 0, code: 'webhook.stripe_signature_invalid' });
    }
    expect(await eventRows(event.id)).toEqual([]);
    await processed();
    expect(told).toEqual([]);
    // The same event, signed as Stripe signs it, is taken.
    expect(await deliver(event)).toEqual({ received: true, duplicate: false });
    await processed();
    expect(told).toEqual([`succeeded ${event.data.object.id}`]);
  });

  it('an event the app does not act on is recorded as processed and passes nothing on', async () => {
    const { customer, method } = await customerWith('pm_card_visa');
    await chargeOf(customer, method.ref);
    const created = standIn.lastEvent('payment_intent.created');
    expect(await deliver(created)).toEqual({ received: true, duplicate: false });
    await processed();
    expect(told).toEqual([]);
    const [row] = await eventRows(created.id);
    expect(row!.processedAt).toBeInstanceOf(Date);
  });

  it('the same event twice is recorded and applied once', async () => {
    const { customer, method } = await customerWith('pm_card_visa');
    const paid = await chargeOf(customer, method.ref);
    const event = standIn.lastEvent('payment_intent.succeeded');
    expect(await deliver(event)).toEqual({ received: true, duplicate: false });
    expect(await deliver(event)).toEqual({ received: true, duplicate: true });
    await processed();
    expect(await deliver(event)).toEqual({ received: true, duplicate: true });
    await processed();
    expect(told).toEqual([`succeeded ${paid.ref}`]);
    const [row] = await eventRows(event.id);
    expect(row).toMatchObject({ provider: 'stripe', type: 'payment_intent.succeeded', objectRef: paid.ref });
    expect(row!.processedAt).toBeInstanceOf(Date);
  });

  it('events out of order: the current state at Stripe is applied once, never an older one', async () => {
    const { customer, method } = await customerWith('pm_sepaDebit', 'sepa_debit');
    const debit = await chargeOf(customer, method.ref);
    expect(debit.status).toBe('processing');
    const processing = standIn.lastEvent('payment_intent.processing');
    const settled = standIn.settle(debit.ref!);
    // Stripe sends "succeeded" before "processing" reaches us.
    await deliver(settled);
    await processed();
    await deliver(processing);
    await processed();
    expect(told).toEqual([`succeeded ${debit.ref}`]);
  });

  it('a SEPA debit returned by the bank is reported failed (debit_failed); 3-D Secure waiting is reported once', async () => {
    const sepa = await customerWith('pm_sepaDebit_fails', 'sepa_debit');
    const debit = await chargeOf(sepa.customer, sepa.method.ref);
    await deliver(standIn.lastEvent('payment_intent.processing'));
    await deliver(standIn.settle(debit.ref!));
    await processed();
    expect(told).toEqual([`failed ${debit.ref} debit_failed`]);
    told.length = 0;
    const card = await customerWith('pm_card_authenticationRequired');
    const renewal = await chargeOf(card.customer, card.method.ref);
    expect(renewal.status).toBe('requires_action');
    const failed = standIn.lastEvent('payment_intent.payment_failed');
    await deliver(failed);
    await deliver({ ...failed, id: `${failed.id}_copy` });
    await processed();
    expect(told).toEqual([`requires_action ${renewal.ref}`]);
  });

  it('refunds, disputes and detached methods reach the payments module once each', async () => {
    const { customer, method } = await customerWith('pm_card_visa');
    const paid = await chargeOf(customer, method.ref);
    await part.provider.refund(paid.ref!, 1000, 'refund-a');
    await deliver(standIn.lastEvent('charge.refunded'));
    await deliver(standIn.lastEvent('charge.refunded'));
    await processed();
    const opened = standIn.openDispute(paid.ref!);
    await deliver(opened);
    await processed();
    const closed = standIn.closeDispute(opened.data.object.id, 'lost');
    await deliver(closed);
    await processed();
    // A late redelivery of "created" (another event id) does not reopen it.
    await deliver({ ...opened, id: `${opened.id}_again` });
    await processed();
    await part.provider.detach(method.ref);
    await deliver(standIn.lastEvent('payment_method.detached'));
    await processed();
    expect(told).toEqual([
      `refunded ${paid.ref} 1000`,
      `dispute opened ${paid.ref} 2900 fraudulent`,
      `dispute closed ${paid.ref} lost`,
      `detached ${method.ref}`,
    ]);
  });

  it('a setup completed in the browser is reported even when the browser did not come back', async () => {
    const { setupId } = await customerWith('pm_card_visa');
    await deliver(standIn.lastEvent('setup_intent.succeeded'));
    await processed();
    expect(told).toEqual([`setup ${setupId} succeeded`]);
  });

  it('old processed events are purged after their retention; newer and unprocessed ones stay', async () => {
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    const rows = [
      { eventId: 'evt_purge_old', receivedAt: daysAgo(91), processedAt: daysAgo(91) },
      { eventId: 'evt_purge_recent', receivedAt: daysAgo(89), processedAt: daysAgo(89) },
      { eventId: 'evt_purge_unprocessed', receivedAt: daysAgo(120), processedAt: null },
    ];
    await t.db.insert(providerEvents).values(rows.map((r) => ({ ...r, provider: 'stripe', type: 'charge.refunded', objectRef: 'ch_x' })));
    expect(await t.app.payments.purgeProviderEvents(now, 90)).toBeGreaterThanOrEqual(1);
    expect(await eventRows('evt_purge_old')).toEqual([]);
    expect(await eventRows('evt_purge_recent')).toHaveLength(1);
    expect(await eventRows('evt_purge_unprocessed')).toHaveLength(1);
    // Run again: nothing more.
    expect(await t.app.payments.purgeProviderEvents(now, 90)).toBe(0);
  });
});
