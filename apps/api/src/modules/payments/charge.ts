import type { Locale, TaxRule } from '@enlaza/contracts';
import type { Transaction } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { translate } from '../../lib/i18n.js';
import { billingGaps } from '../account/index.js';
import { canInvoiceUser, quoteTotals, SIMPLIFIED_INVOICE_LIMIT_CENTS, type InvoiceLineInput } from '../invoices/index.js';
import { balanceToApply } from './proration.js';
import { ProviderIdempotencyError } from './provider.js';
import type { PaymentMethodRow, PaymentRow } from './repository.js';
import type { PaymentPurpose } from './schema.js';
import { texts, type PaymentsContext, type Texts } from './service-context.js';

export type ChargeRequest = {
  userId: string;
  method: PaymentMethodRow;
  idempotencyKey: string;
  purpose: PaymentPurpose;
  description: Texts;
  subscriptionId: string | null;
  locale: Locale;
  lines: InvoiceLineInput[];
  /** The VAT rule the lines were taxed by (`taxOf`). */
  taxRule: TaxRule;
  /** The change the payment buys, in the payment's transaction (subscription, add-on…). */
  apply: (tx: Transaction, payment: PaymentRow) => Promise<void>;
  /**
   * A plan change whose credit for unused time reached the new charge: its lines total zero, and
   * what the credit had over the charge (before tax, maybe 0) goes to the customer's balance.
   */
  creditToBalanceCents?: number;
};

/**
 * The lines of an invoice with the customer's credit balance taken off them (one negative line,
 * see `balanceToApply`), and how much of the balance that uses. The quote and the charge call it
 * with the same balance, so they show and charge the same total.
 */
export function withBalance(lines: InvoiceLineInput[], balanceCents: number): { lines: InvoiceLineInput[]; appliedCents: number } {
  const appliedCents = balanceToApply(balanceCents, lines);
  if (appliedCents === 0) return { lines, appliedCents };
  const first = lines[0]!;
  return {
    lines: [
      ...lines,
      {
        description: texts((l) => translate(l, 'billing.line_balance')),
        quantity: 1,
        unitAmountCents: -appliedCents,
        taxId: first.taxId,
        taxName: first.taxName,
        taxRateBasisPoints: first.taxRateBasisPoints,
      },
    ],
    appliedCents,
  };
}

export type Charge = (request: ChargeRequest) => Promise<PaymentRow>;

/** The first result of a customer's key: the same payment, or its failure again; another amount is refused. */
function replay(first: PaymentRow, amountCents: number): PaymentRow {
  if (first.amountCents !== amountCents) throw new AppError('payment.idempotency_mismatch');
  if (first.status === 'failed') throw new AppError((first.failureCode ?? 'payment.card_declined') as 'payment.card_declined');
  return first;
}

