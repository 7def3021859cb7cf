import type { Locale, PaymentDetail } from '@enlaza/contracts';
import { AppError } from '../../lib/errors.js';
import type { Actor } from '../../platform/actor.js';
import { BIZUM_METHOD_REF } from './providers/redsys-protocol.js';
import type { PaymentRow } from './repository.js';
import type { PaymentsContext, PendingPaymentSteps } from './service-context.js';

/**
 * A renewal's payment is still owed: its subscription still waits for that period (not renewed with
 * a card meanwhile, not ended). One no longer owed is never offered to pay by Bizum (a second payment).
 */
export async function stillOwed(repo: PaymentsContext['repo'], row: PaymentRow): Promise<boolean> {
  const args = row.resume?.args;
  if (args?.kind !== 'renewal') return true;
  const running = (await repo.running(row.userId))?.subscription;
  return running?.id === args.subscriptionId && running.currentPeriodEnd?.getTime() === new Date(args.periodEnd).getTime();
}

/** Paying a payment that waits for its customer by Bizum instead (`POST /api/user/payments/:id/bizum`). */
export function createPayByBizum(
  { repo, provider, providerCustomer }: PaymentsContext,
  { ownPayment, detail, confirmPayment }: PendingPaymentSteps,
) {
  /**
   * `POST /api/user/payments/:id/bizum`: a payment waiting for me (a renewal's, from its emailed link;
   * one waiting for my bank's authentication) paid by Bizum instead, once, on the provider's page:
   * answers it with that page's form. A card authentication that went through meanwhile completes
   * the payment instead; Bizum chosen already answers the same page. 422 where Bizum is not offered.
   */
  return async function payByBizum(actor: Actor, id: string, locale: Locale): Promise<PaymentDetail> {
    const row = await ownPayment(actor, id);
    if (!provider.bizum) throw new AppError('payment.bizum_unavailable');
    if (row.status !== 'requires_action') return detail(row, locale);
    if (!(await stillOwed(repo, row))) throw new AppError('payment.nothing_to_charge');
    if (row.providerChargeRef) {
      const now = await provider.retrieve(row.providerChargeRef);
      if (now.status !== 'requires_action') return confirmPayment(actor, id, locale);
      if (row.methodBrand === 'bizum') return detail(row, locale);
    }
    // One key per state of the payment: a double click asks the provider once, a new attempt after a refused one anew.
    const outcome = await provider.charge({
      customer: await providerCustomer(row.userId),
      methodRef: BIZUM_METHOD_REF,
      amountCents: row.amountCents,
      currency: 'EUR',
      idempotencyKey: `${row.userId}:${row.idempotencyKey}:bizum:${row.updatedAt.getTime()}`,
      offSession: false,
      description: row.description.en,
    });
    if (outcome.status !== 'requires_action')
      throw new AppError(outcome.status === 'failed' ? `payment.${outcome.reason}` : 'payment.processing_error');
    await repo.repointPending(row.id, row.providerChargeRef, {
      providerChargeRef: outcome.ref,
      nextActionSecret: outcome.clientSecret,
      methodId: null,
      methodBrand: 'bizum',
      methodLast4: null,
    });
    return detail((await repo.payment(id))!, locale);
  };
}
