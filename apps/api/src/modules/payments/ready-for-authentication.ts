import type { Locale, PaymentDetail } from '@enlaza/contracts';
import type { Actor } from '../../platform/actor.js';
import type { PaymentsContext, PendingPaymentSteps } from './service-context.js';

/** Readying a payment that waits for its customer for their authentication (`POST /api/user/payments/:id/authenticate`). */
export function createReadyForAuthentication(
  { repo, provider }: PaymentsContext,
  { ownPayment, detail, confirmPayment }: PendingPaymentSteps,
) {
  /**
   * The customer opened the page of a payment waiting for them: the provider makes it ready for
   * their authentication now (`prepareAuthentication`: Stripe confirms again, on session, an
   * off-session charge the bank wanted authenticated). Paid meanwhile, it is completed as after an
   * authentication; refused, it fails (a renewal's goes back to waiting to be paid from its link).
   */
  return async function readyForAuthentication(actor: Actor, id: string, locale: Locale): Promise<PaymentDetail> {
    const row = await ownPayment(actor, id);
    if (row.status !== 'requires_action' || !row.providerChargeRef) return detail(row, locale);
    const outcome = await provider.prepareAuthentication(row.providerChargeRef);
    if (outcome.status !== 'requires_action') return confirmPayment(actor, id, locale);
    return detail((await repo.payment(id))!, locale);
  };
}
