import type { Locale, PaymentDetail } from '@enlaza/contracts';
import type { Transaction } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { translate } from '../../lib/i18n.js';
import type { Actor } from '../../platform/actor.js';
import type { Jobs } from '../../platform/jobs.js';
import { endSubscriptionAddOn } from '../subscriptions/index.js';
import type { CreditUnpaid } from '../invoices/index.js';
import type { PaymentRow } from './repository.js';
import type { ResumeArgs } from './schema.js';
import type { createServiceEnd } from './service-end.js';
import { toPayment, type PaymentsContext } from './service-context.js';
import { backToWaiting, paidFromLink } from './charge.js';
import { createPayByBizum, stillOwed } from './pay-by-bizum.js';
import { createReadyForAuthentication } from './ready-for-authentication.js';

declare module '../../platform/jobs.js' {
  interface JobPayloads {
    /** A payment that waited for the customer's authentication: complete it if the provider says it went through. */
    'payments.resume': { paymentId: string };
    /** Debits still settling: ask the provider about each (scheduled). */
    'payments.sweep': Record<string, never>;
  }
}

/** Repeats the request that made a pending payment, with its key (the charge path then completes it once). */
export type Resumer = (row: PaymentRow, args: ResumeArgs) => Promise<void>;
/**
 * Undoes, in the failed debit's transaction, what a payment delivered (a renewal's period): the
 * renewals module registers the renewal's; the others are this module's.
 */
export type Reverser = (tx: Transaction, row: PaymentRow, args: ResumeArgs, at: Date, reason: string) => Promise<void>;

type Deps = {
  jobs: Pick<Jobs, 'send'>;
  creditUnpaid: CreditUnpaid;
  endServiceOf: ReturnType<typeof createServiceEnd>;
};

/**
 * Payments not settled when they were made (docs/billing.md, "Payment states"):
 * - `requires_action`: the customer authenticates in the provider's component, then the same
 *   request comes again with the same key; if their browser is gone, `resumePayment` (the
 *   `payments.resume` job, queued by `POST /api/user/payments/:id/confirm` and by a provider's
 *   webhook through `paymentSettled`) repeats the stored request itself.
 * - `processing` (SEPA): delivered and invoiced at once; `sweep` asks the provider about each one,
 *   and a settled debit becomes `succeeded` (its receipt goes out), a returned one `failed` with
 *   everything it delivered undone exactly once: the invoice credited in full (no refund: nothing
 *   came in), the subscription, add-on or renewal ended or reverted, the customer told.
 */