export function createCharge({ repo, provider, events, issueInvoice, clock }: PaymentsContext): Charge {
  /**
   * The one charge path (checkout, upgrade, add-ons; the renewals reuse it):
   * 1. a key already used answers its first result (another amount is refused);
   * 2. a plan invoice takes the customer's credit balance off its lines (`withBalance`); the
   *    provider charges the rest with the key (idempotent on its side too), or is not asked when a
   *    credit paid it all;
   * 3. a decline stores a failed payment row and its `payment.failed` event, and nothing else;
   * 4. a success commits, in ONE transaction: the payment row, the balance it used or a plan
   *    change's credit left over (the ledger), the change it pays for, its `payment.succeeded`
   *    event and the invoice (last: its numbering lock is held until COMMIT).
   * The events' notifications are written after commit by their subscribers (notifications module).
   * Crash window: the provider has charged but the process dies before step 4 commits. Nothing is
   * recorded; the client retries with the same key, the provider answers the same charge without
   * charging again, and step 4 runs then. A charge whose client never retries stays at the provider
   * only (reconciliation against the provider's list of charges by key closes that gap).
   */
  async function charge(request: ChargeRequest): Promise<PaymentRow> {
    // The plan's invoices (a purchase, a change, a renewal: each quoted with the balance first) use the balance; an add-on is charged at the price it shows.
    const balance = async () => (request.purpose === 'add_on' ? 0 : repo.balance(request.userId));
    const first = await repo.paymentByKey(request.userId, request.idempotencyKey);
    // A key used before answers its first result, compared with what it charged then: with the
    // balance a success used (its ledger entry), or, after a decline (which used none), the balance now.
    if (first) {
      const used = first.status === 'failed' ? await balance() : -(await repo.creditOf(first.id, 'applied'));
      return replay(first, quoteTotals(withBalance(request.lines, used).lines).totalCents);
    }
    const { lines, appliedCents } = withBalance(request.lines, await balance());
    const amountCents = quoteTotals(lines).totalCents;
    const creditToBalance = request.creditToBalanceCents ?? 0;
    // Nothing to pay is fine when a credit paid for it (the balance, or a plan change's own credit); never below zero.
    const covered = appliedCents > 0 || request.creditToBalanceCents !== undefined;
    if (amountCents < 0 || (amountCents === 0 && !covered)) throw new AppError('payment.nothing_to_charge');
    // What the invoice must name the buyer by is asked before charging: a purchase of a Business
    // account (or past the simplified invoice's limit) names the tax id and address. A renewal
    // goes on as its subscription was bought.
    const fullInvoice = amountCents > SIMPLIFIED_INVOICE_LIMIT_CENTS;
    if (request.purpose !== 'renewal') {
      const missing = await billingGaps(repo.db, request.userId, fullInvoice);
      if (missing.includes('taxId') && fullInvoice)
        throw new AppError('billing.tax_id_required', { limit: `${SIMPLIFIED_INVOICE_LIMIT_CENTS / 100} €` });
      if (missing.length > 0) throw new AppError('billing.details_required');
    }
    // Over the simplified-invoice limit the invoice must name the buyer's tax id.
    if (!(await canInvoiceUser(repo.db, request.userId, amountCents)))
      throw new AppError('billing.tax_id_required', { limit: `${SIMPLIFIED_INVOICE_LIMIT_CENTS / 100} €` });

    let result: Awaited<ReturnType<typeof provider.charge>> | { ok: true; chargeRef: null };
    try {
      // Keys are per customer; the provider sees one account (ours), so it gets the customer's key.
      // Nothing to pay (a credit paid it all): the provider is not asked.
      result =
        amountCents === 0
          ? { ok: true, chargeRef: null }
          : await provider.charge(request.method.providerToken, amountCents, 'EUR', `${request.userId}:${request.idempotencyKey}`);
    } catch (error) {
      if (error instanceof ProviderIdempotencyError) throw new AppError('payment.idempotency_mismatch');
      throw error;
    }
    const base = {
      userId: request.userId,
      methodId: request.method.id,
      subscriptionId: request.subscriptionId,
      idempotencyKey: request.idempotencyKey,
      amountCents,
      currency: 'EUR',
      purpose: request.purpose,
      description: request.description,
      methodBrand: request.method.brand,
      methodLast4: request.method.last4,
      provider: provider.name,
      // The product's clock (a test clock may be ahead): the invoice is dated from the payment.
      createdAt: clock(),
    } as const;

    if (!result.ok) {
      const failureCode = `payment.${result.reason}` as const;
      const failed = await repo.transaction(async (tx) => {
        const row = await repo.insertPayment(tx, { ...base, status: 'failed', failureCode });
        if (row) await events.publish('payment.failed', { paymentId: row.id, userId: request.userId, amountCents, currency: 'EUR' }, tx);
        return row;
      });
      if (!failed) return replay((await repo.paymentByKey(request.userId, request.idempotencyKey))!, amountCents);
      throw new AppError(failureCode);
    }

    const paid = await repo.transaction(async (tx) => {
      // The balance is read again under its lock: a concurrent charge that used it first wins, this one stops before recording.
      if (appliedCents > 0 && (await repo.lockBalance(tx, request.userId)) < appliedCents) throw new AppError('request.conflict');
      const row = await repo.insertPayment(tx, { ...base, status: 'succeeded', providerChargeRef: result.chargeRef });
      if (!row) return undefined; // a concurrent request with the same key recorded it
      if (appliedCents > 0)
        await repo.addCredit(tx, { userId: request.userId, paymentId: row.id, kind: 'applied', amountCents: -appliedCents });
      if (creditToBalance > 0)
        await repo.addCredit(tx, { userId: request.userId, paymentId: row.id, kind: 'plan_change', amountCents: creditToBalance });
      await request.apply(tx, row);
      await events.publish('payment.succeeded', { paymentId: row.id, userId: request.userId, amountCents, currency: 'EUR' }, tx);
      // The invoice last: from its numbering to COMMIT every other issuer of the series waits, so
      // nothing that can run before it (the change, the event) runs after it.
      const invoice = await issueInvoice(tx, {
        userId: request.userId,
        paymentId: row.id,
        currency: 'EUR',
        locale: request.locale,
        issuedAt: row.createdAt,
        lines,
        taxRule: request.taxRule,
      });
      return repo.setInvoice(tx, row.id, invoice.id, invoice.number);
    });
    if (!paid) return replay((await repo.paymentByKey(request.userId, request.idempotencyKey))!, amountCents);
    return paid;
  }
  return charge;
}
