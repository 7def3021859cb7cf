import type Stripe from 'stripe';
import type { Database } from '../../../db/client.js';
import { AppError } from '../../../lib/errors.js';
import type { Jobs } from '../../../platform/jobs.js';
import { paymentOutcome, savedMethod } from '../providers/stripe.js';
import type { SetupOutcome } from '../providers/types.js';
import { DISPUTE_STATUSES, type DisputeStatus } from '@enlaza/contracts';
import type { PaymentEventsSink } from './events-sink.js';
import type { StripeRepository } from './repository.js';

declare module '../../../platform/jobs.js' {
  interface JobPayloads {
    /** A Stripe webhook event received and recorded: read its object again and pass its state on. */
    'payments.stripe-event': { eventId: string };
  }
}

/** The events the app acts on (docs/billing.md lists them for the endpoint's settings); others are recorded only. */
export const STRIPE_EVENTS = [
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.processing',
  'payment_intent.requires_action',
  'setup_intent.succeeded',
  'setup_intent.setup_failed',
  'charge.refunded',
  'charge.dispute.created',
  'charge.dispute.updated',
  'charge.dispute.closed',
  'payment_method.detached',
  'payment_method.updated',
] as const;

/** Stripe's closed dispute statuses and what they mean for the money: lost, or kept (won; an inquiry closed; a dispute prevented). */
const CLOSED_DISPUTES: Partial<Record<string, 'won' | 'lost'>> = { won: 'won', warning_closed: 'won', prevented: 'won', lost: 'lost' };

type Deps = {
  db: Database;
  stripe: Stripe;
  webhookSecret: string;
  repo: StripeRepository;
  jobs: Pick<Jobs, 'send'>;
  sink: PaymentEventsSink;
  finishSetup: (setupId: string) => Promise<SetupOutcome>;
  now: () => Date;
};

/**
 * Stripe's webhook events. `receive` verifies the signature over the exact body (Stripe's SDK,
 * `constructEvent`), records the event's id once and queues its processing in the same transaction,
 * so Stripe gets its answer at once and a crash re-runs the job. `process` never trusts the event's
 * copy or its order: it reads the object's current state from Stripe and passes it on to the payments
 * module only when it differs from the last state passed on for that object.
 */
export function createStripeWebhookEvents(deps: Deps) {
  const { stripe, repo, sink } = deps;

  async function receive(rawBody: string, signature: string | undefined): Promise<{ duplicate: boolean }> {
    let event: Stripe.Event;
    try {
      if (!signature) throw new Error('no Stripe-Signature header');
      event = stripe.webhooks.constructEvent(rawBody, signature, deps.webhookSecret);
    } catch {
      throw new AppError('webhook.stripe_signature_invalid');
    }
    const object = event.data.object as { id?: unknown };
    const objectRef = typeof object.id === 'string' ? object.id : '';
    const recorded = await deps.db.transaction(async (tx) => {
      const handled = (STRIPE_EVENTS as readonly string[]).includes(event.type);
      if (!(await repo.recordEvent(tx, { id: event.id, type: event.type, objectRef, processedAt: handled ? null : deps.now() })))
        return false;
      if (handled) await deps.jobs.send('payments.stripe-event', { eventId: event.id }, { tx });
      return true;
    });
    return { duplicate: !recorded };
  }

  /** Passes `state` on with `apply` unless it is the last state passed on for `ref`. */
  async function passOn(ref: string, state: string, apply: () => Promise<void>) {
    if ((await repo.lastState(ref)) === state) return;
    await apply();
    await repo.saveState(ref, state, deps.now());
  }

  async function processPaymentIntent(ref: string) {
    const outcome = paymentOutcome(await stripe.paymentIntents.retrieve(ref));
    const state = outcome.status === 'failed' ? `failed:${outcome.reason}` : outcome.status;
    await passOn(ref, state, async () => {
      if (outcome.status === 'succeeded') await sink.succeeded(ref);
      else if (outcome.status === 'failed') await sink.failed(ref, outcome.reason);
      else if (outcome.status === 'requires_action') await sink.requiresAction(ref, outcome.clientSecret);
      // processing: the payment is already waiting for its debit to settle; nothing to pass on.
    });
  }

  async function processCharge(ref: string) {
    // With its refunds, to tell the app's own (our key in their metadata) from those made in the Dashboard.
    const charge = await stripe.charges.retrieve(ref, { expand: ['refunds'] });
    const paymentRef = typeof charge.payment_intent === 'string' ? charge.payment_intent : (charge.payment_intent?.id ?? null);
    if (!paymentRef || charge.amount_refunded === 0) return;
    const reports = (charge.refunds?.data ?? [])
      .filter((r) => r.status === 'succeeded' || r.status === 'pending')
      .map((r) => ({ refundRef: r.id, amountCents: r.amount, madeByApp: Boolean(r.metadata?.idempotencyKey) }));
    await passOn(ref, `refunded:${charge.amount_refunded}`, () => sink.refunded(paymentRef, charge.amount_refunded, reports));
  }

  async function processDispute(ref: string) {
    const dispute = await stripe.disputes.retrieve(ref);
    const paymentRef = typeof dispute.payment_intent === 'string' ? dispute.payment_intent : (dispute.payment_intent?.id ?? '');
    const dueBy = dispute.evidence_details?.due_by;
    const report = {
      disputeRef: dispute.id,
      paymentRef,
      amountCents: dispute.amount,
      reason: dispute.reason,
      // A status newer than this app knows is shown as being reviewed.
      status: ((DISPUTE_STATUSES as readonly string[]).includes(dispute.status) ? dispute.status : 'under_review') as DisputeStatus,
      evidenceDueBy: dueBy ? new Date(dueBy * 1000) : null,
    };
    const outcome = CLOSED_DISPUTES[dispute.status] ?? null;
    // A dispute closed before its "created" event was processed is reported closed (once), never reopened.
    if (outcome) await passOn(ref, `closed:${outcome}`, () => sink.disputeClosed({ ...report, outcome }));
    else if ((await repo.lastState(ref))?.startsWith('closed:') !== true)
      await passOn(ref, `open:${dispute.status}`, () => sink.disputeOpened(report));
  }

  async function processSetup(ref: string) {
    const outcome = await deps.finishSetup(ref);
    const state = outcome.status === 'failed' ? `failed:${outcome.reason}` : outcome.status;
    if (outcome.status === 'requires_action') return;
    await passOn(ref, state, () => sink.setupFinished(ref, outcome));
  }

  async function processMethod(ref: string) {
    const pm = await stripe.paymentMethods.retrieve(ref);
    if (!pm.customer) return passOn(ref, 'detached', () => sink.methodDetached(ref));
    const method = savedMethod(pm, '');
    if (!method) return;
    await passOn(ref, `shown:${method.brand}:${method.last4}:${method.expMonth}/${method.expYear}`, () => sink.methodUpdated(method));
  }

  async function process(eventId: string): Promise<void> {
    const event = await repo.event(eventId);
    if (!event || event.processedAt) return;
    const [kind] = event.type.split('.');
    if (event.type.startsWith('charge.dispute.')) await processDispute(event.objectRef);
    else if (kind === 'payment_intent') await processPaymentIntent(event.objectRef);
    else if (kind === 'charge') await processCharge(event.objectRef);
    else if (kind === 'setup_intent') await processSetup(event.objectRef);
    else if (kind === 'payment_method') await processMethod(event.objectRef);
    await repo.markProcessed(eventId, deps.now());
  }

  return { receive, process };
}

export type StripeWebhookEvents = ReturnType<typeof createStripeWebhookEvents>;