export function createPendingPayments(context: PaymentsContext, deps: Deps) {
  const { repo, provider, events, clock, requireCustomer, requireAccess, nextActionOf } = context;
  const resumers = new Map<ResumeArgs['kind'], Resumer>();
  const reversers = new Map<ResumeArgs['kind'], Reverser>();

  /** The customer's own payment (another's is 404). */
  async function ownPayment(actor: Actor, id: string): Promise<PaymentRow> {
    await requireCustomer(actor);
    await requireAccess(actor, 'payment', id);
    return (await repo.payment(id))!;
  }

  const detail = async (row: PaymentRow, locale: Locale): Promise<PaymentDetail> => ({
    payment: toPayment(row, locale, [], {
      dispute: (await repo.latestDisputes([row.id])).get(row.id),
      refundedAtProviderCents: (await repo.refundedAtProvider([row.id])).get(row.id),
    }),
    nextAction: nextActionOf(row),
    bizum: provider.bizum === true && row.status === 'requires_action' && (await stillOwed(repo, row)),
  });

  /** A pending payment the provider refused since (failed authentication): failed once, with its event. */
  async function failPending(row: PaymentRow, reason: string): Promise<void> {
    await repo.transaction(async (tx) => {
      const failed = await repo.settlePending(tx, row.id, 'requires_action', { status: 'failed', failureCode: `payment.${reason}` });
      if (failed)
        await events.publish(
          'payment.failed',
          { paymentId: row.id, userId: row.userId, amountCents: row.amountCents, currency: 'EUR' },
          tx,
        );
    });
  }

  /**
   * Completes a payment that waited for authentication if the provider says it went through (its
   * purpose's resumer repeats the request with the same key), fails it if the provider refused it,
   * and leaves it waiting otherwise. Idempotent: a payment no longer waiting is answered as it is.
   */
  async function resumePayment(paymentId: string): Promise<PaymentRow | undefined> {
    const row = await repo.payment(paymentId);
    if (!row || row.status !== 'requires_action' || !row.resume || !row.providerChargeRef) return row;
    const outcome = await provider.retrieve(row.providerChargeRef);
    if (outcome.status === 'requires_action') return row;
    const args = row.resume.args;
    if (outcome.status === 'failed') {
      if (paidFromLink(row)) await backToWaiting(repo, row);
      else await failPending(row, outcome.reason);
    } else if (args) {
      const resumer = resumers.get(args.kind);
      if (!resumer) throw new Error(`payments: no resumer for ${args.kind}`);
      try {
        await resumer(row, args);
      } catch (error) {
        // A refusal is recorded on the payment by the charge path; anything else is retried by the job.
        if (!(error instanceof AppError && error.code.startsWith('payment.'))) throw error;
      }
    }
    return repo.payment(paymentId);
  }

  /** Undoes what a returned debit delivered (in its transaction). */
  async function reverse(tx: Transaction, row: PaymentRow, at: Date, reason: string): Promise<void> {
    const args = row.resume?.args;
    if (!args) return;
    const registered = reversers.get(args.kind);
    if (registered) return registered(tx, row, args, at, reason);
    switch (args.kind) {
      case 'checkout': {
        const ended = await deps.endServiceOf(tx, row.id, 'now', { invoiceNumber: row.invoiceNumber ?? '', reason, at });
        if (ended)
          await events.publish(
            'subscription.ended',
            { subscriptionId: ended.subscriptionId, userId: row.userId, endedAt: ended.endsAt, reason: 'payment_failed' },
            tx,
          );
        return;
      }
      case 'add_on':
        return endSubscriptionAddOn(tx, args.subscriptionId, args.addOnId, new Date(args.validUntil), at);
      default:
        // Seats added: the credit note takes the charge back; the seats stay until the renewal bills what is needed then.
        return;
    }
  }

  /** Asks the provider about one debit still settling; settles it or undoes it, once. */
  async function sweepOne(row: PaymentRow): Promise<'settled' | 'reversed' | 'waiting'> {
    if (row.status !== 'processing' || !row.providerChargeRef) return 'waiting';
    const outcome = await provider.retrieve(row.providerChargeRef);
    if (outcome.status === 'processing' || outcome.status === 'requires_action') return 'waiting';
    const at = clock();
    if (outcome.status === 'succeeded') {
      const done = await repo.transaction(async (tx) => {
        const paid = await repo.settlePending(tx, row.id, 'processing', { status: 'succeeded', settledAt: at });
        if (!paid) return false;
        const money = { paymentId: row.id, userId: row.userId, amountCents: row.amountCents, currency: 'EUR' };
        await events.publish('payment.succeeded', money, tx);
        await events.publish('payment.settled', { ...money, invoiceId: row.invoiceId }, tx);
        return true;
      });
      return done ? 'settled' : 'waiting';
    }
    const failureCode = `payment.${outcome.reason}`;
    const done = await repo.transaction(async (tx) => {
      const failed = await repo.settlePending(tx, row.id, 'processing', { status: 'failed', failureCode, settledAt: at });
      if (!failed) return false;
      const reason = translate('es', failureCode);
      const note = row.invoiceId ? await deps.creditUnpaid(tx, { invoiceId: row.invoiceId, reason }) : null;
      await reverse(tx, failed, at, reason);
      const money = { paymentId: row.id, userId: row.userId, amountCents: row.amountCents, currency: 'EUR' };
      await events.publish('payment.failed', money, tx);
      await events.publish(
        'payment.reversed',
        { ...money, reason: failureCode, invoiceNumber: row.invoiceNumber, creditNoteNumber: note?.number ?? null },
        tx,
      );
      return true;
    });
    return done ? 'reversed' : 'waiting';
  }

  /**
   * `POST /api/user/payments/:id/confirm`: after the customer authenticated, the provider's state is
   * read again and the payment completed (or failed) now; repeated, it changes nothing more. The
   * `payments.resume` job is queued as well, so that a completion this request could not finish
   * (a crash, a conflict) is still done.
   */
  async function confirmPayment(actor: Actor, id: string, locale: Locale): Promise<PaymentDetail> {
    const row = await ownPayment(actor, id);
    if (row.status !== 'requires_action') return detail(row, locale);
    try {
      await resumePayment(id);
    } catch (error) {
      await deps.jobs.send('payments.resume', { paymentId: id });
      if (!(error instanceof AppError)) throw error;
    }
    return detail((await repo.payment(id))!, locale);
  }

  return {
    /** Registers how a purpose's pending payment is completed (checkout, add-on, seats here; the renewal by the renewals module). */
    onResume: (kind: ResumeArgs['kind'], resumer: Resumer) => void resumers.set(kind, resumer),
    /** Registers how a purpose's returned debit is undone (the renewal's, by the renewals module). */
    onReverse: (kind: ResumeArgs['kind'], reverser: Reverser) => void reversers.set(kind, reverser),

    resumePayment,
    /** Undoes what a payment delivered, as for a returned debit (a lost dispute too), in the caller's transaction. */
    reverse,

    /**
     * For a provider's webhook: the payment `ref` changed at the provider (authenticated, settled,
     * failed). A payment waiting for authentication is resumed by the job; a debit is swept now.
     */
    async paymentSettled(ref: string): Promise<void> {
      const row = await repo.paymentByRef(ref);
      if (row?.status === 'requires_action') await deps.jobs.send('payments.resume', { paymentId: row.id });
      else if (row?.status === 'processing') await sweepOne(row);
    },

    /** Every debit still settling asked about once (the scheduled `payments.sweep`): how many settled and how many were undone. */
    async sweep(): Promise<{ settled: number; reversed: number }> {
      const result = { settled: 0, reversed: 0 };
      let after: { createdAt: Date; id: string } | undefined;
      for (;;) {
        const rows = await repo.processing(100, after);
        for (const row of rows) {
          const outcome = await sweepOne(row);
          if (outcome !== 'waiting') result[outcome] += 1;
        }
        if (rows.length < 100) return result;
        const last = rows[rows.length - 1]!;
        after = { createdAt: last.createdAt, id: last.id };
      }
    },

    /** `GET /api/user/payments/:id`: my payment and, while it waits for me, what completes it. */
    async paymentDetail(actor: Actor, id: string, locale: Locale): Promise<PaymentDetail> {
      return detail(await ownPayment(actor, id), locale);
    },

    payByBizum: createPayByBizum(context, { ownPayment, detail, confirmPayment }),

    confirmPayment,
    readyForAuthentication: createReadyForAuthentication(context, { ownPayment, detail, confirmPayment }),
  };
}

export type PendingPayments = ReturnType<typeof createPendingPayments>;
