import type { CreditServiceEnd, CreditServiceEnded } from '@enlaza/contracts';
import type { Transaction } from '../../db/client.js';
import { recordSubscriptionEvent } from '../subscriptions/index.js';
import type { PaymentsRepository } from './repository.js';

const RUNNING = new Set(['trialing', 'active', 'past_due']);

/**
 * The end of the service a payment paid for, when its invoice is credited in full (the invoices
 * module calls it in the credit note's transaction): the subscription the payment bought or renewed,
 * if it still runs on a paid plan in the period that payment paid for, ends now (`cancelled`: the customer falls back to Free, nothing
 * of theirs is deleted, a scheduled downgrade is dropped) or at the end of its paid period (as a
 * customer's cancel). An add-on's payment, or a subscription already ended, ends nothing: null.
 * The history records it (`cancelled` / `cancel_scheduled`, reason `credited`, the invoice's number).
 */
export function createServiceEnd(repo: PaymentsRepository) {
  /** `detail.at`: the time of the credit (the credit note's issue time, the product's clock). */
  return async function endServiceOf(
    tx: Transaction,
    paymentId: string,
    when: CreditServiceEnd,
    detail: { invoiceNumber: string; reason: string; at: Date },
  ): Promise<CreditServiceEnded | null> {
    const payment = await repo.payment(paymentId, tx);
    if (!payment?.subscriptionId || payment.purpose === 'add_on') return null;
    const subscription = await repo.lockSubscription(tx, payment.subscriptionId);
    if (!subscription || !RUNNING.has(subscription.status) || !subscription.currentPeriodEnd) return null;
    // Only the period this payment paid for: an older invoice of the subscription credited in full
    // takes back a period already over, not the one running now (paid by a later payment).
    if (payment.createdAt < subscription.currentPeriodStart) return null;
    const now = detail.at;
    const atPeriodEnd = when === 'period_end' && subscription.currentPeriodEnd > now;
    if (atPeriodEnd) await repo.updateSubscription(tx, subscription.id, { cancelAtPeriodEnd: true });
    else {
      await repo.updateSubscription(tx, subscription.id, { status: 'cancelled', cancelAtPeriodEnd: false });
      await repo.unschedule(tx, subscription.id);
    }
    await recordSubscriptionEvent(tx, {
      subscriptionId: subscription.id,
      kind: atPeriodEnd ? 'cancel_scheduled' : 'cancelled',
      detail: {
        reason: `credited: ${detail.reason}`,
        invoiceNumber: detail.invoiceNumber,
        atPeriodEnd,
        periodEnd: subscription.currentPeriodEnd.toISOString(),
      },
      at: now,
    });
    const endsAt = atPeriodEnd ? subscription.currentPeriodEnd : now;
    return { subscriptionId: subscription.id, when: atPeriodEnd ? 'period_end' : 'now', endsAt: endsAt.toISOString() };
  };
}
